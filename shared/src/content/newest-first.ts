/**
 * Items sorted by date, newest first. Items without a date (drafts seen in preview) come first, as the newest;
 * items with the same date keep their order.
 */
export function newestFirst<TItem>(
  items: readonly TItem[],
  dateOf: (item: TItem) => string | undefined,
): TItem[] {
  const time = (item: TItem) => {
    const date = dateOf(item);
    return date === undefined ? Number.POSITIVE_INFINITY : Date.parse(date);
  };
  return [...items].sort((first, second) => {
    const difference = time(second) - time(first);
    return Number.isNaN(difference) ? 0 : difference;
  });
}
