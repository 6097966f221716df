import { routes } from '@dcipher/shared/routes';
import { authPage, authPageHead } from '../remote/auth-page';

export default authPage(routes.newPassword);
export const Head = authPageHead(routes.newPassword.title);
