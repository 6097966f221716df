export { daysUntil, formatDate, formatTime } from './date.js';
export { formatMoney } from './money.js';
