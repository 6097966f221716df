/**
 * The content service answers a slug query with a list; an empty list means not found. The entry is matched by
 * slug rather than taken first, so a service that ignored the filter cannot make one page show another's entry.
 */
export function findBySlug<TEntry extends { slug: string }>(
  entries: readonly TEntry[],
  slug: string,
): TEntry | undefined {
  return entries.find((entry) => entry.slug === slug);
}
