import { routes } from '@dcipher/shared/routes';
import { authPage, authPageHead } from '../remote/auth-page';

export default authPage(routes.postSignup);
export const Head = authPageHead(routes.postSignup.title);
