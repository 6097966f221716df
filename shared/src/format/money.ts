import { type CurrencyCode, currencySymbols } from '../domain/constants.js';

/**
 * Formats integer minor units (cents, pence) with the spec's symbols (usd $, eur €, and the spec's `gpb` key £).
 * `compact` drops zero decimals ("$49" instead of "$49.00").
 */
export function formatMoney(
  minorUnits: number,
  currency: CurrencyCode,
  options: { compact?: boolean } = {},
): string {
  if (!Number.isInteger(minorUnits)) throw new TypeError('Money is integer minor units');
  const negative = minorUnits < 0;
  const absolute = Math.abs(minorUnits);
  const major = Math.floor(absolute / 100);
  const minor = absolute % 100;
  const grouped = major.toLocaleString('en-GB');
  const amount = options.compact && minor === 0 ? grouped : `${grouped}.${String(minor).padStart(2, '0')}`;
  return `${negative ? '-' : ''}${currencySymbols[currency]}${amount}`;
}
