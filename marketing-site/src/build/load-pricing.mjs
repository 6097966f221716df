// Pricing at build time comes from the API's GET /pricing-plans (plans are defined by the API's migrations).
// The configured API is asked first; outside production, when it is not running (as during `npm start`'s build
// step), the same API is started in-process on an in-memory database and asked instead.
import { contract } from '@dcipher/shared/contract';
import * as v from 'valibot';
import { startInProcessApi } from './in-process-api.mjs';

async function fromRunningApi(apiBaseUrl) {
  const fetchJson = async (path) => {
    const response = await fetch(`${apiBaseUrl.replace(/\/$/, '')}${path}`, {
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.json();
  };
  return {
    plans: await fetchJson(contract.pricing.listPricingPlans.path),
    payAsYouGo: await fetchJson(contract.pricing.listPayAsYouGoPrices.path),
  };
}

async function fromInProcessApi() {
  const app = await startInProcessApi();
  try {
    const read = async (path) => (await app.inject({ method: 'GET', url: path })).json();
    return {
      plans: await read(contract.pricing.listPricingPlans.path),
      payAsYouGo: await read(contract.pricing.listPayAsYouGoPrices.path),
    };
  } finally {
    await app.close();
  }
}

export async function loadPricing({ apiBaseUrl, environment, reporter }) {
  let raw;
  try {
    raw = await fromRunningApi(apiBaseUrl);
  } catch (error) {
    if (environment === 'production')
      throw new Error(`Pricing could not be read from ${apiBaseUrl}: ${error.message}`);
    reporter.info(
      `Pricing: ${apiBaseUrl} not reachable (${error.message}); reading it from an in-process API`,
    );
    raw = await fromInProcessApi();
  }
  return {
    plans: v.parse(contract.pricing.listPricingPlans.response, raw.plans),
    payAsYouGo: v.parse(contract.pricing.listPayAsYouGoPrices.response, raw.payAsYouGo),
    // The browser refreshes the prices from the same two calls (src/components/pricing/latest-pricing.ts).
    sources: {
      plans: contract.pricing.listPricingPlans.path,
      payAsYouGo: contract.pricing.listPayAsYouGoPrices.path,
    },
  };
}
