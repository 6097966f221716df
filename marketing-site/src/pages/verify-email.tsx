import { routes } from '@dcipher/shared/routes';
import { authPage, authPageHead } from '../remote/auth-page';

export default authPage(routes.verifyEmail);
export const Head = authPageHead(routes.verifyEmail.title);
