import { contract, type ScheduledTrialPlan, type SubscriptionSummary } from '@dcipher/shared/contract';
import { formatDate, formatMoney } from '@dcipher/shared/format';
import { pathTo } from '@dcipher/shared/routes';
import { Button } from '@dcipher/shared/ui';
import { useState } from 'react';
import { ConfirmationDialog } from '../../kit/confirmation-dialog';
import { useContractMutation } from '../../kit/contract-query';
import { scheduledPlanName } from '../../kit/scheduled-plan-text';
import { messageOf } from '../../kit/use-api-load';

/** "€139.00, VAT included (€27.80)", or with the reverse charge. */
export const scheduledPlanTotal = (plan: ScheduledTrialPlan) =>
  plan.reverseCharge
    ? `${formatMoney(plan.total, plan.currency)}, VAT reverse charged`
    : `${formatMoney(plan.total, plan.currency)}, VAT included (${formatMoney(plan.vat, plan.currency)})`;

/** "WELCOME20: −€27.80 before VAT", or null without a promo code. */
export const scheduledPlanPromo = (plan: ScheduledTrialPlan) =>
  plan.promoCode && plan.discount > 0
    ? `${plan.promoCode}: −${formatMoney(plan.discount, plan.currency)} before VAT`
    : null;

/** The rows of Subscription details' list for the scheduled plan: the plan and date, the amount, the promo code. */
export function ScheduledPlanRows({ plan }: { plan: ScheduledTrialPlan }) {
  const promo = scheduledPlanPromo(plan);
  return (
    <>
      <dt css={{ fontWeight: 600 }}>Scheduled plan</dt>
      <dd css={{ margin: 0 }} data-testid="scheduled-plan">
        {scheduledPlanName(plan)}, starts on <time dateTime={plan.startsAt}>{formatDate(plan.startsAt)}</time>
      </dd>
      <dt css={{ fontWeight: 600 }}>Due on {formatDate(plan.startsAt)}</dt>
      <dd css={{ margin: 0 }} data-testid="scheduled-plan-total">
        {scheduledPlanTotal(plan)}
      </dd>
      {promo ? (
        <>
          <dt css={{ fontWeight: 600 }}>Promo code</dt>
          <dd css={{ margin: 0 }} data-testid="scheduled-plan-promo">
            {promo}
          </dd>
        </>
      ) : null}
    </>
  );
}

/**
 * Change or cancel the scheduled plan (admins): "Change plan" goes to Available plans (where it can also be started
 * now, its promo code kept); "Cancel scheduled plan…" asks in a confirmation dialog (focus moved into it) first.
 */
export function ScheduledPlanActions({
  summary,
  plan,
  navigate,
  onCancelled,
}: {
  summary: SubscriptionSummary;
  plan: ScheduledTrialPlan;
  navigate: (to: string) => void;
  /** Called once the summary shown everywhere has been read again (kit/invalidations.ts). */
  onCancelled: (message: string) => void;
}) {
  const cancelTrialPlan = useContractMutation(contract.subscriptions.cancelTrialPlan);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const date = formatDate(plan.startsAt);

  async function cancel() {
    setBusy(true);
    setError(undefined);
    try {
      await cancelTrialPlan.mutateAsync({});
      setAsking(false);
      onCancelled(
        `${scheduledPlanName(plan)} is cancelled: nothing is charged on ${date}. A confirmation is on its way by email.`,
      );
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button onClick={() => navigate(pathTo('subscriptionOptions'))}>Change plan</Button>
      <Button
        variant="secondary"
        onClick={() => {
          setError(undefined);
          setAsking(true);
        }}
      >
        Cancel scheduled plan…
      </Button>
      {asking ? (
        <ConfirmationDialog
          title={`Cancel ${scheduledPlanName(plan)}?`}
          confirmLabel="Cancel scheduled plan"
          cancelLabel={`Keep ${plan.name}`}
          busyLabel="Cancelling…"
          tone="danger"
          busy={busy}
          error={error}
          onConfirm={() => void cancel()}
          onCancel={() => setAsking(false)}
        >
          <p css={{ margin: 0 }}>
            {scheduledPlanName(plan)} will not start on {date}, and the{' '}
            {formatMoney(plan.total, plan.currency)} due then is not charged. Your free trial goes on until{' '}
            {date}
            {summary.daysLeft !== null ? ` (${summary.daysLeft} days left)` : ''}: choose a plan before then
            to go on using Dcipher after it.
          </p>
        </ConfirmationDialog>
      ) : null}
    </>
  );
}
