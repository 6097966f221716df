import type { ScheduledTrialPlan } from '@dcipher/shared/contract';
import { formatDate, formatMoney } from '@dcipher/shared/format';
import { pathTo } from '@dcipher/shared/routes';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { EmailMessage } from '../../adapters/mailer/mailer.js';

const footer =
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
      footer,
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
      footer,
    }),
  };
}
