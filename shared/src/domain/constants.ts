// Business constants of product-spec sections 1 and 9.

export const productName = 'Dcipher';
export const companyName = 'Dcipher';
export const defaultDescription = 'AI-powered Insight Automation';
export const freeTrialDays = 14;
export const staySignedInDays = 14;
export const defaultCustomerLogoHeight = 48;
export const customerLogoBox = { width: 140, height: 52 } as const;
export const scrollDepthStepPercent = 25;

/** Currency display symbols by lowercase code; the spec spells the pound key `gpb`, and so do we. */
export const currencySymbols = { usd: '$', eur: '€', gpb: '£' } as const;
export type CurrencyCode = keyof typeof currencySymbols;

/** A page title is the company name plus an optional " | title". */
export function pageTitle(title?: string): string {
  const trimmed = title?.trim();
  return trimmed ? `${companyName} | ${trimmed}` : companyName;
}
