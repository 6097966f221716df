import { AuthPage, authPageHead } from '../remote/auth-page';

export default AuthPage;
export const Head = authPageHead('Reactivate your free trial');
