import { routes } from '@dcipher/shared/routes';
import { authPage, authPageHead } from '../remote/auth-page';

export default authPage(routes.reactivateTrial);
export const Head = authPageHead(routes.reactivateTrial.title);
