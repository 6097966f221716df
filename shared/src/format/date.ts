// Dates are shown as dd MMM yyyy and times as HH:mm (spec section 9), in English, in UTC unless a zone is given.

/** The spec's MMM: three letters for every month. (en-GB's own short month is "Sept" in recent ICU versions.) */
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "05 Mar 2026". */
export function formatDate(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${String(value)}`);
  return `${twoDigits(date.getUTCDate())} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * "14:05". From the date's UTC fields, like formatDate: no `Intl.DateTimeFormat`, whose first construction
 * loads the browser's locale data (tens of milliseconds on a phone) and, made when this module loaded, was a
 * long task on every page that shows a date (docs/decisions/0051).
 */
export function formatTime(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${String(value)}`);
  return `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
}

/** Whole days from now until a moment (for "Free trial ends in {0} days"); never negative. */
export function daysUntil(value: string | number | Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((new Date(value).getTime() - now.getTime()) / 86_400_000));
}
