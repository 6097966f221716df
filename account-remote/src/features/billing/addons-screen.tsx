import { authenticatedApi } from '@dcipher/shared/auth';
import { type AddOnPackage, contract, type OwnedAddOn } from '@dcipher/shared/contract';
import { can } from '@dcipher/shared/domain';
import { formatDate, formatMoney } from '@dcipher/shared/format';
import { Alert, Button, Notice, theme } from '@dcipher/shared/ui';
import { useState } from 'react';
import { useAccount } from '../../kit/account-context';
import type { AccountScreenProps } from '../../kit/account-screen';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf, useApiLoad } from '../../kit/use-api-load';
import { newIdempotencyKey } from './idempotency-key';

/** /addons, "Add-ons": my add-ons for this period and the packages to buy (docs/decisions/0041). */
export default function AddOnsScreen({ navigate }: AccountScreenProps) {
  const { account } = useAccount();
  const mayBuy = can({ kind: 'user', role: account.role }, 'add-on-packages', 'create');
  const { result, reload } = useApiLoad(async () => {
    const [owned, packages, summary] = await Promise.all([
      authenticatedApi().call(contract.credits.listOwnedAddOns),
      authenticatedApi().call(contract.credits.listAddOnPackages),
      authenticatedApi().call(contract.subscriptions.getSubscriptionSummary),
    ]);
    return { owned, packages, summary };
  });
  const [buying, setBuying] = useState<{ id: string; key: string }>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();

  async function buy(addOn: AddOnPackage) {
    const key = buying?.id === addOn.id ? buying.key : newIdempotencyKey();
    setBuying({ id: addOn.id, key });
    setError(undefined);
    setDone(undefined);
    try {
      const bought = await authenticatedApi().call(contract.credits.purchaseAddOn, {
        body: { packageId: addOn.id, idempotencyKey: key },
      });
      setDone(
        `${addOn.name} added until ${formatDate(bought.addOn.validUntil)}: ${formatMoney(bought.invoice.total, bought.invoice.currency)} paid (invoice ${bought.invoice.number}).`,
      );
      setBuying(undefined);
      await reload();
    } catch (failure) {
      setError(messageOf(failure));
      setBuying(undefined);
    }
  }

  return (
    <LoadState load={result} loadingText="Loading your add-ons…" onRetry={() => void reload()}>
      {({ owned, packages, summary }) => {
        const currency = summary.plan?.currency ?? 'usd';
        const hasPlan = summary.plan !== null && summary.state !== 'expired';
        return (
          <>
            <ScreenSection title="My add-ons">
              {owned.length === 0 ? (
                <p css={{ margin: 0, color: theme.colors.muted }}>No add-ons this period.</p>
              ) : (
                <ul aria-label="My add-ons" css={{ margin: 0, paddingLeft: '1.25rem' }}>
                  {owned.map((addOn: OwnedAddOn) => (
                    <li key={addOn.id}>
                      {addOn.name}: {addOn.quantity.toLocaleString('en-GB')} {addOn.unit}, until{' '}
                      {formatDate(addOn.validUntil)}
                    </li>
                  ))}
                </ul>
              )}
            </ScreenSection>
            <ScreenSection title="Purchase add-on">
              {done ? <Notice>{done}</Notice> : null}
              {error ? <Alert>{error}</Alert> : null}
              {!hasPlan ? (
                <p css={{ marginTop: 0 }}>
                  Add-ons add to a paid plan for the rest of its period.{' '}
                  <a
                    href="/subscription/options"
                    onClick={(event) => {
                      event.preventDefault();
                      navigate('/subscription/options');
                    }}
                  >
                    Choose a plan first
                  </a>
                  .
                </p>
              ) : null}
              <ul aria-label="Add-on packages" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {packages.map((addOn) => (
                  <li
                    key={addOn.id}
                    css={{
                      display: 'flex',
                      flexWrap: 'wrap',
                      justifyContent: 'space-between',
                      alignItems: 'center',
                      gap: '0.5rem 1rem',
                      padding: '0.75rem 0',
                      borderTop: `1px solid ${theme.colors.border}`,
                    }}
                  >
                    <span>
                      <strong>{addOn.name}</strong>: {addOn.description}
                      <br />
                      {formatMoney(addOn.prices[currency], currency)} plus VAT where it applies
                    </span>
                    {mayBuy && hasPlan ? (
                      <Button disabled={buying !== undefined} onClick={() => void buy(addOn)}>
                        {buying?.id === addOn.id ? 'Buying…' : `Buy ${addOn.name}`}
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </ScreenSection>
          </>
        );
      }}
    </LoadState>
  );
}
