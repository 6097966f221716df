import { formatDate, formatTime } from '@dcipher/shared/format';

/** A moment as the account area shows it: "12 March 2026, 14:05 UTC". */
export const dateAndTime = (value: string) => `${formatDate(value)}, ${formatTime(value)} UTC`;
