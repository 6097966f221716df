import { pathTo } from './browser-routes.js';

/**
 * The absolute browser links the API puts in emails (and the SSO redirect URI), built from the declared routes so
 * a renamed page cannot leave a dead link in an inbox. `webUrl` is the site's origin without a trailing slash
 * (the API's `WEB_URL`).
 */
export const emailLinks = {
  login: (webUrl: string) => `${webUrl}${pathTo('login')}`,
  /** The OpenID Connect redirect URI registered with identity providers. */
  ssoLogin: (webUrl: string) => `${webUrl}${pathTo('ssoLogin')}`,
  forgotPassword: (webUrl: string) => `${webUrl}${pathTo('forgotPassword')}`,
  newPassword: (webUrl: string, token: string) => `${webUrl}${pathTo('newPassword', { token })}`,
  verifyEmail: (webUrl: string, token: string) => `${webUrl}${pathTo('verifyEmail', {}, { token })}`,
  /** Sign-up with the address filled in, or an invitation's acceptance page. */
  signup: (webUrl: string, target: { email: string } | { invitation: string }) =>
    `${webUrl}${pathTo('signup', {}, target)}`,
  /** The invitation's page, opened on "decline" (docs/decisions/0035): the invitee confirms there. */
  declineInvitation: (webUrl: string, token: string) =>
    `${webUrl}${pathTo('signup', {}, { invitation: token, decline: 'yes' })}`,
  unsubscribe: (webUrl: string, email: string, token: string) =>
    `${webUrl}${pathTo('unsubscribe', {}, { email, token })}`,
  reactivateTrial: (webUrl: string, token: string) => `${webUrl}${pathTo('reactivateTrial', {}, { token })}`,
  account: (webUrl: string) => `${webUrl}${pathTo('account')}`,
  productUpdates: (webUrl: string) => `${webUrl}${pathTo('productUpdates')}`,
} as const;
