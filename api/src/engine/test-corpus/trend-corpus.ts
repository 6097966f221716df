import type { CorpusDocument } from '../corpus.js';
import { seededRandom } from '../narrative-clustering.js';

/**
 * Generated corpora for trend tests and `bench:flows` (decision 0097): documents already read (their terms given),
 * so the trend detection is measured alone. In a no-trend corpus every document draws its terms from one fixed
 * Zipf-like distribution, whatever its date: any term called rising or falling there is a false alarm.
 */

/** mulberry32, the engine's seeded generator (narrative-clustering.ts), re-exported for the bench. */
export { seededRandom };

let rowsHandedOut = 0;

/** A document published at `date` mentioning `words` (read as already annotated), with a row of its own. */
export function annotatedDocument(id: string, date: Date, words: string[]): CorpusDocument {
  rowsHandedOut += 1;
  return {
    id,
    row: rowsHandedOut,
    document: { text: words.join(' ') },
    text: words.join(' '),
    publishedAt: date,
    source: null,
    language: 'en',
    annotation: { tokens: words.length, sentiment: 0, words, hashtags: [], phrases: [], entities: [] },
  };
}

export interface NoTrendOptions {
  seed: number;
  documents: number;
  /** The first date and the span in days; dates are spread uniformly over it. */
  from: Date;
  days: number;
  /** How many different terms, and how many a document draws. */
  vocabulary?: number;
  termsPerDocument?: number;
}

/** Documents whose terms come from one fixed distribution at every date: nothing trends. */
export function noTrendCorpus(options: NoTrendOptions): CorpusDocument[] {
  const random = seededRandom(options.seed);
  const vocabulary = options.vocabulary ?? 400;
  const perDocument = options.termsPerDocument ?? 8;
  // Zipf weights (s = 1): term i is drawn with probability proportional to 1 / (i + 1).
  const cumulative: number[] = [];
  let sum = 0;
  for (let index = 0; index < vocabulary; index += 1) {
    sum += 1 / (index + 1);
    cumulative.push(sum);
  }
  const draw = () => {
    const target = random() * sum;
    let low = 0;
    let high = vocabulary - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return `term${low}`;
  };
  const start = options.from.getTime();
  const documents: CorpusDocument[] = [];
  for (let index = 0; index < options.documents; index += 1) {
    const date = new Date(start + Math.floor(random() * options.days * 86_400_000));
    const words = new Set<string>();
    for (let draws = 0; draws < perDocument; draws += 1) words.add(draw());
    documents.push(annotatedDocument(`d${index}`, date, [...words]));
  }
  return documents;
}

/**
 * Adds `term` to `mentions` documents published on or after `since` (the first ones in date order), as a topic
 * that takes off at the end.
 */
export function injectBurst(
  documents: CorpusDocument[],
  term: string,
  mentions: number,
  since: Date,
): CorpusDocument[] {
  const late = documents
    .filter((document) => document.publishedAt!.getTime() >= since.getTime())
    .sort((a, b) => a.publishedAt!.getTime() - b.publishedAt!.getTime());
  if (late.length < mentions) throw new Error(`only ${late.length} documents from ${since.toISOString()}`);
  const chosen = new Set(
    late.filter((_, index) => index % Math.floor(late.length / mentions) === 0).slice(0, mentions),
  );
  return documents.map((document) =>
    chosen.has(document)
      ? annotatedDocument(document.id, document.publishedAt!, [...document.annotation.words, term])
      : document,
  );
}
