import { daysUntil, formatDate, formatMoney, formatTime } from './index.js';

describe('formatting', () => {
  it('shows dates as dd MMM yyyy and times as HH:mm', () => {
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('05 Mar 2026');
    // dd MMM yyyy for every month: September is "Sep", not the "Sept" of recent ICU data for en-GB.
    expect(formatDate('2025-09-23T00:00:00Z')).toBe('23 Sep 2025');
    expect(
      Array.from({ length: 12 }, (_, month) => formatDate(Date.UTC(2026, month, 1)).slice(3, 6)),
    ).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(formatDate('2026-12-31T23:59:59Z')).toBe('31 Dec 2026');
    expect(formatTime('2026-03-05T14:05:00Z')).toBe('14:05');
    expect(formatTime('2026-03-05T00:00:59Z')).toBe('00:00');
    expect(formatTime('2026-03-05T09:07:00+02:00')).toBe('07:07');
    expect(formatTime(Date.UTC(2026, 11, 31, 23, 59))).toBe('23:59');
    expect(() => formatTime('not a date')).toThrow(RangeError);
  });

  it('makes no Intl formatter when it loads (its first one loads locale data: a long task on a phone)', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      jest.isolateModules(() => {
        require('./date.js');
      });
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('counts whole days until a moment, never below zero', () => {
    const now = new Date('2026-11-01T00:00:00Z');
    expect(daysUntil('2026-11-15T00:00:00Z', now)).toBe(14);
    expect(daysUntil('2026-11-14T01:00:00Z', now)).toBe(14);
    expect(daysUntil('2026-10-01T00:00:00Z', now)).toBe(0);
  });

  it('formats integer minor units with the spec symbols, gpb included', () => {
    expect(formatMoney(4900, 'usd')).toBe('$49.00');
    expect(formatMoney(4900, 'eur', { compact: true })).toBe('€49');
    expect(formatMoney(123456, 'gpb')).toBe('£1,234.56');
    expect(formatMoney(-250, 'usd')).toBe('-$2.50');
    expect(() => formatMoney(49.5, 'usd')).toThrow('Money is integer minor units');
  });
});
