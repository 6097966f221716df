import { authenticatedApi } from '@dcipher/shared/auth';
import { type CreditTransaction, contract, type WalletPackage } from '@dcipher/shared/contract';
import { can } from '@dcipher/shared/domain';
import { formatDate, formatMoney, formatTime } from '@dcipher/shared/format';
import { Alert, Button, Notice, theme } from '@dcipher/shared/ui';
import { useState } from 'react';
import { useAccount } from '../../kit/account-context';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf, useApiLoad } from '../../kit/use-api-load';
import { newIdempotencyKey } from './idempotency-key';

const numberFormat = new Intl.NumberFormat('en-GB');

/** /payment/wallet, "Wallet": the credit balance, packages to buy and the ledger (docs/decisions/0041). */
export default function WalletScreen() {
  const { account } = useAccount();
  const mayBuy = can({ kind: 'user', role: account.role }, 'wallet-transaction', 'create');
  const { result, reload } = useApiLoad(async () => {
    const [balance, packages, ledger, summary] = await Promise.all([
      authenticatedApi().call(contract.credits.getCustomerCredits),
      authenticatedApi().call(contract.credits.listWalletPackages),
      authenticatedApi().call(contract.credits.listCreditTransactions, { query: {} }),
      authenticatedApi().call(contract.subscriptions.getSubscriptionSummary),
    ]);
    return { balance: balance.balance, packages, ledger, currency: summary.plan?.currency ?? 'usd' };
  });
  const [buying, setBuying] = useState<{ id: string; key: string }>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();

  async function buy(walletPackage: WalletPackage) {
    // One key per package choice: a double click or a retry buys once.
    const key = buying?.id === walletPackage.id ? buying.key : newIdempotencyKey();
    setBuying({ id: walletPackage.id, key });
    setError(undefined);
    setDone(undefined);
    try {
      const bought = await authenticatedApi().call(contract.credits.buyCredits, {
        body: { packageId: walletPackage.id, idempotencyKey: key },
      });
      setDone(
        `${walletPackage.name} added: ${formatMoney(bought.invoice.total, bought.invoice.currency)} paid (invoice ${bought.invoice.number}).`,
      );
      setBuying(undefined);
      await reload();
    } catch (failure) {
      setError(messageOf(failure));
      setBuying(undefined);
    }
  }

  return (
    <LoadState load={result} loadingText="Loading your wallet…" onRetry={() => void reload()}>
      {({ balance, packages, ledger, currency }) => (
        <>
          <ScreenSection title="Balance">
            <p css={{ margin: 0, fontSize: '1.6rem', fontWeight: 700 }} data-testid="credit-balance">
              {numberFormat.format(balance)} credits
            </p>
            <p css={{ marginBottom: 0, color: theme.colors.muted }}>
              Credits pay for usage beyond your plan’s quotas at the pay-as-you-go prices; one credit is worth
              one US cent of that price list.
            </p>
          </ScreenSection>
          {mayBuy ? (
            <ScreenSection title="Buy credits">
              {done ? <Notice>{done}</Notice> : null}
              {error ? <Alert>{error}</Alert> : null}
              <ul
                aria-label="Credit packages"
                css={{
                  listStyle: 'none',
                  margin: 0,
                  padding: 0,
                  display: 'grid',
                  gap: '0.75rem',
                  gridTemplateColumns: 'repeat(auto-fit, minmax(min(12rem, 100%), 1fr))',
                }}
              >
                {packages.map((walletPackage) => (
                  <li
                    key={walletPackage.id}
                    css={{
                      border: `1px solid ${theme.colors.border}`,
                      borderRadius: '10px',
                      padding: '1rem',
                    }}
                  >
                    <strong>{walletPackage.name}</strong>
                    <p css={{ margin: '0.25rem 0 0.75rem' }}>
                      {formatMoney(walletPackage.prices[currency], currency)} plus VAT where it applies
                    </p>
                    <Button disabled={buying !== undefined} onClick={() => void buy(walletPackage)}>
                      {buying?.id === walletPackage.id ? 'Buying…' : `Buy ${walletPackage.name}`}
                    </Button>
                  </li>
                ))}
              </ul>
            </ScreenSection>
          ) : null}
          <ScreenSection title="Transactions">
            {ledger.transactions.length === 0 ? (
              <p css={{ margin: 0, color: theme.colors.muted }}>No transactions yet.</p>
            ) : (
              <ul aria-label="Wallet transactions" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {ledger.transactions.map((entry: CreditTransaction) => (
                  <li
                    key={entry.id}
                    css={{
                      display: 'flex',
                      flexWrap: 'wrap',
                      justifyContent: 'space-between',
                      gap: '0.25rem 1rem',
                      padding: '0.6rem 0',
                      borderTop: `1px solid ${theme.colors.border}`,
                    }}
                  >
                    <span css={{ overflowWrap: 'anywhere' }}>
                      {entry.description}
                      <br />
                      <span css={{ color: theme.colors.muted }}>
                        <time dateTime={entry.createdAt}>
                          {formatDate(entry.createdAt)} {formatTime(entry.createdAt)}
                        </time>{' '}
                        · balance {numberFormat.format(entry.balance)}
                      </span>
                    </span>
                    <strong>
                      {entry.credits > 0 ? '+' : ''}
                      {numberFormat.format(entry.credits)}
                    </strong>
                  </li>
                ))}
              </ul>
            )}
          </ScreenSection>
        </>
      )}
    </LoadState>
  );
}
