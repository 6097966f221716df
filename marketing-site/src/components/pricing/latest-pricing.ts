import type { PricingData } from './parse-pricing';

export type { PricingData };

/** The pricing page's context: the prices it was built with, and where the two lists come from (the
 * contract's paths, written into the page at build time by src/build/load-pricing.mjs). */
export interface BuiltPricing extends PricingData {
  sources: { plans: string; payAsYouGo: string };
}

/** JSON with every object's keys sorted, so two answers compare as data whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

const samePricing = (a: PricingData, b: unknown[]) =>
  canonical(a.plans) === canonical(b[0]) && canonical(a.payAsYouGo) === canonical(b[1]);

/**
 * The plans and pay-as-you-go prices as the API has them now, or `undefined` when they are what the page was
 * built with (so the page does not render again for nothing). The usual answer, "unchanged", needs two requests
 * and a comparison only; the contract's schemas are loaded to check the API's answer only when it differs.
 * Rejects when the API cannot be read or answers something that is not a price list (the page keeps its prices).
 */
export async function latestPricing(
  apiBaseUrl: string,
  built: BuiltPricing,
): Promise<PricingData | undefined> {
  const base = apiBaseUrl.replace(/\/$/, '');
  const answers = await Promise.all(
    [built.sources.plans, built.sources.payAsYouGo].map(async (path) => {
      const response = await fetch(`${base}${path}`, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return (await response.json()) as unknown;
    }),
  );
  if (samePricing(built, answers)) return undefined;
  const { parsePricing } = await import('./parse-pricing');
  const latest = parsePricing(answers[0], answers[1]);
  if (latest.plans.length === 0) return undefined;
  return samePricing(built, [latest.plans, latest.payAsYouGo]) ? undefined : latest;
}
