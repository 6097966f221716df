import type { SubscriptionSummary } from '@dcipher/shared/contract';
import { formatDate } from '@dcipher/shared/format';
import { Button, TextField } from '@dcipher/shared/ui';
import { useId, useState } from 'react';
import { ChargeConfirmation } from '../../kit/purchase';
import { planChangeFigures } from './purchase-figures';
import type { Choice, usePlanChange } from './use-plan-change';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The confirmation of a plan change (docs/decisions/0078): what the plan costs with VAT and when it is charged.
 * During the free trial the customer chooses: keep the trial (the plan starts, and is charged, when it ends; the
 * days left are said) or start now (charged today, the trial ends). A promo code re-prices the quote.
 */
export function PlanChangeDialog({
  choice,
  summary,
  pricing,
  paying,
  error,
  promoError,
  startNow,
  onStartNow,
  onPromo,
  onConfirm,
  onCancel,
}: {
  choice: Choice;
  summary: SubscriptionSummary;
  pricing: boolean;
  paying: boolean;
  error: string | undefined;
  promoError: string | undefined;
  startNow: boolean;
  onStartNow: (startNow: boolean) => void;
  onPromo: (code: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [promo, setPromo] = useState(choice.promoCode);
  const groupId = useId();
  const { quote, plan } = choice;
  const inTrial = summary.state === 'trialing' && summary.plan === null && summary.endsAt !== null;
  const trialEnd = summary.endsAt ? formatDate(summary.endsAt) : '';
  const daysLeft = summary.daysLeft ?? 0;
  const what =
    quote?.kind === 'downgrade'
      ? `Move to ${plan.name} (${plan.billingPeriod}) when your current period ends.`
      : quote?.kind === 'upgrade'
        ? `Upgrade to ${plan.name} (${plan.billingPeriod}) now, for the rest of your current period.`
        : inTrial && !startNow
          ? `${plan.name} (${plan.billingPeriod}) starts when your free trial ends on ${trialEnd}. You keep the ${plural(daysLeft, 'day')} of trial left; billing starts on ${trialEnd}.`
          : inTrial
            ? `${plan.name} (${plan.billingPeriod}) starts today and your free trial ends now (${plural(daysLeft, 'day')} left are given up).`
            : `${plan.name} (${plan.billingPeriod}) starts today.`;
  return (
    <ChargeConfirmation
      title={`Confirm ${plan.name} (${plan.billingPeriod})`}
      what={what}
      figures={quote && planChangeFigures(quote, plan.billingPeriod)}
      loading={pricing}
      busy={paying}
      error={error}
      confirmLabel={(total) =>
        quote?.kind === 'downgrade'
          ? `Switch to ${plan.name} on ${formatDate(quote.effectiveAt)}`
          : inTrial && !startNow
            ? `Choose ${plan.name}: ${total} on ${trialEnd}`
            : `Pay ${total} now`
      }
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {inTrial ? (
        <fieldset css={{ border: 0, padding: 0, margin: '0 0 1rem' }} aria-describedby={groupId}>
          <legend css={{ fontWeight: 600, marginBottom: '0.35rem' }}>When should the plan start?</legend>
          <p id={groupId} css={{ margin: '0 0 0.5rem' }}>
            Your free trial has {plural(daysLeft, 'day')} left (until {trialEnd}).
          </p>
          <label css={{ display: 'flex', gap: '0.5rem', alignItems: 'baseline', marginBottom: '0.35rem' }}>
            <input
              type="radio"
              name="plan-start"
              checked={!startNow}
              onChange={() => onStartNow(false)}
              data-autofocus
            />
            <span>Keep my free trial: start and pay when it ends on {trialEnd}</span>
          </label>
          <label css={{ display: 'flex', gap: '0.5rem', alignItems: 'baseline' }}>
            <input type="radio" name="plan-start" checked={startNow} onChange={() => onStartNow(true)} />
            <span>Start now: pay today, and the free trial ends</span>
          </label>
        </fieldset>
      ) : null}
      {quote && quote.kind !== 'downgrade' ? (
        <form
          aria-label="Promo code"
          onSubmit={(event) => {
            event.preventDefault();
            onPromo(promo);
          }}
          css={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-end',
            gap: '0.5rem',
            marginBottom: '0.75rem',
          }}
        >
          <div css={{ flex: '1 1 10rem' }}>
            <TextField
              label="Promo code (optional)"
              name="promoCode"
              value={promo}
              onChange={(event) => setPromo(event.target.value)}
              error={promoError}
            />
          </div>
          <Button type="submit" variant="secondary" disabled={pricing}>
            Apply
          </Button>
        </form>
      ) : null}
    </ChargeConfirmation>
  );
}

/** The open plan change of `usePlanChange`, if any, confirmed in its dialog: what both plan screens show. */
export function PlanChangeConfirmation({
  change,
  summary,
}: {
  change: ReturnType<typeof usePlanChange>;
  summary: SubscriptionSummary;
}) {
  const { choice } = change;
  if (!choice) return null;
  return (
    <PlanChangeDialog
      choice={choice}
      summary={summary}
      pricing={change.pricing}
      paying={change.paying}
      error={change.error}
      promoError={change.promoError}
      startNow={change.startNow}
      onStartNow={change.chooseStartNow}
      onPromo={(promoCode) => void change.price({ ...choice, promoCode })}
      onConfirm={() => void change.pay(summary)}
      onCancel={change.cancel}
    />
  );
}
