import type { Account } from '@dcipher/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { accountQueries } from './account-queries';
import { useRemoteQueryClient } from './query-client';
import { toApiLoad } from './use-api-load';

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

/**
 * GET /account once signed in, through the query cache (`accountQueries.account`); `retry` after a failed load, and
 * `replaceAccount` puts a screen's saved answer (PUT /account) in the cache, so every reader shows it at once.
 */
export function useAccountLoad(enabled: boolean) {
  const client = useRemoteQueryClient();
  const query = useQuery({ ...accountQueries.account(), enabled }, client);
  const loaded = toApiLoad<Account>(query);
  const load: AccountLoad = loaded.state === 'loaded' ? { state: 'loaded', account: loaded.data } : loaded;
  const { refetch } = query;
  const retry = useCallback(async () => {
    await refetch({ cancelRefetch: true });
  }, [refetch]);
  const replaceAccount = useCallback(
    (account: Account) => {
      // A read still in flight started before the change: its answer must not put the old account back.
      const { queryKey } = accountQueries.account();
      void client.cancelQueries({ queryKey });
      client.setQueryData(queryKey, account);
    },
    [client],
  );
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
