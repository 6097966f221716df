import type { ScheduledTrialPlan } from '@dcipher/shared/contract';
import type { CurrencyCode } from '@dcipher/shared/domain';
import { formatDate, formatMoney } from '@dcipher/shared/format';
import { pathTo } from '@dcipher/shared/routes';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { EmailMessage } from '../../adapters/mailer/mailer.js';

const planChoiceFooter =
  'You received this email because you are an admin of a Dcipher organization whose plan was chosen or changed.';

/**
 * To each admin, when a plan is picked (or changed) during the free trial (docs/decisions/0113): the plan, what
 * will be charged and when, the promo code applied, and how to change or cancel it before then. Nothing is
 * charged by this email's event.
 */
export function trialPlanScheduledEmail(to: string, webUrl: string, plan: ScheduledTrialPlan): EmailMessage {
  const money = (amount: number) => formatMoney(amount, plan.currency);
  const total = money(plan.total);
  const date = formatDate(plan.startsAt);
  const name = `${plan.name} (${plan.billingPeriod})`;
  const vatLine = plan.reverseCharge
    ? 'VAT: reverse charge (the customer accounts for VAT)'
    : `VAT (${(plan.vatRateBasisPoints / 100).toLocaleString('en-GB')} %): ${money(plan.vat)}`;
  return {
    to,
    subject: `Your Dcipher plan: ${name} starts on ${date}, ${total}`,
    tag: 'billing-plan-scheduled',
    ...renderEmailLayout({
      preheader: `${name} starts when your free trial ends on ${date}: ${total} is charged then.`,
      heading: `${name} starts on ${date}`,
      paragraphs: [
        `${name} starts when your free trial ends on ${date}. Your trial goes on until then, and nothing is ` +
          'charged before.',
        `On ${date} we charge ${total} to your card for the first ${plan.billingPeriod === 'annual' ? 'year' : 'month'}:`,
        `${name}: ${money(plan.subtotal)}`,
        ...(plan.discount > 0
          ? [`Discount${plan.promoCode ? ` (promo code ${plan.promoCode})` : ''}: −${money(plan.discount)}`]
          : []),
        vatLine,
        `Total on ${date}: ${total}`,
        'You can change or cancel this plan until then on Subscription details, or start it now.',
      ],
      action: { label: 'Change or cancel the plan', url: `${webUrl}${pathTo('subscription')}` },
      footer: planChoiceFooter,
    }),
  };
}

/** To each admin, when the plan picked during the trial is cancelled before it started: nothing will be charged. */
export function trialPlanCancelledEmail(
  to: string,
  webUrl: string,
  plan: { name: string; billingPeriod: 'monthly' | 'annual' },
  trialEndsAt: string,
): EmailMessage {
  const name = `${plan.name} (${plan.billingPeriod})`;
  const date = formatDate(trialEndsAt);
  return {
    to,
    subject: `Your Dcipher plan: ${name} is cancelled`,
    tag: 'billing-plan-cancelled',
    ...renderEmailLayout({
      preheader: `${name} will not start on ${date}, and nothing is charged.`,
      heading: `${name} is cancelled`,
      paragraphs: [
        `${name}, which was to start when your free trial ends on ${date}, is cancelled. Nothing is charged.`,
        `Your free trial goes on until ${date}. Choose a plan before then to go on using Dcipher after it.`,
      ],
      action: { label: 'Choose a plan', url: `${webUrl}${pathTo('subscriptionOptions')}` },
      footer: planChoiceFooter,
    }),
  };
}

// The billing scheduler's notices to each admin (docs/decisions/0040, 0130): a renewal, a plan ended as asked, a
// failed renewal and its retry, the payment problem after the last retry, a trial ended without a plan.

const adminFooter = 'You received this email because you are an admin of a Dcipher organization.';

/** A billing notice: one paragraph, which is also the preheader, and the way to the subscription. */
function billingNotice(
  to: string,
  webUrl: string,
  tag: string,
  { heading, text }: { heading: string; text: string },
): EmailMessage {
  return {
    to,
    subject: heading,
    tag: `billing-${tag}`,
    ...renderEmailLayout({
      preheader: text,
      heading,
      paragraphs: [text],
      action: { label: 'Open your subscription', url: `${webUrl}${pathTo('subscription')}` },
      footer: adminFooter,
    }),
  };
}

/** A period's renewal was charged: how much, for which plan and period. */
export function planRenewedEmail(
  to: string,
  webUrl: string,
  renewal: { total: number; currency: CurrencyCode; planName: string; start: Date; end: Date },
): EmailMessage {
  const { total, currency, planName, start, end } = renewal;
  return billingNotice(to, webUrl, 'renewed', {
    heading: 'Your Dcipher plan is renewed',
    text: `We charged ${formatMoney(total, currency)} for ${planName} from ${formatDate(start)} to ${formatDate(end)}. The invoice is in your account.`,
  });
}

/** A plan cancelled at its period's end has ended. */
export function planEndedEmail(to: string, webUrl: string, endedAt: Date): EmailMessage {
  return billingNotice(to, webUrl, 'ended', {
    heading: 'Your Dcipher plan has ended',
    text: `Your plan ended on ${formatDate(endedAt)}, as you asked. Choose a plan at any time to go on.`,
  });
}

/** A renewal's charge failed (`failure`, the reason) and is tried again on `retryAt`. */
export function renewalFailedEmail(
  to: string,
  webUrl: string,
  { failure, retryAt }: { failure: string; retryAt: Date },
): EmailMessage {
  return billingNotice(to, webUrl, 'payment-failed', {
    heading: 'We could not renew your Dcipher plan',
    text: `The renewal charge failed (${failure}). We will try again on ${formatDate(retryAt)}; to avoid an interruption, check your payment card now.`,
  });
}

/** The last retry failed too: the plan is on hold ("Payment problem") until the admin pays the renewal. */
export function paymentProblemEmail(
  to: string,
  webUrl: string,
  { attempts, failure }: { attempts: number; failure: string },
): EmailMessage {
  return billingNotice(to, webUrl, 'payment-problem', {
    heading: 'Payment problem: your Dcipher plan is on hold',
    text: `We tried ${attempts} times to renew your plan and the charge failed each time (${failure}). Update your card and pay the renewal from your account to go on.`,
  });
}

/** The free trial ended and no plan was chosen. */
export function trialEndedEmail(to: string, webUrl: string): EmailMessage {
  return billingNotice(to, webUrl, 'trial-ended', {
    heading: 'Your Dcipher free trial has ended',
    text: 'Choose a plan to go on using Dcipher: your projects, workflows and settings are kept.',
  });
}

/** Why a renewal could not be charged at all, as the failure's reason in the emails above. */
export const renewalNotPossibleReasons = {
  planNotSold: 'the plan is no longer sold',
  noCard: 'no payment card',
} as const;
