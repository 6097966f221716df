import type { DeletionImpact } from '@dcipher/shared/contract';
import { formatDate, formatMoney } from '@dcipher/shared/format';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { EmailMessage } from '../../adapters/mailer/mailer.js';
import type { Queryable } from '../../db/database.js';
import { creditBalance, listOwnedAddOns } from '../credits/credit-repository.js';
import { findPlan, findSubscription } from '../subscriptions/subscription-repository.js';

const numberFormat = new Intl.NumberFormat('en-GB');

/**
 * The organization's money that deleting it ends (docs/decisions/0078): the running plan (cancelled: its rows go
 * with the organization, so no renewal is ever charged), the wallet's credits and the period's add-ons.
 */
export async function billingAtDeletion(
  database: Queryable,
  organizationId: string,
  at: Date = new Date(),
): Promise<Pick<DeletionImpact, 'plan' | 'credits' | 'addOns'>> {
  const subscription = await findSubscription(database, organizationId);
  const live = subscription && subscription.status !== 'expired' ? subscription : undefined;
  const plan = live ? await findPlan(database, live.planId) : undefined;
  const addOns = await listOwnedAddOns(database, organizationId, { at });
  return {
    plan:
      live && plan
        ? {
            name: plan.name,
            price: plan.prices?.[live.currency] ?? 0,
            currency: live.currency,
            billingPeriod: plan.billingPeriod,
            paidUntil: live.currentPeriodEnd.toISOString(),
          }
        : null,
    credits: await creditBalance(database, organizationId),
    addOns: addOns.map((addOn) => ({
      name: addOn.name,
      quantity: addOn.quantity,
      unit: addOn.unit,
      validUntil: addOn.validUntil,
    })),
  };
}

/** The sentences that say what happened to the money, shared by the screen's API answer and the email. */
export function deletionMoneyLines(impact: Pick<DeletionImpact, 'plan' | 'credits' | 'addOns'>): string[] {
  const lines: string[] = [];
  if (impact.plan) {
    lines.push(
      `Your plan ${impact.plan.name} (${formatMoney(impact.plan.price, impact.plan.currency)} per ${impact.plan.billingPeriod === 'annual' ? 'year' : 'month'}) is cancelled: it will not renew and nothing more will be charged. The period paid until ${formatDate(impact.plan.paidUntil)} is not refunded.`,
    );
  } else {
    lines.push('You had no paid plan: nothing more will be charged.');
  }
  lines.push(
    impact.credits > 0
      ? `${numberFormat.format(impact.credits)} prepaid credits in the wallet are forfeited.`
      : 'There were no prepaid credits in the wallet.',
  );
  for (const addOn of impact.addOns) {
    lines.push(
      `The add-on ${addOn.name} (${numberFormat.format(addOn.quantity)} ${addOn.unit}, until ${formatDate(addOn.validUntil)}) ends.`,
    );
  }
  return lines;
}

/** To the person whose account (and organization) was deleted: the confirmation, with what happened to money. */
export function accountDeletedEmail(
  to: string,
  impact: Pick<DeletionImpact, 'plan' | 'credits' | 'addOns'> & { deletesOrganization: boolean },
): EmailMessage {
  const paragraphs = [
    'Your Dcipher account is deleted, with your profile, sessions and personal data.',
    ...(impact.deletesOrganization
      ? [
          'You were the only member of your organization, so it is deleted too, with its projects and files.',
          ...deletionMoneyLines(impact),
        ]
      : ["Your organization's plan, credits and add-ons stay with it: its admins manage them."]),
  ];
  return {
    to,
    subject: 'Your Dcipher account is deleted',
    tag: 'account-deleted',
    ...renderEmailLayout({
      preheader: paragraphs[0]!,
      heading: 'Your Dcipher account is deleted',
      paragraphs,
      footer:
        'You received this email because your Dcipher account was deleted. If it was not you, reply to it.',
    }),
  };
}
