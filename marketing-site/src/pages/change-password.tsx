import { routes } from '@dcipher/shared/routes';
import { authPage, authPageHead } from '../remote/auth-page';

export default authPage(routes.changePassword);
export const Head = authPageHead(routes.changePassword.title);
