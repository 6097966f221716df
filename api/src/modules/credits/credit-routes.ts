import { type AddOnPackage, contract, errorCodes, type WalletPackage } from '@dcipher/shared/contract';
import type { CurrencyCode } from '@dcipher/shared/domain';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../db/database.js';
import { ApiError, ValidationError } from '../../http/api-error.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import { findOrganizationName, lockOrganization } from '../people/organization-repository.js';
import { findSubscription } from '../subscriptions/subscription-repository.js';
import type { SubscriptionService } from '../subscriptions/subscription-service.js';
import type { AddOnPurchaseEffect, CreditsPurchaseEffect } from './credit-payment-effects.js';
import {
  appendCreditEntry,
  creditBalance,
  findWalletPackage,
  listAddOnPackages,
  listCreditTransactions,
  listOwnedAddOns,
  listWalletPackages,
  payAsYouGoPrice,
} from './credit-repository.js';

const endpoints = contract.credits;

class PackageNotFoundError extends ApiError<'NOT_FOUND'> {
  constructor() {
    super(errorCodes.notFound, { params: { reason: 'walletPackage' } });
  }
}

class OrganizationNotFoundError extends ApiError<'NOT_FOUND'> {
  constructor() {
    super(errorCodes.notFound, { params: { reason: 'organization' } });
  }
}

class NoPlanForAddOnError extends ApiError<'SUBSCRIPTION_CONFLICT'> {
  constructor() {
    super(errorCodes.subscriptionConflict, { params: { reason: 'noPlanForAddOn' } });
  }
}

/** What buying a credit package is, for its quote and its purchase alike (one price, one invoice line). */
const creditsPurchase = (walletPackage: WalletPackage, currency: CurrencyCode | undefined) => ({
  item: walletPackage.id,
  currency,
  description: `${walletPackage.name} for the wallet`,
  amount: (chosen: CurrencyCode) => walletPackage.prices[chosen],
});

/** What buying an add-on is, for its quote and its purchase alike. */
const addOnPurchase = (addOn: AddOnPackage) => ({
  item: addOn.id,
  description: `${addOn.name}: ${addOn.description}`,
  amount: (chosen: CurrencyCode) => addOn.prices[chosen],
});

/**
 * The wallet and add-ons (docs/decisions/0041). Purchases go through the subscription service's one-off purchase,
 * so they are charged once per idempotency key, invoiced, and recorded in the invoice's transaction.
 */
export function registerCreditRoutes(
  app: FastifyInstance,
  database: Database,
  subscriptions: SubscriptionService,
) {
  registerEndpoint(app, endpoints.listWalletPackages, () => listWalletPackages(database));

  registerEndpoint(app, endpoints.getCustomerCredits, async (_input, { user, reply }) => {
    reply.header('cache-control', 'no-store');
    return { balance: await creditBalance(database, user.organizationId) };
  });

  registerEndpoint(app, endpoints.listCreditTransactions, ({ query }, { user }) =>
    listCreditTransactions(database, user.organizationId, query.page ?? 1),
  );

  registerEndpoint(app, endpoints.buyCredits, async ({ body }, { user }) => {
    const walletPackage = await findWalletPackage(database, body.packageId);
    if (!walletPackage) throw new PackageNotFoundError();
    const { invoice } = await subscriptions.purchase(user, {
      idempotencyKey: body.idempotencyKey,
      operation: endpoints.buyCredits.operation,
      ...creditsPurchase(walletPackage, body.currency),
      effect: async () => ({
        effect: {
          kind: 'credits',
          credits: walletPackage.credits,
          packageName: walletPackage.name,
        } satisfies CreditsPurchaseEffect,
      }),
    });
    return { balance: await creditBalance(database, user.organizationId), invoice };
  });

  registerEndpoint(app, endpoints.getCreditsQuote, async ({ query }, { user, reply }) => {
    reply.header('cache-control', 'no-store');
    const walletPackage = await findWalletPackage(database, query.packageId);
    if (!walletPackage) throw new PackageNotFoundError();
    return subscriptions.purchaseQuote(user, creditsPurchase(walletPackage, query.currency));
  });

  registerEndpoint(app, endpoints.calculateCreditCost, async ({ body }) => {
    const price = await payAsYouGoPrice(database, body.usageCategory);
    if (!price) {
      throw new ValidationError('noPayAsYouGoPrice', 'usageCategory');
    }
    return {
      usageCategory: body.usageCategory,
      quantity: body.quantity,
      unit: price.unit,
      credits: price.usd * body.quantity,
    };
  });

  registerEndpoint(app, endpoints.giftCredits, async ({ body }, { user }) => {
    if ((await findOrganizationName(database, body.organizationId)) === undefined)
      throw new OrganizationNotFoundError();
    await appendCreditEntry(database, {
      organizationId: body.organizationId,
      kind: 'gift',
      credits: body.credits,
      description: `Gift from Dcipher: ${body.reason} (${user.email})`,
    });
    return { balance: await creditBalance(database, body.organizationId) };
  });

  registerEndpoint(app, endpoints.resetCredits, async ({ body }, { user }) => {
    if ((await findOrganizationName(database, body.organizationId)) === undefined)
      throw new OrganizationNotFoundError();
    await database.transaction(async (transaction) => {
      // One reset at a time per organization, so two cannot both subtract the same balance.
      await lockOrganization(transaction, body.organizationId);
      const balance = await creditBalance(transaction, body.organizationId);
      await appendCreditEntry(transaction, {
        organizationId: body.organizationId,
        kind: 'reset',
        credits: -balance,
        description: `Balance reset by Dcipher: ${body.reason} (${user.email})`,
      });
    });
    return { balance: await creditBalance(database, body.organizationId) };
  });

  registerEndpoint(app, endpoints.listAddOnPackages, () => listAddOnPackages(database));

  registerEndpoint(app, endpoints.listOwnedAddOns, (_input, { user }) =>
    listOwnedAddOns(database, user.organizationId, { at: new Date() }),
  );

  /** The plan an add-on adds to: refused without a running one (the quote and the purchase both ask). */
  async function planForAddOn(transaction: Queryable, organizationId: string) {
    const plan = await findSubscription(transaction, organizationId);
    if (plan?.status !== 'active' && plan?.status !== 'past_due') throw new NoPlanForAddOnError();
    return plan;
  }

  registerEndpoint(app, endpoints.getAddOnQuote, async ({ query }, { user, reply }) => {
    reply.header('cache-control', 'no-store');
    const addOn = (await listAddOnPackages(database)).find((entry) => entry.id === query.packageId);
    if (!addOn) throw new PackageNotFoundError();
    return subscriptions.purchaseQuote(user, {
      ...addOnPurchase(addOn),
      check: async (queryable) => ({
        periodEnd: (await planForAddOn(queryable, user.organizationId)).currentPeriodEnd,
      }),
    });
  });

  registerEndpoint(app, endpoints.purchaseAddOn, async ({ body }, { user }) => {
    const addOn = (await listAddOnPackages(database)).find((entry) => entry.id === body.packageId);
    if (!addOn) throw new PackageNotFoundError();
    const { invoice } = await subscriptions.purchase(user, {
      idempotencyKey: body.idempotencyKey,
      operation: endpoints.purchaseAddOn.operation,
      ...addOnPurchase(addOn),
      // Checked with the organization locked: the plan may end or change while the purchase waits its turn.
      effect: async (transaction) => {
        const plan = await planForAddOn(transaction, user.organizationId);
        return {
          effect: {
            kind: 'add-on',
            packageId: addOn.id,
            validUntil: plan.currentPeriodEnd.toISOString(),
          } satisfies AddOnPurchaseEffect,
          periodEnd: plan.currentPeriodEnd,
        };
      },
    });
    const [owned] = await listOwnedAddOns(database, user.organizationId, { invoiceId: invoice.id });
    if (!owned) throw new Error('the add-on paid with this invoice is missing');
    return { addOn: owned, invoice };
  });
}
