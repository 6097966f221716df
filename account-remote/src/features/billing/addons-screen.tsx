import { authenticatedApi } from '@dcipher/shared/auth';
import { type AddOnPackage, contract, type OwnedAddOn } from '@dcipher/shared/contract';
import { can } from '@dcipher/shared/domain';
import { formatDate, formatMoney } from '@dcipher/shared/format';
import { Button, Notice, theme } from '@dcipher/shared/ui';
import { useState } from 'react';
import { useAccount } from '../../kit/account-context';
import type { AccountScreenProps } from '../../kit/account-screen';
import { contractQuery, useContractMutation, useLoads } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { ChargeConfirmation, useConfirmedPurchase } from '../../kit/purchase';
import { scheduledPlanName } from '../../kit/scheduled-plan-text';
import { ScreenSection } from '../../kit/screen-section';
import { RouteLink } from '../../router/remote-router';
import { purchaseFigures } from './purchase-figures';

/** /addons, "Add-ons": my add-ons for this period and the packages to buy (docs/decisions/0041). */
export default function AddOnsScreen({ navigate }: AccountScreenProps) {
  const { account } = useAccount();
  const mayBuy = can({ kind: 'user', role: account.role }, 'add-on-packages', 'create');
  const { result, reload } = useLoads({
    owned: contractQuery(contract.credits.listOwnedAddOns),
    packages: contractQuery(contract.credits.listAddOnPackages),
    summary: contractQuery(contract.subscriptions.getSubscriptionSummary),
  });
  const [done, setDone] = useState<string>();
  // Bought, the add-ons owned, the usage and the invoices are read again (kit/invalidations.ts).
  const purchaseAddOn = useContractMutation(contract.credits.purchaseAddOn);
  const purchase = useConfirmedPurchase({
    quote: (addOn: AddOnPackage) =>
      authenticatedApi().call(contract.credits.getAddOnQuote, { query: { packageId: addOn.id } }),
    buy: (addOn, idempotencyKey) =>
      purchaseAddOn.mutateAsync({ body: { packageId: addOn.id, idempotencyKey } }),
    onBought: (bought, addOn) => {
      setDone(
        `${addOn.name} added until ${formatDate(bought.addOn.validUntil)}: ${formatMoney(bought.invoice.total, bought.invoice.currency)} paid (invoice ${bought.invoice.number}). A receipt is on its way by email.`,
      );
    },
  });

  return (
    <LoadState load={result} loadingText="Loading your add-ons…" onRetry={() => void reload()}>
      {({ owned, packages, summary }) => {
        const currency = summary.currency;
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
              {!hasPlan && summary.state === 'trialing' && summary.trialPlan ? (
                // A plan picked during the trial (docs/decisions/0113): add-ons add to it once it has started.
                <p css={{ marginTop: 0 }} data-testid="addons-scheduled-plan">
                  Add-ons add to a paid plan for the rest of its period. Your{' '}
                  {scheduledPlanName(summary.trialPlan)} plan starts on{' '}
                  {formatDate(summary.trialPlan.startsAt)} when your free trial ends: you can buy add-ons from
                  then. Until then your trial includes {summary.trialPlan.name}’s quotas. See it on{' '}
                  <RouteLink to="subscription" navigate={navigate}>
                    Subscription details
                  </RouteLink>
                  .
                </p>
              ) : !hasPlan ? (
                <p css={{ marginTop: 0 }}>
                  Add-ons add to a paid plan for the rest of its period.{' '}
                  <RouteLink to="subscriptionOptions" navigate={navigate}>
                    Choose a plan first
                  </RouteLink>
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
                      <Button
                        disabled={purchase.pending !== undefined}
                        onClick={() => {
                          setDone(undefined);
                          purchase.open(addOn);
                        }}
                      >
                        Buy {addOn.name}
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </ScreenSection>
            {purchase.pending ? (
              <ChargeConfirmation
                title={`Buy ${purchase.pending.item.name}`}
                what={`${purchase.pending.item.description}, for the rest of your plan's current period${
                  purchase.pending.quote?.validUntil
                    ? ` (until ${formatDate(purchase.pending.quote.validUntil)})`
                    : ''
                }.`}
                figures={purchase.pending.quote && purchaseFigures(purchase.pending.quote)}
                loading={purchase.loading}
                busy={purchase.busy}
                error={purchase.error}
                onConfirm={purchase.confirm}
                onCancel={purchase.cancel}
              />
            ) : null}
          </>
        );
      }}
    </LoadState>
  );
}
