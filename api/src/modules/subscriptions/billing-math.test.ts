// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  discountOn,
  euStandardVatRates,
  priceAmount,
  prorate,
  upgradeSubtotal,
  vatOn,
  vatRateFor,
} from '@dcipher/shared/domain';
import fc from 'fast-check';

/** Any amount a plan, a discount or an invoice may hold: up to a million in major units. */
const amount = fc.integer({ min: 0, max: 100_000_000 });
const period = fc.integer({ min: 1, max: 366 * 86_400 });
const discount = fc.oneof(
  fc.record({ kind: fc.constant('percent' as const), percent: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('fixed' as const), amount }),
);
const vatRate = fc.constantFrom(0, ...Object.values(euStandardVatRates));
const isMinorUnits = (value: number) => Number.isSafeInteger(value) && value >= 0;

describe('billing arithmetic (docs/decisions/0039): whole, non-negative minor units whatever the input', () => {
  it('proration is a whole share of the price, never more than the price', () => {
    fc.assert(
      fc.property(
        amount,
        period,
        fc.integer({ min: -1000, max: 400 * 86_400 }),
        (price, seconds, remaining) => {
          const share = prorate(price, remaining, seconds);
          assert.ok(isMinorUnits(share));
          assert.ok(share <= price);
          // Half up: within half a minor unit of the exact share.
          const exact = (price * Math.min(Math.max(remaining, 0), seconds)) / seconds;
          assert.ok(Math.abs(share - exact) <= 0.5 + 1e-9);
        },
      ),
    );
  });

  it('a discount never takes more than the amount; a price with it never goes negative', () => {
    fc.assert(
      fc.property(amount, discount, vatRate, (subtotal, promo, rate) => {
        const taken = discountOn(subtotal, promo);
        assert.ok(isMinorUnits(taken) && taken <= subtotal);
        const priced = priceAmount(subtotal, promo, rate);
        for (const figure of [priced.subtotal, priced.discount, priced.net, priced.vat, priced.total]) {
          assert.ok(isMinorUnits(figure), `${figure}`);
        }
        assert.equal(priced.total, priced.subtotal - priced.discount + priced.vat);
      }),
    );
  });

  it('VAT is the rate of the net amount rounded half up', () => {
    fc.assert(
      fc.property(amount, vatRate, (net, rate) => {
        const vat = vatOn(net, rate);
        assert.ok(isMinorUnits(vat));
        assert.ok(Math.abs(vat - (net * rate) / 10_000) <= 0.5 + 1e-9);
      }),
    );
  });

  it('an upgrade charges the new share less the unused credit, never below zero', () => {
    fc.assert(
      fc.property(
        amount,
        amount,
        period,
        fc.nat(),
        fc.boolean(),
        (current, next, seconds, elapsed, newPeriod) => {
          const remaining = Math.max(0, seconds - (elapsed % (seconds + 1)));
          const result = upgradeSubtotal({
            currentPrice: current,
            nextPrice: next,
            remainingSeconds: remaining,
            periodSeconds: seconds,
            newPeriod,
          });
          assert.ok(
            isMinorUnits(result.charge) && isMinorUnits(result.credit) && isMinorUnits(result.subtotal),
          );
          assert.equal(result.subtotal, Math.max(0, result.charge - result.credit));
          if (!newPeriod && next >= current) assert.ok(result.charge >= result.credit);
        },
      ),
    );
  });

  it('refuses fractions and negative money instead of rounding them away', () => {
    assert.throws(() => prorate(10.5, 1, 2), RangeError);
    assert.throws(() => discountOn(-1, undefined), RangeError);
    assert.throws(() => vatOn(100, -5), RangeError);
  });

  it('VAT rule: Danish VAT at home, reverse charge for EU businesses with a VAT number, none outside the EU', () => {
    assert.deepEqual(vatRateFor({ country: 'DK', billingType: 'Business', vatNumber: 'DK1' }), {
      rateBasisPoints: 2500,
      reverseCharge: false,
    });
    assert.deepEqual(vatRateFor({ country: 'DE', billingType: 'Business', vatNumber: 'DE136695976' }), {
      rateBasisPoints: 0,
      reverseCharge: true,
    });
    // Only a valid number of the billing country is one (docs/decisions/0057): any other text, a wrong check
    // digit or another country's number is charged VAT, wherever it was stored.
    for (const vatNumber of ['X', 'DE1', 'DE136695977', 'FR40303265045', '136695976']) {
      assert.deepEqual(vatRateFor({ country: 'DE', billingType: 'Business', vatNumber }), {
        rateBasisPoints: 1900,
        reverseCharge: false,
      });
    }
    assert.deepEqual(vatRateFor({ country: 'DE', billingType: 'Business', vatNumber: '' }), {
      rateBasisPoints: 1900,
      reverseCharge: false,
    });
    assert.deepEqual(vatRateFor({ country: 'FR', billingType: 'Individual', vatNumber: null }), {
      rateBasisPoints: 2000,
      reverseCharge: false,
    });
    assert.deepEqual(vatRateFor({ country: 'US', billingType: 'Business', vatNumber: null }), {
      rateBasisPoints: 0,
      reverseCharge: false,
    });
  });
});
