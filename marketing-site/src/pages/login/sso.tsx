import { routes } from '@dcipher/shared/routes';
import { authPage, authPageHead } from '../../remote/auth-page';

export default authPage(routes.ssoLogin);
export const Head = authPageHead(routes.ssoLogin.title);
