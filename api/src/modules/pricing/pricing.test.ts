// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { contract, type PricingPlan } from '@dcipher/shared/contract';
import { subscriptionQuotaLabels, usageCategories } from '@dcipher/shared/domain';
import * as v from 'valibot';
import { db } from '../../db/kysely.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

describe('pricing', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const setActive = (planId: string, isActive: boolean) =>
    db(server.database).updateTable('pricingPlans').set({ isActive }).where('id', '=', planId).execute();

  describe('GET /pricing-plans', () => {
    let plans: PricingPlan[];
    before(async () => {
      const response = await get('/pricing-plans');
      assert.equal(response.statusCode, 200);
      plans = response.json();
    });

    it('answers the plans in pricing-page order, as the contract describes them', () => {
      assert.ok(v.is(contract.pricing.listPricingPlans.response, plans));
      assert.deepEqual(
        plans.map((plan) => plan.id),
        [
          'starter-monthly',
          'starter-annual',
          'professional-monthly',
          'professional-annual',
          'business-monthly',
          'business-annual',
          'enterprise',
        ],
      );
    });

    it('prices in whole minor units under the spec keys usd, eur and gpb', () => {
      for (const plan of plans.filter((candidate) => !candidate.isCustom)) {
        assert.deepEqual(Object.keys(plan.prices ?? {}).sort(), ['eur', 'gpb', 'usd'], plan.id);
        for (const amount of Object.values(plan.prices ?? {})) {
          assert.ok(Number.isInteger(amount) && amount > 0, `${plan.id}: ${amount}`);
        }
      }
      const starter = plans.find((plan) => plan.id === 'starter-monthly');
      assert.deepEqual(starter?.prices, { usd: 4900, eur: 4500, gpb: 3900 });
    });

    it('makes every annual plan cheaper per month than its monthly variant', () => {
      for (const annual of plans.filter((plan) => plan.billingPeriod === 'annual' && !plan.isCustom)) {
        const monthly = plans.find((plan) => plan.id === annual.id.replace('-annual', '-monthly'));
        for (const currency of ['usd', 'eur', 'gpb'] as const) {
          const annualAmount = annual.prices?.[currency] ?? Number.NaN;
          const monthlyAmount = monthly?.prices?.[currency] ?? Number.NaN;
          assert.ok(annualAmount < monthlyAmount * 12, `${annual.id} ${currency}`);
        }
      }
    });

    it('gives self-serve plans the 14-day trial and Enterprise a price on request', () => {
      for (const plan of plans.filter((candidate) => !candidate.isCustom)) assert.equal(plan.trialDays, 14);
      const custom = plans.filter((plan) => plan.isCustom);
      assert.deepEqual(
        custom.map(({ id, name, prices, trialDays, customerType }) => ({
          id,
          name,
          prices,
          trialDays,
          customerType,
        })),
        [{ id: 'enterprise', name: 'Enterprise', prices: null, trialDays: 0, customerType: 'Business' }],
      );
    });

    it('lists every quota label of the spec for every plan, and some features', () => {
      for (const plan of plans) {
        assert.deepEqual(
          plan.quotas.map((quota) => quota.label),
          [...subscriptionQuotaLabels],
          plan.id,
        );
        assert.ok(plan.features.length > 0, plan.id);
      }
    });

    it('leaves retired plans out', async () => {
      await setActive('starter-annual', false);
      try {
        const ids = (await get('/pricing-plans')).json().map((plan: PricingPlan) => plan.id);
        assert.ok(!ids.includes('starter-annual'));
        assert.ok(ids.includes('starter-monthly'));
      } finally {
        await setActive('starter-annual', true);
      }
    });
  });

  describe('GET /pricing-plans/pay-as-you-go-prices', () => {
    it('answers a price in whole minor units per usage category', async () => {
      const response = await get('/pricing-plans/pay-as-you-go-prices');
      assert.equal(response.statusCode, 200);
      const prices = response.json();
      assert.ok(v.is(contract.pricing.listPayAsYouGoPrices.response, prices));
      const categories = prices.map((price: { usageCategory: string }) => price.usageCategory);
      for (const category of ['LLM', 'ResearchBotAnswer', 'KnowledgeBaseTraining', 'LandscapeGeneration']) {
        assert.ok(categories.includes(category), category);
      }
      assert.ok(
        categories.every((category: string) => (usageCategories as readonly string[]).includes(category)),
      );
      assert.equal(new Set(categories).size, categories.length);
      assert.deepEqual(prices[0], {
        usageCategory: 'LLM',
        unit: '10,000 tokens',
        prices: { usd: 10, eur: 9, gpb: 8 },
      });
    });
  });
});
