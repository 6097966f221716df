import { routes } from '@dcipher/shared/routes';
import { authPage, authPageHead } from '../remote/auth-page';

export default authPage(routes.unsubscribe);
export const Head = authPageHead(routes.unsubscribe.title);
