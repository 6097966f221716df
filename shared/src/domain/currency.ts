import { euStandardVatRates } from './billing.js';
import { type CurrencyCode, currencySymbols } from './constants.js';

/**
 * One currency per customer, chosen once (docs/decisions/0078): the pricing page's choice, carried through
 * sign-up to the organization; else the billing country's; a running plan keeps the currency it was bought in.
 */

/** What the pricing page shows first. */
export const defaultPricingCurrency: CurrencyCode = 'eur';

export const isCurrencyCode = (value: unknown): value is CurrencyCode =>
  typeof value === 'string' && Object.hasOwn(currencySymbols, value);

/** The currency of a billing country (ISO 3166 alpha-2): euros in the EU, pounds in the UK, else US dollars. */
export function currencyForCountry(country: string): CurrencyCode {
  const code = country.trim().toUpperCase();
  if (code === 'GB' || code === 'UK') return 'gpb';
  return euStandardVatRates[code] !== undefined ? 'eur' : 'usd';
}

/** Where the browser keeps the pricing page's choice until sign-up sends it (the site and the remote share it). */
const storageKey = 'dcipher.currency';

/** Remembers the currency the visitor saw prices in on the pricing page (nothing personal: a currency code). */
export function rememberCurrencyChoice(currency: CurrencyCode): void {
  try {
    globalThis.localStorage?.setItem(storageKey, currency);
  } catch {
    // Storage refused (private mode): sign-up falls back to the billing country.
  }
}

/** The pricing page's choice in this browser, if any. */
export function rememberedCurrencyChoice(): CurrencyCode | undefined {
  try {
    const stored = globalThis.localStorage?.getItem(storageKey);
    return isCurrencyCode(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}
