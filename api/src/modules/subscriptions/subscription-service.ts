import type {
  Invoice,
  PlanChangeQuote,
  PurchaseQuote,
  ScheduledTrialPlan,
  SubscriptionState,
  SubscriptionSummary,
} from '@dcipher/shared/contract';
import {
  type BillingPeriod,
  type CurrencyCode,
  currencyForCountry,
  type Discount,
  planStatusLabel,
  priceAmount,
  trialPlanOf,
  upgradeSubtotal,
  vatRateFor,
} from '@dcipher/shared/domain';
import { formatDate } from '@dcipher/shared/format';
import { type Mailer, sendLoggingFailure } from '../../adapters/mailer/mailer.js';
import type { Database, Queryable } from '../../db/database.js';
import type { AuthenticatedUser } from '../../http/register-endpoint.js';
import { findCardByGatewayToken } from '../credit-cards/credit-card-repository.js';
import { findInvoice, findInvoicePayingToken, listInvoices } from '../payments/invoice-repository.js';
import type { PaymentEffect } from '../payments/payment-effects.js';
import { hasRedeemed } from '../payments/payment-repository.js';
import type { PaymentService, PayResult, PreparedCharge } from '../payments/payment-service.js';
import { PromoCodeInvalidError } from '../payments/promo-code-invalid-error.js';
import { findActiveAdmins } from '../people/membership-repository.js';
import { findOrganizationBilling, lockOrganization } from '../people/organization-repository.js';
import { listActivePricingPlans } from '../pricing/pricing-repository.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { trialPlanCancelledEmail, trialPlanScheduledEmail } from './subscription-emails.js';
import {
  InvoiceNotFoundError,
  NoPaymentMethodError,
  PlanNotAvailableError,
  SubscriptionConflictError,
} from './subscription-errors.js';
import type { SubscriptionStartEffect } from './subscription-payment-effects.js';
import {
  type BillablePlan,
  type BillingCard,
  chooseOrganizationCurrency,
  claimDueTrialPlans,
  findBillingDetails,
  findDefaultCard,
  findPlan,
  findPromoCode,
  findSubscription,
  type StoredSubscription,
  saveSubscription,
  saveTrialPlan,
} from './subscription-repository.js';

const dayMs = 86_400_000;

/** Before any currency is chosen: the billing country's (the default card's), else US dollars. */
const countryCurrency = (card: { country: string } | undefined): CurrencyCode =>
  card ? currencyForCountry(card.country) : 'usd';

/** The end of a billing period that starts at `start`: one calendar month or year later, in UTC (Jan 31 → Feb 28). */
export function periodEnd(start: Date, period: BillingPeriod): Date {
  const months = period === 'annual' ? 12 : 1;
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  target.setUTCHours(
    start.getUTCHours(),
    start.getUTCMinutes(),
    start.getUTCSeconds(),
    start.getUTCMilliseconds(),
  );
  return target;
}

/** What one month of a plan costs, to tell an upgrade from a downgrade across billing periods. */
const monthlyEquivalent = (plan: BillablePlan, currency: CurrencyCode) =>
  (plan.prices?.[currency] ?? 0) / (plan.billingPeriod === 'annual' ? 12 : 1);

/** A quote with what the invoice needs besides: the plan, the lines, the promo code and the billing card. */
interface PricedChange {
  quote: PlanChangeQuote;
  plan: BillablePlan;
  periodStart: Date;
  periodEnd: Date;
  lines: { description: string; amount: number }[];
  card: BillingCard | undefined;
  /** What the new period is paid, before VAT and after the promo code: unused time is later credited from it. */
  periodAmount: number;
}

/** A one-off purchase: the item (binds the idempotency key), its invoice line and its price in each currency. */
interface PurchaseInput {
  item: string;
  currency?: CurrencyCode | undefined;
  description: string;
  amount: (currency: CurrencyCode) => number;
}

export interface SubscriptionServiceDependencies {
  database: Database;
  payments: PaymentService;
  /**
   * The confirmations of a plan picked (or cancelled) during the trial, to each admin (docs/decisions/0113).
   * Without it (tests that only start due plans), none are sent.
   */
  emails?: { mailer: Mailer; webUrl: string; log: { error(details: object, text: string): void } };
  now?: () => Date;
}

/**
 * Plans, subscriptions and invoices (docs/decisions/0039). Every change that charges is a payment of the payment
 * service (docs/decisions/0055): decided and priced with the organization's row locked and no other payment of the
 * organization in flight, in any process, recorded before the gateway is called, and answered again for a repeated
 * idempotency key.
 */
export function createSubscriptionService({
  database,
  payments,
  emails,
  now = () => new Date(),
}: SubscriptionServiceDependencies) {
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
   * The promo code's discount for a plan, or the reason it does not apply (400 on `field`). With `buyer`, the
   * code's rules for that organization too: used once per organization, or only on a first plan. A code `kept`
   * from when a plan was picked during the trial is honoured though it expired or was used up since
   * (docs/decisions/0113): the person confirmed that amount.
   */
  async function discountFor(
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

  const isLive = (subscription: StoredSubscription | undefined): subscription is StoredSubscription =>
    subscription !== undefined && subscription.status !== 'expired';

  /** Prices moving the organization to `planId` now, exactly as the invoice would be. */
  async function priceChange(
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
    const at = now();
    const plan = await availablePlan(database, planId, organizationId);
    const subscription = await findSubscription(database, organizationId);
    const organization = await findOrganizationBilling(database, organizationId);
    const card = await findDefaultCard(database, organizationId);
    const vat = card ? vatRateFor(card) : { rateBasisPoints: 0, reverseCharge: false };
    const live = isLive(subscription) ? subscription : undefined;
    const currency = live?.currency ?? organization?.currency ?? requested ?? countryCurrency(card);
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
    const periodLabel = plan.billingPeriod === 'annual' ? 'annual' : 'monthly';

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
    } else {
      const newPeriod = current.billingPeriod !== plan.billingPeriod;
      const upgrade = newPeriod
        ? plan.billingPeriod === 'annual'
        : monthlyEquivalent(plan, currency) > monthlyEquivalent(current, currency);
      if (!upgrade) {
        kind = 'downgrade';
        charge = 0;
        effectiveAt = live.currentPeriodEnd;
        periodStart = live.currentPeriodEnd;
        end = periodEnd(live.currentPeriodEnd, plan.billingPeriod);
      } else {
        kind = 'upgrade';
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
    }
    const chargesNow = kind === 'start' || kind === 'upgrade';
    const discount = chargesNow
      ? await discountFor(
          database,
          code,
          plan,
          currency,
          'promoCode',
          {
            organizationId,
            firstPlan: subscription === undefined,
          },
          keptCode !== undefined,
        )
      : undefined;
    const priced = priceAmount(chargesNow ? Math.max(0, charge - credit) : 0, discount, vat.rateBasisPoints);
    if (chargesNow) {
      lines.push({
        description: `${plan.name} (${periodLabel}), ${formatDate(periodStart)} to ${formatDate(end)}`,
        amount: charge,
      });
      if (credit > 0)
        lines.push({
          description: `Unused time on ${current?.name ?? 'the previous plan'}`,
          amount: -credit,
        });
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

  /**
   * Prices a one-off purchase (credits, an add-on) for the organization: in its plan's currency (else the one asked,
   * else usd), VAT by the default card's billing details. The one calculation behind both the quote the
   * confirmation shows and the charge.
   */
  async function pricePurchase(
    database: Queryable,
    organizationId: string,
    {
      item,
      currency: requested,
      description,
      amount,
      validUntil,
    }: PurchaseInput & { validUntil?: Date | undefined },
  ): Promise<{ card: BillingCard; quote: PurchaseQuote }> {
    const card = await findDefaultCard(database, organizationId);
    if (!card) throw new NoPaymentMethodError();
    const subscription = await findSubscription(database, organizationId);
    const organization = await findOrganizationBilling(database, organizationId);
    const currency =
      (isLive(subscription) ? subscription.currency : undefined) ??
      organization?.currency ??
      requested ??
      countryCurrency(card);
    const vat = vatRateFor(card);
    const subtotal = amount(currency);
    const priced = priceAmount(subtotal, undefined, vat.rateBasisPoints);
    return {
      card,
      quote: {
        packageId: item,
        description,
        currency,
        subtotal,
        vatRateBasisPoints: priced.vatRateBasisPoints,
        reverseCharge: vat.reverseCharge,
        vat: priced.vat,
        total: priced.total,
        chargedAt: 'now',
        validUntil: validUntil?.toISOString() ?? null,
      },
    };
  }

  async function summary(database: Queryable, organizationId: string): Promise<SubscriptionSummary> {
    const at = now();
    const [subscription, organization, card] = await Promise.all([
      findSubscription(database, organizationId),
      findOrganizationBilling(database, organizationId),
      findDefaultCard(database, organizationId),
    ]);
    const daysTo = (end: Date) => Math.max(0, Math.ceil((end.getTime() - at.getTime()) / dayMs));
    const trialPlan =
      !subscription && organization?.trialPlanId
        ? await findPlan(database, organization.trialPlanId)
        : undefined;
    const scheduled =
      trialPlan && organization?.trialEndsAt && organization.trialEndsAt > at
        ? await scheduledTrialPlan(database, organizationId, trialPlan.id)
        : null;
    // What the trial gives (docs/decisions/0085): the picked plan, else the pricing page's, else the type's most
    // complete self-serve plan.
    const trialIncludes =
      !subscription && organization
        ? (trialPlan ??
          (await findPlan(database, trialPlanOf(organization.customerType, organization.signupPlanId))))
        : undefined;
    const chosen = (isLive(subscription) ? subscription.currency : undefined) ?? organization?.currency;
    const currency = chosen ?? countryCurrency(card);
    if (!subscription) {
      const trialEnd = organization?.trialEndsAt ?? null;
      const state: SubscriptionState = trialEnd === null || trialEnd > at ? 'trialing' : 'expired';
      const daysLeft = trialEnd && state === 'trialing' ? daysTo(trialEnd) : null;
      return {
        state,
        label: planStatusLabel(state, { daysLeft }),
        daysLeft,
        plan: null,
        endsAt: trialEnd?.toISOString() ?? null,
        cancelAtPeriodEnd: false,
        scheduledPlan: null,
        hasPaymentMethod: card !== undefined,
        currency,
        currencyChosen: chosen !== undefined && chosen !== null,
        trialPlan: state === 'trialing' ? scheduled : null,
        trialIncludes:
          trialIncludes && state === 'trialing' ? { id: trialIncludes.id, name: trialIncludes.name } : null,
      };
    }
    const plan = await findPlan(database, subscription.planId);
    const downgrade = subscription.scheduledPlanId
      ? await findPlan(database, subscription.scheduledPlanId)
      : undefined;
    const state: SubscriptionState =
      subscription.status === 'past_due'
        ? 'past_due'
        : subscription.status === 'expired'
          ? 'expired'
          : 'active';
    const daysLeft = state === 'expired' ? null : daysTo(subscription.currentPeriodEnd);
    return {
      state,
      label: planStatusLabel(state, { daysLeft, cancelAtPeriodEnd: subscription.cancelAtPeriodEnd }),
      daysLeft,
      plan: plan
        ? {
            id: plan.id,
            name: plan.name,
            billingPeriod: plan.billingPeriod,
            price: plan.prices?.[subscription.currency] ?? 0,
            currency: subscription.currency,
          }
        : null,
      endsAt: subscription.currentPeriodEnd.toISOString(),
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      scheduledPlan: downgrade ? { id: downgrade.id, name: downgrade.name } : null,
      hasPaymentMethod: card !== undefined,
      currency,
      currencyChosen: chosen !== undefined && chosen !== null,
      trialPlan: null,
      trialIncludes: null,
    };
  }

  /**
   * The plan picked during the trial, priced as its start at the trial's end will charge it (docs/decisions/0113):
   * with the promo code it was picked with, else (the code no longer applies to it) without; null if the plan can
   * no longer be priced at all (retired).
   */
  async function scheduledTrialPlan(
    database: Queryable,
    organizationId: string,
    planId: string,
  ): Promise<ScheduledTrialPlan | null> {
    const price = (keepPromo: boolean) =>
      priceChange(database, organizationId, { planId, startNow: false, keepPromo });
    let priced: PricedChange;
    try {
      priced = await price(true);
    } catch (error) {
      if (!(error instanceof PromoCodeInvalidError)) return null;
      priced = await price(false);
    }
    const { quote, plan } = priced;
    return {
      id: plan.id,
      name: plan.name,
      billingPeriod: plan.billingPeriod,
      currency: quote.currency,
      subtotal: quote.subtotal,
      discount: quote.discount,
      promoCode: quote.promoCode,
      vatRateBasisPoints: quote.vatRateBasisPoints,
      reverseCharge: quote.reverseCharge,
      vat: quote.vat,
      total: quote.total,
      startsAt: quote.effectiveAt,
    };
  }

  /** An email to each active admin; a failure is logged, what was done stands. */
  async function tellAdmins(
    organizationId: string,
    message: (to: string) => ReturnType<typeof trialPlanScheduledEmail>,
  ) {
    if (!emails) return;
    try {
      for (const admin of await findActiveAdmins(database, organizationId)) {
        await sendLoggingFailure(emails.mailer, message(admin.email), emails.log);
      }
    } catch (error) {
      emails.log.error({ err: error }, 'a plan confirmation could not be sent');
    }
  }

  /** The charge of a priced start or upgrade: the invoice, and the subscription it moves to. */
  function subscriptionCharge(priced: PricedChange, periodStart: Date): PreparedCharge {
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
          currency: quote.currency,
          periodStart: priced.periodStart.toISOString(),
          periodEnd: priced.periodEnd.toISOString(),
          lines: priced.lines,
          subtotal: quote.subtotal,
          discount: quote.discount,
          promoCode: quote.promoCode,
          vatRateBasisPoints: quote.vatRateBasisPoints,
          reverseCharge: quote.reverseCharge,
          vat: quote.vat,
          total: quote.total,
          billingCountry: priced.card.country,
        },
        effect,
      },
    };
  }

  type Input = {
    planId: string;
    promoCode?: string | undefined;
    currency?: CurrencyCode | undefined;
    idempotencyKey: string;
    startNow?: boolean | undefined;
  };

  const invoiceOf = (result: PayResult<unknown>) => (result.kind === 'paid' ? result.invoice : null);

  return {
    summary: (user: AuthenticatedUser) => summary(database, user.organizationId),

    quote: async (
      user: AuthenticatedUser,
      query: {
        nextPlanId: string;
        promoCode?: string | undefined;
        currency?: CurrencyCode | undefined;
        startNow?: 'true' | 'false' | undefined;
      },
    ) =>
      (
        await priceChange(database, user.organizationId, {
          planId: query.nextPlanId,
          promoCode: query.promoCode,
          currency: query.currency,
          startNow: query.startNow !== 'false',
        })
      ).quote,

    /**
     * A first subscription (from the trial, or after it expired): the whole first period is charged now. Checked
     * and priced with the organization locked, so a second start (another tab, another process) finds the first.
     */
    async start(user: AuthenticatedUser, input: Input) {
      // Only an explicit "keep my trial" takes this path; a repeated start (same key) goes to `pay` and replays.
      const kept =
        input.startNow === false &&
        (await database.transaction(async (transaction) => {
          await lockOrganization(transaction, user.organizationId);
          if (isLive(await findSubscription(transaction, user.organizationId))) {
            throw new SubscriptionConflictError('alreadySubscribed');
          }
          const priced = await priceChange(transaction, user.organizationId, { ...input, startNow: false });
          if (priced.quote.trialDaysKept === 0) return false;
          // The trial goes on: the plan is recorded, and the billing scheduler starts and charges it at the trial's end.
          if (!priced.card) throw new NoPaymentMethodError();
          await chooseOrganizationCurrency(transaction, user.organizationId, priced.quote.currency);
          await saveTrialPlan(transaction, user.organizationId, {
            planId: priced.plan.id,
            promoCode: priced.quote.promoCode,
          });
          return true;
        }));
      if (kept) {
        const after = await summary(database, user.organizationId);
        const scheduled = after.trialPlan;
        if (scheduled && emails) {
          await tellAdmins(user.organizationId, (to) =>
            trialPlanScheduledEmail(to, emails.webUrl, scheduled),
          );
        }
        return { summary: after, invoice: null };
      }
      const result = await payments.pay({
        organizationId: user.organizationId,
        idempotencyKey: input.idempotencyKey,
        fingerprint: ['startSubscription', input.planId, input.promoCode ?? ''],
        prepare: async (transaction) => {
          if (isLive(await findSubscription(transaction, user.organizationId))) {
            throw new SubscriptionConflictError('alreadySubscribed');
          }
          const priced = await priceChange(transaction, user.organizationId, { ...input, startNow: true });
          await chooseOrganizationCurrency(transaction, user.organizationId, priced.quote.currency);
          return { charge: subscriptionCharge(priced, priced.periodStart) };
        },
      });
      return { summary: await summary(database, user.organizationId), invoice: invoiceOf(result) };
    },

    /**
     * Changes plan: an upgrade is charged now (prorated) and takes effect at once; a downgrade waits for the period's
     * end; choosing the current plan undoes a waiting downgrade or cancellation. Decided with the organization
     * locked: of two upgrades to one plan racing, the second finds the plan already chosen and charges nothing.
     */
    async change(user: AuthenticatedUser, input: Input) {
      const result = await payments.pay({
        organizationId: user.organizationId,
        idempotencyKey: input.idempotencyKey,
        fingerprint: ['changeSubscription', input.planId, input.promoCode ?? ''],
        prepare: async (transaction) => {
          const current = await findSubscription(transaction, user.organizationId, { lock: true });
          if (!isLive(current)) throw new SubscriptionConflictError('notSubscribed');
          const priced = await priceChange(transaction, user.organizationId, input);
          if (priced.quote.kind === 'upgrade') {
            const samePeriod = priced.periodEnd.getTime() === current.currentPeriodEnd.getTime();
            return {
              charge: subscriptionCharge(
                priced,
                samePeriod ? current.currentPeriodStart : priced.periodStart,
              ),
            };
          }
          await saveSubscription(transaction, {
            ...current,
            scheduledPlanId: priced.quote.kind === 'downgrade' ? priced.plan.id : null,
            cancelAtPeriodEnd: false,
          });
          return { settled: null };
        },
      });
      return { summary: await summary(database, user.organizationId), invoice: invoiceOf(result) };
    },

    /**
     * A one-off purchase (credits, an add-on): charged once to the card (VAT by the billing details), invoiced, and
     * what was bought recorded in the invoice's transaction. `item` and `quantity` bind the key to the purchase;
     * `effect` runs with the organization locked (an add-on checks the plan there). A repeated key answers the
     * first invoice and charges nothing again.
     */
    async purchase(
      user: AuthenticatedUser,
      {
        idempotencyKey,
        operation,
        item,
        currency: requested,
        description,
        amount: amountIn,
        effect,
      }: PurchaseInput & {
        idempotencyKey: string;
        operation: string;
        effect: (transaction: Queryable) => Promise<{ effect: PaymentEffect; periodEnd?: Date }>;
      },
    ): Promise<{ invoice: Invoice; replayed: boolean }> {
      const result = await payments.pay<never>({
        organizationId: user.organizationId,
        idempotencyKey,
        fingerprint: [operation, item, 1],
        prepare: async (transaction) => {
          const bought = await effect(transaction);
          const { card, quote } = await pricePurchase(transaction, user.organizationId, {
            item,
            currency: requested,
            description,
            amount: amountIn,
            validUntil: bought.periodEnd,
          });
          const at = now();
          return {
            charge: {
              amount: quote.total,
              currency: quote.currency,
              gatewayToken: card.gatewayToken,
              promoCode: null,
              details: {
                description: `Dcipher ${description}`,
                invoice: {
                  currency: quote.currency,
                  periodStart: at.toISOString(),
                  periodEnd: (bought.periodEnd ?? at).toISOString(),
                  lines: [{ description, amount: quote.subtotal }],
                  subtotal: quote.subtotal,
                  discount: 0,
                  promoCode: null,
                  vatRateBasisPoints: quote.vatRateBasisPoints,
                  reverseCharge: quote.reverseCharge,
                  vat: quote.vat,
                  total: quote.total,
                  billingCountry: card.country,
                },
                effect: bought.effect,
              },
            },
          };
        },
      });
      if (result.kind !== 'paid') throw new Error('a purchase settled without a payment');
      return { invoice: result.invoice, replayed: result.replayed };
    },

    /**
     * What `purchase` would charge now for the same item, priced by the same code (`pricePurchase`); `check` runs
     * the purchase's own refusals first (an add-on without a plan) and answers the period it would count until.
     */
    async purchaseQuote(
      user: AuthenticatedUser,
      input: PurchaseInput & { check?: (database: Queryable) => Promise<{ periodEnd?: Date }> },
    ): Promise<PurchaseQuote> {
      const checked = (await input.check?.(database)) ?? {};
      const { quote } = await pricePurchase(database, user.organizationId, {
        ...input,
        validUntil: checked.periodEnd,
      });
      return quote;
    },

    /**
     * Starts, and charges, the plans picked during trials that have now ended (docs/decisions/0078); run by the
     * billing scheduler before it tells admins of trials that ended. Each is claimed once across processes and
     * charged under a key of its trial's end, so a repeat charges once. Answers what happened to each.
     */
    async startDueTrialPlans(): Promise<
      { organizationId: string; outcome: 'started' | 'failed'; failure?: string }[]
    > {
      const outcomes: { organizationId: string; outcome: 'started' | 'failed'; failure?: string }[] = [];
      for (const due of await claimDueTrialPlans(database, now())) {
        try {
          await payments.pay({
            organizationId: due.organizationId,
            idempotencyKey: `trial-plan:${due.trialEndsAt.toISOString()}`,
            fingerprint: ['trialPlanStart', due.planId, due.promoCode ?? ''],
            prepare: async (transaction) => {
              if (isLive(await findSubscription(transaction, due.organizationId))) return { settled: null };
              // The promo code picked with the plan is applied as kept (see `priceChange`).
              const priced = await priceChange(transaction, due.organizationId, {
                planId: due.planId,
                startNow: true,
              });
              return { charge: subscriptionCharge(priced, priced.periodStart) };
            },
          });
          outcomes.push({ organizationId: due.organizationId, outcome: 'started' });
        } catch (error) {
          // Declined, no card, a plan no longer sold: the pick is dropped and the trial ends like any other (the
          // scheduler's "trial ended" notice follows).
          await saveTrialPlan(database, due.organizationId, null);
          outcomes.push({
            organizationId: due.organizationId,
            outcome: 'failed',
            failure: error instanceof Error ? error.message : String(error),
          });
        }
      }
      return outcomes;
    },

    /** The current subscription (not expired), for purchases that add to its period. */
    current: async (user: AuthenticatedUser, { includeExpired = false } = {}) => {
      const subscription = await findSubscription(database, user.organizationId);
      return includeExpired || isLive(subscription) ? subscription : undefined;
    },

    /** Cancels at the period's end; until then, choosing the current plan again undoes it. */
    async cancel(user: AuthenticatedUser) {
      return database.transaction(async (transaction) => {
        await lockOrganization(transaction, user.organizationId);
        const subscription = await findSubscription(transaction, user.organizationId, { lock: true });
        if (!isLive(subscription)) throw new SubscriptionConflictError('notSubscribed');
        await saveSubscription(transaction, {
          ...subscription,
          scheduledPlanId: null,
          cancelAtPeriodEnd: true,
        });
        return summary(transaction, user.organizationId);
      });
    },

    /**
     * Cancels the plan picked during the trial before it starts (docs/decisions/0113): the trial goes on, and
     * nothing is charged at its end. Refused once the trial ended (the plan is starting) or when none is picked.
     */
    async cancelTrialPlan(user: AuthenticatedUser) {
      const cancelled = await database.transaction(async (transaction) => {
        await lockOrganization(transaction, user.organizationId);
        const organization = await findOrganizationBilling(transaction, user.organizationId);
        if (
          !organization?.trialPlanId ||
          !organization.trialEndsAt ||
          organization.trialEndsAt <= now() ||
          isLive(await findSubscription(transaction, user.organizationId))
        ) {
          throw new SubscriptionConflictError('noTrialPlan');
        }
        const plan = await findPlan(transaction, organization.trialPlanId);
        await saveTrialPlan(transaction, user.organizationId, null);
        return { plan, trialEndsAt: organization.trialEndsAt };
      });
      const { plan, trialEndsAt } = cancelled;
      if (plan && emails) {
        await tellAdmins(user.organizationId, (to) =>
          trialPlanCancelledEmail(to, emails.webUrl, plan, trialEndsAt.toISOString()),
        );
      }
      return summary(database, user.organizationId);
    },

    /** The invoice as a PDF file, addressed to the billing details on file (404 for anyone else's). */
    async invoicePdf(user: AuthenticatedUser, invoiceId: string) {
      const invoice = await findInvoice(database, user.organizationId, invoiceId);
      if (!invoice) throw new InvoiceNotFoundError();
      const billTo = (await findBillingDetails(database, user.organizationId)) ?? {
        name: '',
        company: null,
        address: '',
        country: '',
        vatNumber: null,
      };
      const payingToken = await findInvoicePayingToken(database, user.organizationId, invoiceId);
      const paidWith = payingToken
        ? await findCardByGatewayToken(database, user.organizationId, payingToken)
        : undefined;
      const pdf = await renderInvoicePdf(invoice, billTo, paidWith);
      return {
        fileName: `dcipher-invoice-${invoice.number}.pdf`,
        contentType: 'application/pdf' as const,
        base64: pdf.toString('base64'),
      };
    },

    invoices: (user: AuthenticatedUser, query: { from?: string | undefined; to?: string | undefined }) =>
      listInvoices(database, user.organizationId, query),

    /** The plans the organization may move to, each marked as the change it would be (as `priceChange` decides). */
    async upgrades(user: AuthenticatedUser) {
      const organization = await findOrganizationBilling(database, user.organizationId);
      const subscription = await findSubscription(database, user.organizationId);
      const live = isLive(subscription) ? subscription : undefined;
      const current = live ? await findPlan(database, live.planId) : undefined;
      const currency =
        live?.currency ??
        organization?.currency ??
        countryCurrency(await findDefaultCard(database, user.organizationId));
      const plans = (await listActivePricingPlans(database)).filter(
        (plan) =>
          !plan.isCustom &&
          plan.prices &&
          plan.customerType === organization?.customerType &&
          plan.id !== current?.id,
      );
      return plans.map((plan) => {
        if (!current) return { plan, change: 'start' as const };
        const next = { billingPeriod: plan.billingPeriod, prices: plan.prices } as BillablePlan;
        const upgrade =
          plan.billingPeriod !== current.billingPeriod
            ? plan.billingPeriod === 'annual'
            : monthlyEquivalent(next, currency) > monthlyEquivalent(current, currency);
        return { plan, change: upgrade ? ('upgrade' as const) : ('downgrade' as const) };
      });
    },

    /** A plan's price with a promo code, before VAT (public: the pricing page and checkout ask it). */
    async discountedPrice({
      code,
      planId,
      currency = 'usd',
    }: {
      code: string;
      planId: string;
      currency?: CurrencyCode | undefined;
    }) {
      const plan = await findPlan(database, planId);
      if (!plan?.isActive || !plan.prices) throw new PlanNotAvailableError();
      const discount = await discountFor(database, code, plan, currency, 'code');
      const priced = priceAmount(plan.prices[currency], discount, 0);
      return {
        code,
        planId,
        currency,
        price: priced.subtotal,
        discount: priced.discount,
        discountedPrice: priced.net,
      };
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
