import type { CardBrand } from '../contract/credit-cards.js';

/** Issuer prefixes (IIN ranges) of each network, checked in order: the more specific ranges first. */
const brandPrefixes: readonly [CardBrand, RegExp][] = [
  ['amex', /^3[47]/],
  ['jcb', /^35(2[89]|[3-8]\d)/],
  ['diners', /^3(0[0-5]|[689])/],
  ['visa', /^4/],
  ['mastercard', /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/],
  ['discover', /^(6011|64[4-9]|65)/],
  ['unionpay', /^62/],
  ['maestro', /^(5[06-8]|6\d)/],
];

/** The card network a number belongs to, from its first digits; `unknown` when none matches. */
export function cardBrandOf(number: string): CardBrand {
  return brandPrefixes.find(([, prefix]) => prefix.test(number))?.[0] ?? 'unknown';
}
