import type { ScheduleFrequency } from '@dcipher/shared/domain';
import { DateTime, type DurationLikeObject } from 'luxon';

/**
 * A schedule's slots on the calendar (docs/decisions/0094), with Luxon: slot n is the start plus n periods, each
 * counted from the start (never from the slot before), so a monthly schedule from the 31st runs on the last day of
 * each shorter month and on the 31st again after it (Jan 31, Feb 28 or 29, Mar 31...). A schedule has no time zone:
 * its start is an instant and its slots are counted in UTC, so they keep the start's UTC time of day.
 */
const periodOf: Record<ScheduleFrequency, DurationLikeObject> = {
  daily: { days: 1 },
  weekly: { weeks: 1 },
  monthly: { months: 1 },
  quarterly: { months: 3 },
  semiannual: { months: 6 },
  annual: { years: 1 },
  biennial: { years: 2 },
};

const utc = (at: Date) => DateTime.fromJSDate(at, { zone: 'utc' });

const times = (period: DurationLikeObject, steps: number): DurationLikeObject =>
  Object.fromEntries(Object.entries(period).map(([unit, amount]) => [unit, (amount as number) * steps]));

/** The schedule's slot `steps` periods after `start`. */
export function slotAt(start: Date, frequency: ScheduleFrequency, steps: number): Date {
  return utc(start).plus(times(periodOf[frequency], steps)).toJSDate();
}

/** How many whole periods of the schedule fit between `start` and `after` (never more). */
function periodsBetween(start: Date, frequency: ScheduleFrequency, after: Date): number {
  const period = periodOf[frequency];
  const [unit, amount] = Object.entries(period)[0] as [keyof DurationLikeObject, number];
  const elapsed = utc(after).diff(utc(start), unit).as(unit);
  return Math.max(0, Math.floor(elapsed / amount));
}

/** The schedule's first slot at or after `after` (strictly after with `strict`): the start itself if it is later. */
export function nextSlot(start: Date, frequency: ScheduleFrequency, after: Date, strict = false): Date {
  const due = (slot: Date) => (strict ? slot > after : slot >= after);
  if (due(start)) return start;
  // One period short of the estimate, then forward: a clamped month end never makes the estimate overshoot.
  let steps = Math.max(0, periodsBetween(start, frequency, after) - 1);
  for (;;) {
    const slot = slotAt(start, frequency, steps);
    if (due(slot)) return slot;
    steps += 1;
  }
}
