/**
 * The arithmetic of money (docs/decisions/0039): amounts are integer minor units (cents, pence) from end to end.
 * Every rate is applied with exact integer arithmetic (BigInt) and rounded once, **half up to the nearest minor
 * unit**; nothing here can produce a fraction of a cent or a negative amount. The API prices invoices with these
 * functions and the screens show their results, so what a customer is shown is what they are charged.
 */

import { isValidVatNumberFor } from './vat-number.js';

/** `numerator / denominator` of a non-negative amount, rounded half up; exact for any safe integer. */
function scaled(amount: number, numerator: number, denominator: number): number {
  assertMinorUnits(amount);
  if (denominator <= 0) throw new RangeError('denominator must be positive');
  const product = BigInt(amount) * BigInt(numerator);
  const whole = product / BigInt(denominator);
  const remainder = product % BigInt(denominator);
  return Number(remainder * 2n >= BigInt(denominator) ? whole + 1n : whole);
}

export function assertMinorUnits(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`money must be a non-negative whole number of minor units, got ${amount}`);
  }
}

/**
 * The share of a period's price for the part of the period still to come: `price × remaining / period`, by the
 * second, rounded half up. A remaining time outside the period is clamped to it.
 */
export function prorate(price: number, remainingSeconds: number, periodSeconds: number): number {
  const remaining = Math.min(Math.max(Math.floor(remainingSeconds), 0), Math.floor(periodSeconds));
  return scaled(price, remaining, Math.floor(periodSeconds));
}

/** A promo code's reduction: a whole percentage (1–100) or a fixed amount in the invoice's currency. */
export type Discount = { kind: 'percent'; percent: number } | { kind: 'fixed'; amount: number };

/** What a discount takes off `amount`: never more than the amount itself. */
export function discountOn(amount: number, discount: Discount | undefined): number {
  assertMinorUnits(amount);
  if (!discount) return 0;
  if (discount.kind === 'percent') {
    const percent = Math.min(Math.max(Math.floor(discount.percent), 0), 100);
    return scaled(amount, percent, 100);
  }
  assertMinorUnits(discount.amount);
  return Math.min(amount, discount.amount);
}

/** VAT on a net amount at a rate in basis points (2500 = 25 %), rounded half up. */
export function vatOn(net: number, rateBasisPoints: number): number {
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0) throw new RangeError('bad VAT rate');
  return scaled(net, rateBasisPoints, 10_000);
}

/** One priced invoice: every figure in minor units, `total = subtotal - discount + vat`. */
export interface PricedAmount {
  /** What the lines add up to before the discount (an upgrade: the new plan's share less the unused credit). */
  subtotal: number;
  discount: number;
  /** `subtotal - discount`: what VAT is charged on. */
  net: number;
  vatRateBasisPoints: number;
  vat: number;
  total: number;
}

/** Applies the discount, then VAT, to a subtotal: the one order every invoice follows. */
export function priceAmount(
  subtotal: number,
  discount: Discount | undefined,
  vatRateBasisPoints: number,
): PricedAmount {
  const taken = discountOn(subtotal, discount);
  const net = subtotal - taken;
  const vat = vatOn(net, vatRateBasisPoints);
  return { subtotal, discount: taken, net, vatRateBasisPoints, vat, total: net + vat };
}

/**
 * An upgrade in the middle of a period: the new plan's share of the rest of the period, less the unused share of
 * what was paid for the current plan, never below zero. (A change of billing period starts a new period: the whole
 * new price less the unused credit.)
 */
export function upgradeSubtotal({
  currentPrice,
  nextPrice,
  remainingSeconds,
  periodSeconds,
  newPeriod,
}: {
  currentPrice: number;
  nextPrice: number;
  remainingSeconds: number;
  periodSeconds: number;
  /** The next plan bills on another period (monthly → annual): it starts a period of its own now. */
  newPeriod: boolean;
}): { charge: number; credit: number; subtotal: number } {
  const credit = prorate(currentPrice, remainingSeconds, periodSeconds);
  assertMinorUnits(nextPrice);
  const charge = newPeriod ? nextPrice : prorate(nextPrice, remainingSeconds, periodSeconds);
  return { charge, credit, subtotal: Math.max(0, charge - credit) };
}

/**
 * The VAT rate of an invoice (docs/decisions/0039). Dcipher invoices from Denmark:
 * - a customer in Denmark pays Danish VAT (25 %);
 * - a business elsewhere in the EU with a valid VAT number of its country pays none (reverse charge: it accounts
 *   for the VAT itself); a number that fails its country's format or check digits, or is another country's, is
 *   no VAT number, whenever it was stored (docs/decisions/0057);
 * - anyone else in the EU pays their own country's standard rate (the EU's one-stop shop for digital services);
 * - outside the EU no VAT is charged.
 */
export function vatRateFor({
  country,
  billingType,
  vatNumber,
}: {
  country: string;
  billingType: 'Individual' | 'Business';
  vatNumber?: string | null | undefined;
}): { rateBasisPoints: number; reverseCharge: boolean } {
  const rate = euStandardVatRates[country.toUpperCase()];
  if (rate === undefined) return { rateBasisPoints: 0, reverseCharge: false };
  if (country.toUpperCase() === sellerCountry) return { rateBasisPoints: rate, reverseCharge: false };
  if (billingType === 'Business' && isValidVatNumberFor(country, vatNumber)) {
    return { rateBasisPoints: 0, reverseCharge: true };
  }
  return { rateBasisPoints: rate, reverseCharge: false };
}

export const sellerCountry = 'DK';

/** Standard VAT rates of the EU member states, in basis points (as published by the European Commission, 2025). */
export const euStandardVatRates: Readonly<Record<string, number>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2200,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 1900,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

/** Spec section 4's plan status labels, exactly; `{0}` is a number of days. */
export const planStatusLabels = {
  active: 'Active',
  expired: 'Expired',
  expiring: 'Expiring in {0} days',
  trialing: 'Trialing',
  trialEnding: 'Free trial ends in {0} days',
  paymentProblem: 'Payment problem',
} as const;

/** The label of a plan's state, with its countdown in days where it has one. */
export function planStatusLabel(
  state: 'trialing' | 'active' | 'past_due' | 'expired',
  { daysLeft, cancelAtPeriodEnd = false }: { daysLeft: number | null; cancelAtPeriodEnd?: boolean },
): string {
  const days = (label: string) => label.replace('{0}', String(daysLeft ?? 0));
  switch (state) {
    case 'trialing':
      return daysLeft === null ? planStatusLabels.trialing : days(planStatusLabels.trialEnding);
    case 'active':
      return cancelAtPeriodEnd ? days(planStatusLabels.expiring) : planStatusLabels.active;
    case 'past_due':
      return planStatusLabels.paymentProblem;
    case 'expired':
      return planStatusLabels.expired;
  }
}
