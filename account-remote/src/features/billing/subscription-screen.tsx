import { authenticatedApi } from '@dcipher/shared/auth';
import { contract, type SubscriptionSummary } from '@dcipher/shared/contract';
import { can } from '@dcipher/shared/domain';
import { formatDate, formatMoney } from '@dcipher/shared/format';
import { pathTo } from '@dcipher/shared/routes';
import { Alert, Button, Notice, theme } from '@dcipher/shared/ui';
import { useState } from 'react';
import { useAccount } from '../../kit/account-context';
import type { AccountScreenProps } from '../../kit/account-screen';
import { contractQuery, useContractMutation, useLoad } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { ChargeConfirmation, useConfirmedPurchase } from '../../kit/purchase';
import { scheduledPlanName } from '../../kit/scheduled-plan-text';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf } from '../../kit/use-api-load';
import { newIdempotencyKey } from './idempotency-key';
import { TrialState, trialIncludesText } from './plan-options-screen';
import { purchaseFigures } from './purchase-figures';
import { ScheduledPlanActions, ScheduledPlanRows } from './scheduled-plan';
import { UsageSection } from './usage-section';

const stateTone: Record<SubscriptionSummary['state'], string> = {
  trialing: theme.colors.brand,
  active: '#116329',
  past_due: theme.colors.danger,
  expired: theme.colors.danger,
};

/** /subscription, "Subscription details": the plan, its status label (spec section 4), the days left. */
export default function SubscriptionScreen({ navigate }: AccountScreenProps) {
  const { account } = useAccount();
  const mayChange = can({ kind: 'user', role: account.role }, 'subscription', 'update');
  const { result, reload } = useLoad(contractQuery(contract.subscriptions.getSubscriptionSummary));
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  // Each change reads the summary (and usage, invoices) again wherever shown (kit/invalidations.ts).
  const payOutstanding = useContractMutation(contract.subscriptions.payOutstandingInvoice);
  const keepPlan = useContractMutation(contract.subscriptions.changeSubscription);
  const cancelPlan = useContractMutation(contract.subscriptions.cancelSubscription);

  // Paying a renewal is a charge like any other: quoted, then confirmed (docs/decisions/0078).
  const renewal = useConfirmedPurchase({
    quote: (_item: 'renewal') => authenticatedApi().call(contract.subscriptions.getOutstandingQuote),
    buy: () => payOutstanding.mutateAsync({}),
    onBought: () => {
      setDone('Paid: your plan is active again. A receipt is on its way by email.');
    },
  });

  async function act(action: () => Promise<unknown>, message: string) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      setDone(message);
      setAsking(false);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <ScreenSection title="Your plan">
        <LoadState load={result} loadingText="Loading your plan…" onRetry={() => void reload()}>
          {(summary: SubscriptionSummary) => (
            <>
              {done ? <Notice>{done}</Notice> : null}
              <p css={{ margin: '0 0 1rem' }}>
                <span
                  data-testid="plan-status"
                  css={{
                    display: 'inline-block',
                    padding: '0.2rem 0.6rem',
                    borderRadius: '999px',
                    border: `2px solid ${stateTone[summary.state]}`,
                    color: stateTone[summary.state],
                    fontWeight: 700,
                  }}
                >
                  {summary.label}
                </span>
              </p>
              <TrialState summary={summary} />
              <dl
                css={{
                  display: 'grid',
                  // From 320 px: each term above its value; side by side once both fit.
                  gridTemplateColumns: 'minmax(0, 1fr)',
                  gap: '0.15rem 1.25rem',
                  margin: '0 0 1.25rem',
                  '& dd + dt': { marginTop: '0.35rem' },
                  '@media (min-width: 30rem)': {
                    gridTemplateColumns: 'max-content minmax(0, 1fr)',
                    gap: '0.4rem 1.25rem',
                    '& dd + dt': { marginTop: 0 },
                  },
                }}
              >
                <dt css={{ fontWeight: 600 }}>Plan</dt>
                <dd css={{ margin: 0 }}>
                  {summary.plan
                    ? `${summary.plan.name} (${summary.plan.billingPeriod}), ${formatMoney(summary.plan.price, summary.plan.currency)} per ${summary.plan.billingPeriod === 'annual' ? 'year' : 'month'}`
                    : summary.state === 'trialing'
                      ? summary.trialPlan
                        ? `Free trial, then ${scheduledPlanName(summary.trialPlan)}`
                        : trialIncludesText(summary)
                      : 'No plan'}
                </dd>
                {summary.endsAt ? (
                  <>
                    <dt css={{ fontWeight: 600 }}>
                      {summary.plan
                        ? summary.cancelAtPeriodEnd
                          ? 'Ends on'
                          : 'Renews on'
                        : summary.state === 'trialing'
                          ? 'Trial ends on'
                          : 'Trial ended on'}
                    </dt>
                    <dd css={{ margin: 0 }}>
                      <time dateTime={summary.endsAt}>{formatDate(summary.endsAt)}</time>
                      {summary.daysLeft !== null ? ` (${summary.daysLeft} days left)` : ''}
                    </dd>
                  </>
                ) : null}
                {summary.trialPlan ? <ScheduledPlanRows plan={summary.trialPlan} /> : null}
                {summary.scheduledPlan ? (
                  <>
                    <dt css={{ fontWeight: 600 }}>From then on</dt>
                    <dd css={{ margin: 0 }}>{summary.scheduledPlan.name}</dd>
                  </>
                ) : null}
              </dl>
              {summary.state === 'expired' || summary.state === 'past_due' ? (
                <Alert>
                  {summary.state === 'expired'
                    ? 'Your organization has no active plan: choose one to go on using Dcipher.'
                    : 'The renewal payment failed: check your card on the payment method page, then pay the renewal.'}
                </Alert>
              ) : null}
              {error ? <Alert>{error}</Alert> : null}
              {renewal.pending ? (
                <ChargeConfirmation
                  title="Pay the renewal"
                  what={`The renewal of your plan${
                    renewal.pending.quote?.validUntil
                      ? `, until ${formatDate(renewal.pending.quote.validUntil)}`
                      : ''
                  }. Your plan is active again once paid.`}
                  figures={renewal.pending.quote && purchaseFigures(renewal.pending.quote)}
                  loading={renewal.loading}
                  busy={renewal.busy}
                  error={renewal.error}
                  onConfirm={renewal.confirm}
                  onCancel={renewal.cancel}
                />
              ) : null}
              {mayChange ? (
                <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
                  {summary.state === 'past_due' ? (
                    <Button
                      disabled={busy || renewal.pending !== undefined}
                      onClick={() => {
                        setDone(undefined);
                        renewal.open('renewal');
                      }}
                    >
                      Pay the renewal now
                    </Button>
                  ) : null}
                  {summary.trialPlan ? (
                    <ScheduledPlanActions
                      summary={summary}
                      plan={summary.trialPlan}
                      navigate={navigate}
                      onCancelled={setDone}
                    />
                  ) : (
                    <Button
                      variant={summary.state === 'past_due' ? 'secondary' : 'primary'}
                      onClick={() => navigate(pathTo('subscriptionOptions'))}
                    >
                      {summary.plan ? 'Change plan' : 'Choose a plan'}
                    </Button>
                  )}
                  {summary.plan && (summary.cancelAtPeriodEnd || summary.scheduledPlan) ? (
                    <Button
                      variant="secondary"
                      disabled={busy}
                      onClick={() =>
                        void act(
                          () =>
                            keepPlan.mutateAsync({
                              body: { planId: summary.plan!.id, idempotencyKey: newIdempotencyKey() },
                            }),
                          `You keep ${summary.plan!.name}.`,
                        )
                      }
                    >
                      Keep {summary.plan.name}
                    </Button>
                  ) : null}
                  {summary.plan && !summary.cancelAtPeriodEnd && summary.state === 'active' && !asking ? (
                    <Button variant="secondary" onClick={() => setAsking(true)}>
                      Cancel plan…
                    </Button>
                  ) : null}
                </div>
              ) : (
                <p css={{ color: theme.colors.muted, margin: 0 }}>
                  Only your organization’s admins can change the plan.
                </p>
              )}
              {asking && summary.plan ? (
                <fieldset css={{ border: 'none', margin: '1rem 0 0', padding: 0 }}>
                  <legend css={{ padding: 0, marginBottom: '0.5rem' }}>
                    Cancel {summary.plan.name}? It stays active until{' '}
                    {summary.endsAt ? formatDate(summary.endsAt) : 'the end of the period'}, and you can keep
                    it until then. Nothing more is charged.
                  </legend>
                  <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
                    <Button
                      variant="danger"
                      disabled={busy}
                      onClick={() =>
                        void act(
                          () => cancelPlan.mutateAsync({}),
                          'Your plan is cancelled at the end of the period.',
                        )
                      }
                    >
                      {busy ? 'Cancelling…' : 'Cancel at period end'}
                    </Button>
                    <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
                      Keep my plan
                    </Button>
                  </div>
                </fieldset>
              ) : null}
            </>
          )}
        </LoadState>
      </ScreenSection>
      <UsageSection />
    </>
  );
}
