/**
 * @jest-environment node
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PayAsYouGoPrice, PricingPlan } from '@dcipher/shared/contract';
import { subscriptionQuotaLabels } from '@dcipher/shared/domain';
import { latestPricing } from './latest-pricing';

const plan = (eur: number): PricingPlan => ({
  id: 'starter-monthly',
  name: 'Starter',
  description: 'Starter plan',
  customerType: 'Individual',
  billingPeriod: 'monthly',
  prices: { usd: eur, eur, gpb: eur },
  trialDays: 14,
  features: ['Starter feature'],
  quotas: subscriptionQuotaLabels.map((label) => ({ label, value: '2' })),
  isCustom: false,
  sortOrder: 1,
});
const payAsYouGo: PayAsYouGoPrice[] = [
  { usageCategory: 'LLM', unit: '10,000 tokens', prices: { usd: 20, eur: 20, gpb: 18 } },
];

// A real HTTP server answering the two calls as the API does; `answers` is what it serves now.
let answers: Record<string, unknown> = {};
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    const body = answers[request.url ?? ''];
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { message: 'Not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const built = {
  plans: [plan(4500)],
  payAsYouGo,
  sources: { plans: '/pricing-plans', payAsYouGo: '/pricing-plans/pay-as-you-go-prices' },
};

it('gives the prices the API has now when they changed since the page was built', async () => {
  answers = { '/pricing-plans': [plan(4900)], '/pricing-plans/pay-as-you-go-prices': payAsYouGo };
  const latest = await latestPricing(baseUrl, built);
  expect(latest?.plans[0]?.prices).toEqual({ usd: 4900, eur: 4900, gpb: 4900 });
  expect(latest?.payAsYouGo).toEqual(payAsYouGo);
});

it('gives nothing when the prices are the ones the page was built with, so the page does not render again', async () => {
  answers = { '/pricing-plans': [plan(4500)], '/pricing-plans/pay-as-you-go-prices': payAsYouGo };
  await expect(latestPricing(baseUrl, built)).resolves.toBeUndefined();
});

it('compares as data: the same prices with their keys in another order, or with fields the page does not use, are unchanged', async () => {
  const reordered = Object.fromEntries(Object.entries(plan(4500)).reverse());
  answers = {
    '/pricing-plans': [{ ...reordered, addedLater: true }],
    '/pricing-plans/pay-as-you-go-prices': payAsYouGo,
  };
  await expect(latestPricing(baseUrl, built)).resolves.toBeUndefined();
});

it('refuses an answer that is not a list of plans (the page keeps its built prices)', async () => {
  answers = { '/pricing-plans': [{ id: 'x' }], '/pricing-plans/pay-as-you-go-prices': payAsYouGo };
  await expect(latestPricing(baseUrl, built)).rejects.toThrow();
  answers = {};
  await expect(latestPricing(baseUrl, built)).rejects.toThrow('/pricing-plans answered 404');
});
