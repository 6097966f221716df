import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { RateLimiter } from '../abuse/rate-limiter.js';
import type { BillingScheduler } from './billing-scheduler.js';
import type { SubscriptionService } from './subscription-service.js';

const endpoints = contract.subscriptions;

/** Promo code checks per IP address: 30 in 10 minutes, so codes cannot be guessed by the thousand. */
export const promoCodeCheckLimit = {
  bucket: endpoints.calculateDiscountedPrice.operation,
  limit: 30,
  windowSeconds: 10 * 60,
} as const;

/**
 * Subscriptions, invoices and promo codes (docs/decisions/0039). Who may do what is each endpoint's declared
 * permission on `subscription`: admins change, teammates read, guests neither.
 */
export function registerSubscriptionRoutes(
  app: FastifyInstance,
  subscriptions: SubscriptionService,
  scheduler: Pick<BillingScheduler, 'payOutstanding' | 'quoteOutstanding'>,
  rateLimiter: RateLimiter,
): void {
  registerEndpoint(app, endpoints.getOutstandingQuote, (_input, { user, reply }) => {
    reply.header('cache-control', 'no-store');
    return scheduler.quoteOutstanding(user.organizationId);
  });
  registerEndpoint(app, endpoints.payOutstandingInvoice, async (_input, { user }) => {
    await scheduler.payOutstanding(user.organizationId);
    return subscriptions.summary(user);
  });
  registerEndpoint(app, contract.pricing.listPlanUpgrades, (_input, { user }) =>
    subscriptions.upgrades(user),
  );
  registerEndpoint(app, endpoints.getSubscription, async (_input, { user }) => {
    const subscription = await subscriptions.current(user, { includeExpired: true });
    return subscription
      ? {
          planId: subscription.planId,
          currency: subscription.currency,
          status: subscription.status,
          currentPeriodStart: subscription.currentPeriodStart.toISOString(),
          currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
          scheduledPlanId: subscription.scheduledPlanId,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        }
      : null;
  });
  registerEndpoint(app, endpoints.getSubscriptionSummary, (_input, { user, reply }) => {
    reply.header('cache-control', 'no-store');
    return subscriptions.summary(user);
  });
  /**
   * Every place a promo code is evaluated counts against the same limit, per address and per organization, so
   * codes cannot be guessed through quotes or purchases either.
   */
  const countPromoCodeCheck = async (
    promoCode: string | undefined,
    ip: string,
    organizationId: string,
  ): Promise<void> => {
    if (!promoCode) return;
    await rateLimiter.consume(promoCodeCheckLimit, ip);
    await rateLimiter.consume(promoCodeCheckLimit, `organization:${organizationId}`);
  };
  registerEndpoint(app, endpoints.getUpgradeCost, async ({ query }, { user, request }) => {
    await countPromoCodeCheck(query.promoCode, request.ip, user.organizationId);
    return subscriptions.quote(user, query);
  });
  registerEndpoint(app, endpoints.startSubscription, async ({ body }, { user, request }) => {
    await countPromoCodeCheck(body.promoCode, request.ip, user.organizationId);
    return subscriptions.start(user, body);
  });
  registerEndpoint(app, endpoints.changeSubscription, async ({ body }, { user, request }) => {
    await countPromoCodeCheck(body.promoCode, request.ip, user.organizationId);
    return subscriptions.change(user, body);
  });
  registerEndpoint(app, endpoints.cancelSubscription, (_input, { user }) => subscriptions.cancel(user));
  registerEndpoint(app, endpoints.cancelTrialPlan, (_input, { user }) => subscriptions.cancelTrialPlan(user));
  registerEndpoint(app, endpoints.listInvoices, ({ query }, { user }) => subscriptions.invoices(user, query));
  registerEndpoint(app, endpoints.downloadInvoice, async ({ params }, { user, reply }) => {
    reply.header('cache-control', 'no-store');
    return subscriptions.invoicePdf(user, params.invoiceId);
  });
  registerEndpoint(app, endpoints.calculateDiscountedPrice, async ({ body }, { request }) => {
    await rateLimiter.consume(promoCodeCheckLimit, request.ip);
    return subscriptions.discountedPrice(body);
  });
}
