/** @jest-environment jsdom */
import {
  currencyForCountry,
  isCurrencyCode,
  rememberCurrencyChoice,
  rememberedCurrencyChoice,
} from './currency.js';

describe('one currency (docs/decisions/0078)', () => {
  it('takes the billing country’s: euros in the EU, pounds in the UK, else US dollars', () => {
    expect(currencyForCountry('FR')).toBe('eur');
    expect(currencyForCountry('dk')).toBe('eur');
    expect(currencyForCountry('GB')).toBe('gpb');
    expect(currencyForCountry('US')).toBe('usd');
    expect(currencyForCountry('CH')).toBe('usd');
  });

  it('spells the currency keys as the spec does, pounds as gpb', () => {
    expect(isCurrencyCode('gpb')).toBe(true);
    expect(isCurrencyCode('gbp')).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
  });

  it('remembers the pricing page’s choice, and ignores anything else stored under its key', () => {
    localStorage.clear();
    expect(rememberedCurrencyChoice()).toBeUndefined();
    rememberCurrencyChoice('gpb');
    expect(rememberedCurrencyChoice()).toBe('gpb');
    localStorage.setItem('dcipher.currency', 'yen');
    expect(rememberedCurrencyChoice()).toBeUndefined();
    localStorage.clear();
  });
});
