import { routes } from '@dcipher/shared/routes';
import { authPage, authPageHead } from '../remote/auth-page';

export default authPage(routes.signup);
export const Head = authPageHead(routes.signup.title);
