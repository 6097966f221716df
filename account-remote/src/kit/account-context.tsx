import { authenticatedApi } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { type Account, contract } from '@dcipher/shared/contract';
import { errorCatalogue } from '@dcipher/shared/validation';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

export type AccountLoad =
  | { state: 'loading' }
  | { state: 'loaded'; account: Account }
  | { state: 'failed'; message: string };

interface AccountContextValue {
  /** The signed-in user's account as loaded; the shell only renders screens once it is loaded. */
  account: Account;
  /** Replaces the account after a screen changed it (the answer of PUT /account), without a reload. */
  replaceAccount: (account: Account) => void;
  /** Ends the local session on purpose (log out, account deleted) and leaves for `to`, not for /login. */
  leaveAccountArea: (to: string) => Promise<void>;
}

/**
 * `PUT /account` replaces the whole profile: the profile form and the email opt-in both start from the account as
 * loaded (a missing optional field as an empty text box), so saving one never clears the other.
 */
export const profileFormValues = (account: Account) => ({
  firstName: account.firstName,
  lastName: account.lastName,
  email: account.email,
  phone: account.phone ?? '',
  company: account.company ?? '',
  jobTitle: account.jobTitle ?? '',
  receiveEmails: account.receiveEmails,
});

const AccountContext = createContext<AccountContextValue | undefined>(undefined);

/** The account every account screen works on, loaded once by the shell. */
export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('useAccount is used outside the account area');
  return value;
}

/** Loads GET /account once signed in; `retry` after a failed load. */
export function useAccountLoad(enabled: boolean) {
  const [load, setLoad] = useState<AccountLoad>({ state: 'loading' });
  const retry = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      setLoad({ state: 'loaded', account: await authenticatedApi().call(contract.account.getAccount) });
    } catch (error) {
      setLoad({
        state: 'failed',
        message: error instanceof ApiError ? error.message : errorCatalogue.serverError,
      });
    }
  }, []);
  useEffect(() => {
    if (enabled) void retry();
  }, [enabled, retry]);
  const replaceAccount = useCallback((account: Account) => setLoad({ state: 'loaded', account }), []);
  return { load, retry, replaceAccount };
}

export function AccountProvider({
  account,
  replaceAccount,
  leaveAccountArea,
  children,
}: AccountContextValue & { children: ReactNode }) {
  const value = useMemo(
    () => ({ account, replaceAccount, leaveAccountArea }),
    [account, replaceAccount, leaveAccountArea],
  );
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}
