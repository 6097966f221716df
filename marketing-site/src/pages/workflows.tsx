import { AccountPage, AccountPageHead } from '../remote/account-page';

/**
 * Every path below /workflows (client-only, see gatsby-node.mjs) is rendered by the remote's AccountApp: the
 * workflows a customer lands on after signing in (docs/decisions/0071).
 */
export default AccountPage;
export const Head = AccountPageHead;
