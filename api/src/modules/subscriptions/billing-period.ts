import type { BillingPeriod } from '@dcipher/shared/domain';
import { DateTime } from 'luxon';

/**
 * The end of a billing period that starts at `start`: one calendar month or year later, in UTC, with Luxon (as the
 * workflows' schedules, docs/decisions/0094): a month from Jan 31 ends on Feb 28 (29), a year from Feb 29 on Feb 28,
 * at the start's time of day.
 */
export function periodEnd(start: Date, period: BillingPeriod): Date {
  return DateTime.fromJSDate(start, { zone: 'utc' })
    .plus(period === 'annual' ? { years: 1 } : { months: 1 })
    .toJSDate();
}
