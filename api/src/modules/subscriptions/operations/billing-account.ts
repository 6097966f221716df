import { type CurrencyCode, currencyForCountry } from '@dcipher/shared/domain';
import type { Queryable } from '../../../db/database.js';
import { findOrganizationBilling } from '../../people/organization-repository.js';
import {
  type BillablePlan,
  findDefaultCard,
  findSubscription,
  type StoredSubscription,
} from '../subscription-repository.js';

/**
 * What every price and summary of an organization starts from, read by one function (docs/decisions/0123): its
 * subscription, its billing row (trial, chosen currency, plan picked during the trial) and its default card.
 */
export async function findBillingAccount(database: Queryable, organizationId: string) {
  const [subscription, organization, card] = await Promise.all([
    findSubscription(database, organizationId),
    findOrganizationBilling(database, organizationId),
    findDefaultCard(database, organizationId),
  ]);
  return { subscription, organization, card };
}

/** A subscription that still gives a plan (not expired). */
export const isLive = (subscription: StoredSubscription | undefined): subscription is StoredSubscription =>
  subscription !== undefined && subscription.status !== 'expired';

/** The currency the organization is billed in once chosen: its live subscription's, else the one it picked. */
export const chosenCurrency = (
  subscription: StoredSubscription | undefined,
  organization: { currency: CurrencyCode | null } | undefined,
): CurrencyCode | null | undefined =>
  (isLive(subscription) ? subscription.currency : undefined) ?? organization?.currency;

/** Before any currency is chosen: the billing country's (the default card's), else US dollars. */
export const countryCurrency = (card: { country: string } | undefined): CurrencyCode =>
  card ? currencyForCountry(card.country) : 'usd';

type PricedPlan = Pick<BillablePlan, 'billingPeriod' | 'prices'>;

/** What one month of a plan costs, to tell an upgrade from a downgrade across billing periods. */
const monthlyEquivalent = (plan: PricedPlan, currency: CurrencyCode) =>
  (plan.prices?.[currency] ?? 0) / (plan.billingPeriod === 'annual' ? 12 : 1);

/** Whether moving from `current` to `next` is an upgrade: to an annual plan, or dearer by the month. */
export const isUpgrade = (current: PricedPlan, next: PricedPlan, currency: CurrencyCode) =>
  current.billingPeriod !== next.billingPeriod
    ? next.billingPeriod === 'annual'
    : monthlyEquivalent(next, currency) > monthlyEquivalent(current, currency);
