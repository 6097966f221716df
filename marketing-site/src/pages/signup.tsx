import { routes } from '@dcipher/shared/routes';
import { AuthPage, authPageHead } from '../remote/auth-page';

export default AuthPage;
export const Head = authPageHead(routes.signup.title);
