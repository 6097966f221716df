/** A page of the site as the build indexed it (`public/search-index.json`, written by src/build/write-feeds.mjs). */
export interface SearchEntry {
  path: string;
  title: string;
  description: string;
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1);

/** Words of a mistyped address worth searching for ("/blog/pricng-plans" → "pricng plans"). */
export function queryFromPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: search the raw path's words.
  }
  return wordsOf(decoded)
    .filter((word) => !/^\d+$/.test(word))
    .slice(-4)
    .join(' ');
}

/** Whether a word of the query matches a word of the page: a prefix of it, or one letter off (typos). */
function matches(queryWord: string, pageWord: string): boolean {
  if (pageWord.startsWith(queryWord)) return true;
  if (queryWord.length < 4 || Math.abs(queryWord.length - pageWord.length) > 1) return false;
  let edits = 0;
  for (let q = 0, p = 0; q < queryWord.length || p < pageWord.length; ) {
    if (queryWord[q] === pageWord[p]) {
      q += 1;
      p += 1;
      continue;
    }
    edits += 1;
    if (edits > 1) return false;
    if (queryWord.length > pageWord.length) q += 1;
    else if (pageWord.length > queryWord.length) p += 1;
    else {
      q += 1;
      p += 1;
    }
  }
  return true;
}

/**
 * The pages that best match a query: each query word found in the title counts 3, in the path 2, in the
 * description 1; pages matching no word are left out. At most `limit`, best first, then by title.
 */
export function searchPages(entries: readonly SearchEntry[], query: string, limit = 8): SearchEntry[] {
  const queryWords = wordsOf(query);
  if (queryWords.length === 0) return [];
  const scored = entries.map((entry) => {
    const title = wordsOf(entry.title);
    const path = wordsOf(entry.path);
    const description = wordsOf(entry.description);
    let score = 0;
    for (const word of queryWords) {
      if (title.some((pageWord) => matches(word, pageWord))) score += 3;
      else if (path.some((pageWord) => matches(word, pageWord))) score += 2;
      else if (description.some((pageWord) => matches(word, pageWord))) score += 1;
    }
    return { entry, score };
  });
  return scored
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.entry.title.localeCompare(b.entry.title))
    .slice(0, limit)
    .map(({ entry }) => entry);
}
