import { AccountPage, AccountPageHead } from '../remote/account-page';

/** Every path below /account (client-only, see gatsby-node.mjs) is rendered by the remote's AccountApp. */
export default AccountPage;
export const Head = AccountPageHead;
