import type { PlanChangeQuote } from '@dcipher/shared/contract';
import {
  type CurrencyCode,
  type Discount,
  priceAmount,
  upgradeSubtotal,
  vatRateFor,
} from '@dcipher/shared/domain';
import { formatDate } from '@dcipher/shared/format';
import { billingMessages } from '@dcipher/shared/validation';
import type { Queryable } from '../../../db/database.js';
import { hasRedeemed } from '../../payments/payment-repository.js';
import type { PreparedCharge } from '../../payments/payment-service.js';
import { PromoCodeInvalidError } from '../../payments/promo-code-invalid-error.js';
import { findOrganizationBilling } from '../../people/organization-repository.js';
import { periodEnd } from '../billing-period.js';
import { NoPaymentMethodError, PlanNotAvailableError } from '../subscription-errors.js';
import type { SubscriptionStartEffect } from '../subscription-payment-effects.js';
import { type BillablePlan, type BillingCard, findPlan, findPromoCode } from '../subscription-repository.js';
import { chosenCurrency, countryCurrency, findBillingAccount, isLive, isUpgrade } from './billing-account.js';
import type { SubscriptionContext } from './subscription-context.js';

const dayMs = 86_400_000;

/** A quote's amounts as the invoice and the scheduled plan show them: currency, subtotal, discount, VAT, total. */
export function quoteAmounts({
  currency,
  subtotal,
  discount,
  promoCode,
  vatRateBasisPoints,
  reverseCharge,
  vat,
  total,
}: PlanChangeQuote) {
  return { currency, subtotal, discount, promoCode, vatRateBasisPoints, reverseCharge, vat, total };
}

/** A quote with what the invoice needs besides: the plan, the lines, the promo code and the billing card. */
export interface PricedChange {
  quote: PlanChangeQuote;
  plan: BillablePlan;
  periodStart: Date;
  periodEnd: Date;
  lines: { description: string; amount: number }[];
  card: BillingCard | undefined;
  /** What the new period is paid, before VAT and after the promo code: unused time is later credited from it. */
  periodAmount: number;
}

/** The plan, if it is sold and to the organization's kind of customer. */
async function availablePlan(
  database: Queryable,
  planId: string,
  organizationId: string,
): Promise<BillablePlan> {
  const plan = await findPlan(database, planId);
  if (!plan?.isActive || !plan.prices) throw new PlanNotAvailableError();
  const organization = await findOrganizationBilling(database, organizationId);
  if (organization && organization.customerType !== plan.customerType) {
    throw new PlanNotAvailableError('customerTypeMismatch');
  }
  return plan;
}

/**
 * The promo code's discount for a plan, or the reason it does not apply (400 on `field`). With `buyer`, the code's
 * rules for that organization too: used once per organization, or only on a first plan. A code `kept` from when a
 * plan was picked during the trial is honoured though it expired or was used up since (docs/decisions/0113): the
 * person confirmed that amount.
 */
export async function discountFor(
  database: Queryable,
  code: string | undefined,
  plan: BillablePlan,
  currency: CurrencyCode,
  field = 'promoCode',
  buyer?: { organizationId: string; firstPlan: boolean },
  kept = false,
): Promise<Discount | undefined> {
  if (!code) return undefined;
  const promo = await findPromoCode(database, code);
  if (!promo) throw new PromoCodeInvalidError('invalid', field);
  if (promo.expired && !kept) throw new PromoCodeInvalidError('expired', field);
  if (promo.usedUp && !kept) throw new PromoCodeInvalidError('usedUp', field);
  if (promo.planIds && !promo.planIds.includes(plan.id)) {
    throw new PromoCodeInvalidError('notForPlan', field);
  }
  if (buyer && promo.firstPlanOnly && !buyer.firstPlan) {
    throw new PromoCodeInvalidError('firstPlanOnly', field);
  }
  if (buyer && promo.oncePerOrganization && (await hasRedeemed(database, buyer.organizationId, code))) {
    throw new PromoCodeInvalidError('alreadyUsed', field);
  }
  return promo.kind === 'percent'
    ? { kind: 'percent', percent: promo.percent ?? 0 }
    : { kind: 'fixed', amount: promo.amounts?.[currency] ?? 0 };
}

/** Prices moving the organization to `planId` now, exactly as the invoice would be. */
export async function priceChange(
  context: SubscriptionContext,
  database: Queryable,
  organizationId: string,
  {
    planId,
    promoCode,
    currency: requested,
    startNow = true,
    keepPromo = true,
  }: {
    planId: string;
    promoCode?: string | undefined;
    currency?: CurrencyCode | undefined;
    startNow?: boolean | undefined;
    /** False: price the plan picked during the trial without the promo code it was picked with. */
    keepPromo?: boolean | undefined;
  },
): Promise<PricedChange> {
  const at = context.now();
  const plan = await availablePlan(database, planId, organizationId);
  const { subscription, organization, card } = await findBillingAccount(database, organizationId);
  const vat = card ? vatRateFor(card) : { rateBasisPoints: 0, reverseCharge: false };
  const live = isLive(subscription) ? subscription : undefined;
  const currency = chosenCurrency(subscription, organization) ?? requested ?? countryCurrency(card);
  // A first plan picked during the trial starts when the trial ends, unless the customer chose to start now.
  const trialEnd =
    subscription === undefined && organization?.trialEndsAt && organization.trialEndsAt > at
      ? organization.trialEndsAt
      : undefined;
  const keepsTrial = trialEnd !== undefined && !startNow;
  // The plan picked during the trial keeps the promo code it was picked with (docs/decisions/0113): "Start now"
  // and the start at the trial's end charge what the summary showed, unless another code is given.
  const keptCode =
    keepPromo && !promoCode && subscription === undefined && organization?.trialPlanId === planId
      ? (organization.trialPlanPromoCode ?? undefined)
      : undefined;
  const code = promoCode || keptCode;
  const price = plan.prices![currency];

  let kind: PlanChangeQuote['kind'];
  let periodStart = at;
  let end = periodEnd(at, plan.billingPeriod);
  let charge = price;
  let credit = 0;
  let effectiveAt = at;
  const lines: PricedChange['lines'] = [];
  const current = live ? await findPlan(database, live.planId) : undefined;
  if (!live || !current) {
    kind = 'start';
    if (keepsTrial) {
      periodStart = trialEnd;
      end = periodEnd(trialEnd, plan.billingPeriod);
      effectiveAt = trialEnd;
    }
  } else if (current.id === plan.id) {
    kind = 'unchanged';
    charge = 0;
    periodStart = live.currentPeriodStart;
    end = live.currentPeriodEnd;
  } else if (!isUpgrade(current, plan, currency)) {
    kind = 'downgrade';
    charge = 0;
    effectiveAt = live.currentPeriodEnd;
    periodStart = live.currentPeriodEnd;
    end = periodEnd(live.currentPeriodEnd, plan.billingPeriod);
  } else {
    kind = 'upgrade';
    const newPeriod = current.billingPeriod !== plan.billingPeriod;
    const amounts = upgradeSubtotal({
      // Unused time is worth what it was paid, not the list price (a promo code, an older price).
      currentPrice: live.periodAmount ?? current.prices?.[currency] ?? 0,
      nextPrice: price,
      remainingSeconds: (live.currentPeriodEnd.getTime() - at.getTime()) / 1000,
      periodSeconds: (live.currentPeriodEnd.getTime() - live.currentPeriodStart.getTime()) / 1000,
      newPeriod,
    });
    charge = amounts.charge;
    credit = amounts.credit;
    if (!newPeriod) end = live.currentPeriodEnd;
  }
  const chargesNow = kind === 'start' || kind === 'upgrade';
  const discount = chargesNow
    ? await discountFor(
        database,
        code,
        plan,
        currency,
        'promoCode',
        { organizationId, firstPlan: subscription === undefined },
        keptCode !== undefined,
      )
    : undefined;
  const priced = priceAmount(chargesNow ? Math.max(0, charge - credit) : 0, discount, vat.rateBasisPoints);
  if (chargesNow) {
    lines.push({
      description: billingMessages.planPeriodLine(
        plan.name,
        plan.billingPeriod,
        formatDate(periodStart),
        formatDate(end),
      ),
      amount: charge,
    });
    if (credit > 0)
      lines.push({ description: billingMessages.unusedTimeLine(current?.name), amount: -credit });
  }
  return {
    plan,
    periodStart,
    periodEnd: end,
    lines,
    card,
    periodAmount: priceAmount(price, discount, 0).net,
    quote: {
      planId: plan.id,
      planName: plan.name,
      kind,
      currency,
      charge: chargesNow ? charge : 0,
      credit,
      subtotal: priced.subtotal,
      discount: priced.discount,
      promoCode: discount ? (code ?? null) : null,
      vatRateBasisPoints: priced.vatRateBasisPoints,
      reverseCharge: vat.reverseCharge,
      vat: priced.vat,
      total: priced.total,
      effectiveAt: effectiveAt.toISOString(),
      periodEnd: end.toISOString(),
      chargedAt: chargesNow ? effectiveAt.toISOString() : null,
      trialDaysKept: keepsTrial ? Math.ceil((trialEnd.getTime() - at.getTime()) / dayMs) : 0,
    },
  };
}

/** The charge of a priced start or upgrade: the invoice, and the subscription it moves to. */
export function subscriptionCharge(priced: PricedChange, periodStart: Date): PreparedCharge {
  if (!priced.card) throw new NoPaymentMethodError();
  const { quote } = priced;
  const effect: SubscriptionStartEffect = {
    kind: 'subscription',
    planId: priced.plan.id,
    currency: quote.currency,
    periodStart: periodStart.toISOString(),
    periodEnd: priced.periodEnd.toISOString(),
    periodAmount: priced.periodAmount,
  };
  return {
    amount: quote.total,
    currency: quote.currency,
    gatewayToken: priced.card.gatewayToken,
    promoCode: quote.promoCode,
    details: {
      description: `Dcipher ${priced.plan.name}`,
      invoice: {
        ...quoteAmounts(quote),
        periodStart: priced.periodStart.toISOString(),
        periodEnd: priced.periodEnd.toISOString(),
        lines: priced.lines,
        billingCountry: priced.card.country,
      },
      effect,
    },
  };
}
