import { routes } from '@dcipher/shared/routes';
import { authPage, authPageHead } from '../remote/auth-page';

export default authPage(routes.forgotPassword);
export const Head = authPageHead(routes.forgotPassword.title);
