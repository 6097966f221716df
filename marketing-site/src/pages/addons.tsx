import { AccountPage, AccountPageHead } from '../remote/account-page';

export default AccountPage;
export const Head = AccountPageHead;
