import { PrerenderedSignup } from '@dcipher/account-remote/prerender';
import { routes } from '@dcipher/shared/routes';
import { authPage, authPageHead } from '../remote/auth-page';

// The page's HTML carries the sign-up form, rendered from the remote's own screen at build time (0083). An
// invitation link (/signup?invitation=…) opens another screen of the remote: that HTML is not hydrated then.
export default authPage(routes.signup, {
  prerendered: PrerenderedSignup,
  fits: () => !new URLSearchParams(window.location.search).has('invitation'),
});
export const Head = authPageHead(routes.signup.title);
