import { authenticatedApi } from '@dcipher/shared/auth';
import { type CreditTransaction, contract, type WalletPackage } from '@dcipher/shared/contract';
import { can } from '@dcipher/shared/domain';
import { formatDate, formatMoney, formatTime } from '@dcipher/shared/format';
import { Button, Notice, theme } from '@dcipher/shared/ui';
import { useState } from 'react';
import { useAccount } from '../../kit/account-context';
import { contractQuery, useContractMutation, useLoads } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { ChargeConfirmation, useConfirmedPurchase } from '../../kit/purchase';
import { ScreenSection } from '../../kit/screen-section';
import { mapLoad } from '../../kit/use-api-load';
import { currencyNames, purchaseFigures } from './purchase-figures';

const numberFormat = new Intl.NumberFormat('en-GB');

/** /payment/wallet, "Wallet": the credit balance, packages to buy and the ledger (docs/decisions/0041). */
export default function WalletScreen() {
  const { account } = useAccount();
  const mayBuy = can({ kind: 'user', role: account.role }, 'wallet-transaction', 'create');
  const reads = useLoads({
    balance: contractQuery(contract.credits.getCustomerCredits),
    packages: contractQuery(contract.credits.listWalletPackages),
    ledger: contractQuery(contract.credits.listCreditTransactions, { query: {} }),
    summary: contractQuery(contract.subscriptions.getSubscriptionSummary),
  });
  const { reload } = reads;
  const result = mapLoad(reads.result, ({ balance, packages, ledger, summary }) => ({
    balance: balance.balance,
    packages,
    ledger,
    currency: summary.currency,
  }));
  const [done, setDone] = useState<string>();
  // Bought, the balance, the ledger and the invoices are read again (kit/invalidations.ts).
  const buyCredits = useContractMutation(contract.credits.buyCredits);
  const purchase = useConfirmedPurchase({
    quote: (walletPackage: WalletPackage) =>
      authenticatedApi().call(contract.credits.getCreditsQuote, { query: { packageId: walletPackage.id } }),
    buy: (walletPackage, idempotencyKey) =>
      buyCredits.mutateAsync({ body: { packageId: walletPackage.id, idempotencyKey } }),
    onBought: (bought, walletPackage) => {
      setDone(
        `${walletPackage.name} added: ${formatMoney(bought.invoice.total, bought.invoice.currency)} paid (invoice ${bought.invoice.number}). A receipt is on its way by email.`,
      );
    },
  });

  return (
    <LoadState load={result} loadingText="Loading your wallet…" onRetry={() => void reload()}>
      {({ balance, packages, ledger, currency }) => (
        <>
          <ScreenSection title="Balance">
            <p css={{ margin: 0, fontSize: '1.6rem', fontWeight: 700 }} data-testid="credit-balance">
              {numberFormat.format(balance)} credits
            </p>
            <p css={{ marginBottom: 0, color: theme.colors.muted }} data-testid="credits-explained">
              Credits pay for usage beyond your plan’s quotas at the pay-as-you-go prices, which are listed in
              credits. You buy them in {currencyNames[currency]}
              {packages[0]
                ? `: ${numberFormat.format(packages[0].credits)} credits cost ${formatMoney(packages[0].prices[currency], currency)} plus VAT where it applies`
                : ''}
              .
            </p>
          </ScreenSection>
          {mayBuy ? (
            <ScreenSection title="Buy credits">
              {done ? <Notice>{done}</Notice> : null}
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
                    <Button
                      disabled={purchase.pending !== undefined}
                      onClick={() => {
                        setDone(undefined);
                        purchase.open(walletPackage);
                      }}
                    >
                      Buy {walletPackage.name}
                    </Button>
                  </li>
                ))}
              </ul>
            </ScreenSection>
          ) : null}
          {purchase.pending ? (
            <ChargeConfirmation
              title={`Buy ${purchase.pending.item.name}`}
              what={`${numberFormat.format(purchase.pending.item.credits)} credits for your wallet. Credits do not expire.`}
              figures={purchase.pending.quote && purchaseFigures(purchase.pending.quote)}
              loading={purchase.loading}
              busy={purchase.busy}
              error={purchase.error}
              onConfirm={purchase.confirm}
              onCancel={purchase.cancel}
            />
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
