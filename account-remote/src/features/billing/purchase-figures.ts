import type { PlanChangeQuote, PurchaseQuote } from '@dcipher/shared/contract';
import type { CurrencyCode } from '@dcipher/shared/domain';
import { formatDate } from '@dcipher/shared/format';
import type { ChargeFigures } from '../../kit/purchase';

/** How a currency is named in sentences ("You buy them in euros"). */
export const currencyNames: Record<CurrencyCode, string> = {
  usd: 'US dollars',
  eur: 'euros',
  gpb: 'pounds sterling',
};

/** The figures of a one-off purchase's quote, for the charge confirmation (as the API priced them). */
export function purchaseFigures(quote: PurchaseQuote): ChargeFigures {
  return {
    currency: quote.currency,
    lines: [{ label: quote.description, amount: quote.subtotal }],
    net: quote.subtotal,
    vatRateBasisPoints: quote.vatRateBasisPoints,
    reverseCharge: quote.reverseCharge,
    vat: quote.vat,
    total: quote.total,
    chargedAt: quote.chargedAt,
  };
}

/** The figures of a plan change's quote: the period charged, any unused time and discount, VAT and total. */
export function planChangeFigures(
  quote: PlanChangeQuote,
  billingPeriod: 'monthly' | 'annual',
): ChargeFigures {
  const lines = [
    {
      label:
        quote.kind === 'upgrade'
          ? `${quote.planName} until ${formatDate(quote.periodEnd)}`
          : `${quote.planName}, first ${billingPeriod === 'annual' ? 'year' : 'month'} (to ${formatDate(quote.periodEnd)})`,
      amount: quote.charge,
    },
  ];
  if (quote.credit > 0) lines.push({ label: 'Unused time on your current plan', amount: -quote.credit });
  if (quote.discount > 0) lines.push({ label: `Promo code ${quote.promoCode}`, amount: -quote.discount });
  return {
    currency: quote.currency,
    lines,
    net: quote.subtotal - quote.discount,
    vatRateBasisPoints: quote.vatRateBasisPoints,
    reverseCharge: quote.reverseCharge,
    vat: quote.vat,
    total: quote.total,
    // Kept trial days: charged when the trial ends; otherwise at once.
    chargedAt: quote.trialDaysKept > 0 && quote.chargedAt ? quote.chargedAt : 'now',
    ...(quote.kind === 'downgrade' && {
      when: `Nothing is charged now; ${quote.planName} starts, and its price is charged, at your renewal on ${formatDate(quote.effectiveAt)}`,
    }),
  };
}
