import { PrerenderedLogin } from '@dcipher/account-remote/prerender';
import { routes } from '@dcipher/shared/routes';
import { authPage, authPageHead } from '../remote/auth-page';

// The page's HTML carries the login form, rendered from the remote's own screen at build time (0054).
export default authPage(routes.login, { prerendered: PrerenderedLogin });
export const Head = authPageHead(routes.login.title);
