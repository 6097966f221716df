import type {
  DocumentSummary,
  EntityCount,
  GroupSummary,
  GroupTerm,
  LanguageCount,
  RankedTerm,
  SentimentSummary,
  TermSentiment,
} from './analysis-results.js';
import type { Corpus, CorpusDocument } from './corpus.js';
import { caveatSettings } from './sentiment-scorer.js';
import { sentimentLabel } from './text-annotator.js';

const rounded = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Compares texts as `a.localeCompare(b)` does (the default locale's collation, without options) through one
 * collator, instead of one set up per call (issue 34, speed): the same order.
 */
export const compareText = new Intl.Collator().compare;

export { rounded };

/**
 * Terms ranked by the number of documents they occur in, then by their occurrences, then alphabetically (so equal
 * inputs give equal outputs). Terms in fewer than `minDocuments` documents are left out.
 */
export function rankTerms(
  termLists: readonly (readonly string[])[],
  limit: number,
  minDocuments = 1,
): RankedTerm[] {
  // One entry per term, counted in the documents holding it and in all; the list the terms came in marks a term
  // as counted for that list's document.
  const counts = new Map<string, { documents: number; occurrences: number; list: number }>();
  termLists.forEach((terms, list) => {
    for (const term of terms) {
      const entry = counts.get(term);
      if (entry === undefined) counts.set(term, { documents: 1, occurrences: 1, list });
      else {
        entry.occurrences += 1;
        if (entry.list !== list) {
          entry.list = list;
          entry.documents += 1;
        }
      }
    }
  });
  const ranked: RankedTerm[] = [];
  for (const [term, entry] of counts) {
    if (entry.documents >= minDocuments)
      ranked.push({ term, documents: entry.documents, occurrences: entry.occurrences });
  }
  return ranked
    .sort((a, b) => b.documents - a.documents || b.occurrences - a.occurrences || compareText(a.term, b.term))
    .slice(0, limit);
}

/** The kinds of term a document is counted under: content words, noun phrases, hashtags. */
export type TermKind = 'word' | 'phrase' | 'hashtag';

/** A term over the analysed documents: in how many it occurs (its one count, issue 34), how often in all, and as what. */
export interface TermStatistics {
  documents: number;
  occurrences: number;
  kind: TermKind;
}

/** Every term a document is counted under (its words, noun phrases and hashtags), each once, in that order. */
export function termsOfDocument(document: CorpusDocument): string[] {
  const { words, phrases, hashtags } = document.annotation;
  const terms = new Set(words);
  for (const phrase of phrases) terms.add(phrase);
  for (const hashtag of hashtags) terms.add(hashtag);
  return [...terms];
}

/**
 * Every term of a set of documents by id (the order `corpusTermStatistics` lists them in), and each document's terms
 * as ids (issue 34, speed): the per-group rankings and the narratives count on these instead of on the texts.
 */
export interface CorpusTermIndex {
  /** Each id's term. */
  termOf: readonly string[];
  /** How many documents contain each id's term. */
  documentFrequency: Int32Array;
  /** Every document's term ids, one after the other: its words, its noun phrases, its hashtags. */
  ids: Int32Array;
  /** Where each document's words (4 × position), phrases (+ 1), hashtags (+ 2) and end (+ 3) are in `ids`. */
  bounds: Int32Array;
  /** A document's position in the set. */
  positionOf: ReadonlyMap<CorpusDocument, number>;
  /** Each term's id. */
  idOf: ReadonlyMap<string, number>;
}

const statisticsOfCorpus = new WeakMap<readonly CorpusDocument[], Map<string, TermStatistics>>();
const indexOfCorpus = new WeakMap<readonly CorpusDocument[], CorpusTermIndex>();

/**
 * The corpus document frequency of every term (issue 34, "one definition per figure"; docs/decisions/0103): the
 * number of analysed documents containing it, computed once per set of documents and reused by every analysis, so
 * one term has one count in content, trend, news and narrative results, their files and their screens.
 */
export function corpusTermStatistics(
  documents: readonly CorpusDocument[],
): ReadonlyMap<string, TermStatistics> {
  const cached = statisticsOfCorpus.get(documents);
  if (cached) return cached;
  const idOf = new Map<string, number>();
  const entries: TermStatistics[] = [];
  const termOf: string[] = [];
  // The last document each term was counted for, by its id (no set per document).
  const lastDocument: number[] = [];
  let total = 0;
  for (const { annotation } of documents)
    total += annotation.words.length + annotation.phrases.length + annotation.hashtags.length;
  const ids = new Int32Array(total);
  const bounds = new Int32Array(documents.length * 4);
  const positionOf = new Map<CorpusDocument, number>();
  let at = 0;
  const count = (terms: readonly string[], kind: TermKind, index: number) => {
    for (const term of terms) {
      let id = idOf.get(term);
      if (id === undefined) {
        id = entries.length;
        idOf.set(term, id);
        entries.push({ documents: 0, occurrences: 0, kind });
        termOf.push(term);
        lastDocument.push(-1);
      }
      const entry = entries[id]!;
      entry.occurrences += 1;
      if (lastDocument[id] !== index) {
        lastDocument[id] = index;
        entry.documents += 1;
      }
      ids[at] = id;
      at += 1;
    }
  };
  documents.forEach((document, index) => {
    positionOf.set(document, index);
    bounds[index * 4] = at;
    count(document.annotation.words, 'word', index);
    bounds[index * 4 + 1] = at;
    count(document.annotation.phrases, 'phrase', index);
    bounds[index * 4 + 2] = at;
    count(document.annotation.hashtags, 'hashtag', index);
    bounds[index * 4 + 3] = at;
  });
  const statistics = new Map<string, TermStatistics>();
  const documentFrequency = new Int32Array(entries.length);
  entries.forEach((entry, id) => {
    statistics.set(termOf[id]!, entry);
    documentFrequency[id] = entry.documents;
  });
  statisticsOfCorpus.set(documents, statistics);
  indexOfCorpus.set(documents, { termOf, documentFrequency, ids, bounds, positionOf, idOf });
  return statistics;
}

/** The terms of a set of documents by id, built with (and as once as) `corpusTermStatistics`. */
export function corpusTermIndex(documents: readonly CorpusDocument[]): CorpusTermIndex {
  if (!indexOfCorpus.has(documents)) corpusTermStatistics(documents);
  return indexOfCorpus.get(documents)!;
}

/** Every document's terms as `termsOfDocument` gives them (each once, in that order), read from the term ids. */
export function termsOfDocuments(documents: readonly CorpusDocument[]): string[][] {
  const { termOf, ids, bounds } = corpusTermIndex(documents);
  const lastDocument = new Int32Array(termOf.length).fill(-1);
  return documents.map((_, position) => {
    const terms: string[] = [];
    const end = bounds[position * 4 + 3]!;
    for (let at = bounds[position * 4]!; at < end; at += 1) {
      const id = ids[at]!;
      if (lastDocument[id] === position) continue;
      lastDocument[id] = position;
      terms.push(termOf[id]!);
    }
    return terms;
  });
}

/** A term's corpus figures under `RankedTerm`'s names (0 for a term no analysed document contains). */
export function corpusFiguresOf(
  statistics: ReadonlyMap<string, TermStatistics>,
  term: string,
): Pick<RankedTerm, 'documents' | 'occurrences'> {
  const entry = statistics.get(term);
  return { documents: entry?.documents ?? 0, occurrences: entry?.occurrences ?? 0 };
}

/** The corpus's terms of one kind ranked like `rankTerms`, from the statistics computed once. */
export function topCorpusTerms(
  statistics: ReadonlyMap<string, TermStatistics>,
  kind: TermKind,
  limit: number,
  minDocuments = 1,
): RankedTerm[] {
  const ranked: RankedTerm[] = [];
  for (const [term, entry] of statistics) {
    if (entry.kind !== kind || entry.documents < minDocuments) continue;
    ranked.push({ term, documents: entry.documents, occurrences: entry.occurrences });
  }
  return ranked
    .sort((a, b) => b.documents - a.documents || b.occurrences - a.occurrences || compareText(a.term, b.term))
    .slice(0, limit);
}

/** How many keywords every analysis lists, by the documents containing them. */
export const keywordListSize = 50;

/** The keywords of a corpus: the same list, with the same counts, in every analysis of it. */
export function corpusKeywords(corpus: Pick<Corpus, 'documents'>): RankedTerm[] {
  return topCorpusTerms(
    corpusTermStatistics(corpus.documents),
    'word',
    keywordListSize,
    minimumDocumentsFor(corpus.documents.length),
  );
}

/** In a set of ten documents or more a keyword must occur in two of them; below that one is enough. */
export function minimumDocumentsFor(documentCount: number): number {
  return documentCount >= 10 ? 2 : 1;
}

export function summariseSentiment(scores: readonly number[]): SentimentSummary {
  const summary: SentimentSummary = { average: 0, positive: 0, negative: 0, neutral: 0 };
  let sum = 0;
  for (const score of scores) {
    sum += score;
    summary[sentimentLabel(score)] += 1;
  }
  summary.average = scores.length === 0 ? 0 : rounded(sum / scores.length);
  return summary;
}

/** The overall sentiment of documents, with how many hold no opinion or read as technical, and the caveat. */
export function summariseDocumentSentiment(documents: readonly CorpusDocument[]): SentimentSummary {
  const summary = summariseSentiment(documents.map((document) => document.annotation.sentiment));
  let withoutOpinion = 0;
  let technical = 0;
  for (const { annotation } of documents) {
    if (annotation.sentiment === 0 && !annotation.opinionWords) withoutOpinion += 1;
    if (annotation.technical) technical += 1;
  }
  const count = documents.length;
  const caveat =
    count > 0 &&
    (withoutOpinion / count >= caveatSettings.withoutOpinionShare ||
      technical / count >= caveatSettings.technicalShare);
  return { ...summary, withoutOpinion, technical, ...(caveat ? { caveat: 'notOpinion' as const } : {}) };
}

/**
 * The sentiment of the documents holding each term: their mean score and how many fall on each side (a term's
 * documents counted as everywhere else: each document once). A document's terms are its words (`words`) or its
 * words, noun phrases and hashtags (`all`), read from the corpus's term ids (issue 34, speed).
 */
export function sentimentByTerm(
  documents: readonly CorpusDocument[],
  termsOf: 'words' | 'all',
  terms: readonly string[],
): TermSentiment[] {
  const wanted = new Map(terms.map((term) => [term, [] as number[]]));
  const { idOf, ids, bounds, termOf } = corpusTermIndex(documents);
  // Each wanted term's scores by its id, and the last document its score was taken from (each document once).
  const scoresOf: (number[] | undefined)[] = new Array(termOf.length);
  for (const [term, scores] of wanted) {
    const id = idOf.get(term);
    if (id !== undefined) scoresOf[id] = scores;
  }
  const lastDocument = new Int32Array(termOf.length).fill(-1);
  const endOffset = termsOf === 'words' ? 1 : 3;
  documents.forEach((document, position) => {
    const end = bounds[position * 4 + endOffset]!;
    for (let at = bounds[position * 4]!; at < end; at += 1) {
      const id = ids[at]!;
      const scores = scoresOf[id];
      if (scores === undefined || lastDocument[id] === position) continue;
      lastDocument[id] = position;
      scores.push(document.annotation.sentiment);
    }
  });
  return [...wanted].map(([term, scores]) => ({
    term,
    documents: scores.length,
    ...summariseSentiment(scores),
  }));
}

export function countLanguages(documents: readonly CorpusDocument[]): LanguageCount[] {
  const counts = new Map<string, number>();
  for (const document of documents) counts.set(document.language, (counts.get(document.language) ?? 0) + 1);
  return [...counts]
    .map(([language, count]) => ({ language, documents: count }))
    .sort((a, b) => b.documents - a.documents || compareText(a.language, b.language));
}

/** Entity values are counted case-blind (the first spelling seen is shown); at most `limitPerType` of each type. */
export function countEntities(documents: readonly CorpusDocument[], limitPerType: number): EntityCount[] {
  const counts = new Map<string, EntityCount>();
  for (const document of documents) {
    const seen = new Set<string>();
    for (const entity of document.annotation.entities) {
      const key = `${entity.type}\u0000${entity.value.toLowerCase()}`;
      let count = counts.get(key);
      if (!count) {
        count = { type: entity.type, value: entity.value, documents: 0, occurrences: 0 };
        counts.set(key, count);
      }
      count.occurrences += 1;
      if (!seen.has(key)) {
        seen.add(key);
        count.documents += 1;
      }
    }
  }
  const byType = new Map<string, EntityCount[]>();
  for (const count of counts.values()) {
    const list = byType.get(count.type) ?? [];
    list.push(count);
    byType.set(count.type, list);
  }
  return [...byType.values()].flatMap((list) =>
    list
      .sort(
        (a, b) => b.documents - a.documents || b.occurrences - a.occurrences || compareText(a.value, b.value),
      )
      .slice(0, limitPerType),
  );
}

/**
 * Each document's most distinctive words: term frequency times log inverse document frequency over the analysed
 * set, so a word every document uses says less than one this document shares with few.
 */
export function distinctiveKeywords(documents: readonly CorpusDocument[], perDocument: number): string[][] {
  // Counted on the corpus's term ids (issue 34, speed), the words of each document in their first occurrence's
  // order, so equal scores and texts keep the order the stable sort gave them.
  const { termOf, ids, bounds } = corpusTermIndex(documents);
  const documentFrequency = new Int32Array(termOf.length);
  const inDocument = new Int32Array(termOf.length);
  const lastDocument = new Int32Array(termOf.length).fill(-1);
  documents.forEach((_, position) => {
    const end = bounds[position * 4 + 1]!;
    for (let at = bounds[position * 4]!; at < end; at += 1) {
      const id = ids[at]!;
      if (lastDocument[id] === position) continue;
      lastDocument[id] = position;
      documentFrequency[id]! += 1;
    }
  });
  const total = documents.length;
  const seen: number[] = [];
  const scores: number[] = [];
  const best: number[] = [];
  // Score descending, then text, then first occurrence.
  const before = (x: number, y: number) =>
    scores[x]! > scores[y]! ||
    (scores[x] === scores[y] && compareText(termOf[seen[x]!]!, termOf[seen[y]!]!) < 0);
  return documents.map((_, position) => {
    seen.length = 0;
    const end = bounds[position * 4 + 1]!;
    for (let at = bounds[position * 4]!; at < end; at += 1) {
      const id = ids[at]!;
      if (inDocument[id] === 0) seen.push(id);
      inDocument[id]! += 1;
    }
    scores.length = 0;
    best.length = 0;
    for (let place = 0; place < seen.length; place += 1) {
      const id = seen[place]!;
      scores.push(inDocument[id]! * Math.log(1 + total / documentFrequency[id]!));
      inDocument[id] = 0;
      if (best.length === perDocument && (perDocument === 0 || !before(place, best[perDocument - 1]!)))
        continue;
      let at = best.length;
      while (at > 0 && before(place, best[at - 1]!)) at -= 1;
      best.splice(at, 0, place);
      if (best.length > perDocument) best.pop();
    }
    return best.map((place) => termOf[seen[place]!]!);
  });
}

export function summariseDocument(document: CorpusDocument, keywords: string[]): DocumentSummary {
  const { title, url } = document.document;
  return {
    id: document.id,
    row: document.row,
    text: document.text,
    ...(title ? { title } : {}),
    ...(document.source ? { source: document.source } : {}),
    ...(document.publishedAt ? { publishedAt: document.publishedAt.toISOString() } : {}),
    ...(url ? { url } : {}),
    language: document.language,
    tokens: document.annotation.tokens,
    sentiment: rounded(document.annotation.sentiment),
    sentimentLabel: sentimentLabel(document.annotation.sentiment),
    keywords,
    entities: document.annotation.entities,
  };
}

/** Orders group terms as `rankTerms` does: documents, then occurrences (both descending), then text. */
function compareGroupTerms(
  x: number,
  y: number,
  documents: Int32Array,
  occurrences: Int32Array,
  termOf: readonly string[],
): number {
  return (
    documents[y]! - documents[x]! || occurrences[y]! - occurrences[x]! || compareText(termOf[x]!, termOf[y]!)
  );
}

/**
 * The top terms (words and noun phrases) of a group of documents ranked as `rankTerms` ranks them, counted on term
 * ids (issue 34, speed): the same terms in the same order (equal ones in their first occurrence's order, as the
 * stable sort leaves them), the top `limit` picked in one pass instead of every term sorted.
 */
function rankGroupTerms(
  group: readonly CorpusDocument[],
  index: CorpusTermIndex,
  limit: number,
): { id: number; documents: number }[] {
  const { termOf, ids, bounds, positionOf } = index;
  const scratch = groupScratch(termOf.length);
  const { documents, occurrences, lastDocument } = scratch;
  const seen: number[] = [];
  group.forEach((document, member) => {
    const position = positionOf.get(document)!;
    const end = bounds[position * 4 + 2]!;
    for (let at = bounds[position * 4]!; at < end; at += 1) {
      const id = ids[at]!;
      if (occurrences[id] === 0) seen.push(id);
      occurrences[id]! += 1;
      if (lastDocument[id] !== member) {
        lastDocument[id] = member;
        documents[id]! += 1;
      }
    }
  });
  const best: number[] = [];
  for (const id of seen) {
    if (
      best.length === limit &&
      (limit === 0 || compareGroupTerms(id, best[limit - 1]!, documents, occurrences, termOf) >= 0)
    )
      continue;
    let place = best.length;
    while (place > 0 && compareGroupTerms(id, best[place - 1]!, documents, occurrences, termOf) < 0)
      place -= 1;
    best.splice(place, 0, id);
    if (best.length > limit) best.pop();
  }
  const ranked = best.map((id) => ({ id, documents: documents[id]! }));
  for (const id of seen) {
    documents[id] = 0;
    occurrences[id] = 0;
    lastDocument[id] = -1;
  }
  return ranked;
}

/** Counting arrays for group rankings, reused from group to group (left zeroed by each). */
let scratchArrays: { documents: Int32Array; occurrences: Int32Array; lastDocument: Int32Array } | undefined;
function groupScratch(termCount: number) {
  if (!scratchArrays || scratchArrays.documents.length < termCount) {
    const size = Math.max(termCount, 1024);
    scratchArrays = {
      documents: new Int32Array(size),
      occurrences: new Int32Array(size),
      lastDocument: new Int32Array(size).fill(-1),
    };
  }
  return scratchArrays;
}

/**
 * A group of documents (a source, a day): how many, their sentiment and their top words, ranked by the group's
 * documents containing them (`groupDocuments`), each with its one corpus count (`documents`, from `statistics`).
 * `corpus` is the set the group's documents belong to (the one `statistics` was computed for).
 */
export function summariseGroup(
  documents: readonly CorpusDocument[],
  topTerms: number,
  statistics: ReadonlyMap<string, TermStatistics>,
  corpus: readonly CorpusDocument[],
): GroupSummary {
  const index = corpusTermIndex(corpus);
  return {
    documents: documents.length,
    sentiment: summariseSentiment(documents.map((document) => document.annotation.sentiment)),
    topTerms: rankGroupTerms(documents, index, topTerms).map((term): GroupTerm => {
      const text = index.termOf[term.id]!;
      return { term: text, ...corpusFiguresOf(statistics, text), groupDocuments: term.documents };
    }),
  };
}
