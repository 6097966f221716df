import type {
  DocumentSummary,
  EntityCount,
  GroupSummary,
  LanguageCount,
  RankedTerm,
  SentimentSummary,
  TermSentiment,
} from './analysis-results.js';
import type { CorpusDocument } from './corpus.js';
import { caveatSettings } from './sentiment-scorer.js';
import { sentimentLabel } from './text-annotator.js';

const rounded = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;

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
  const documents = new Map<string, number>();
  const occurrences = new Map<string, number>();
  for (const terms of termLists) {
    for (const term of terms) occurrences.set(term, (occurrences.get(term) ?? 0) + 1);
    for (const term of new Set(terms)) documents.set(term, (documents.get(term) ?? 0) + 1);
  }
  return [...documents]
    .filter(([, count]) => count >= minDocuments)
    .map(([term, count]) => ({ term, documents: count, occurrences: occurrences.get(term) ?? 0 }))
    .sort(
      (a, b) => b.documents - a.documents || b.occurrences - a.occurrences || a.term.localeCompare(b.term),
    )
    .slice(0, limit);
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
 * documents counted as everywhere else: each document once).
 */
export function sentimentByTerm(
  documents: readonly CorpusDocument[],
  termsOf: (document: CorpusDocument) => Iterable<string>,
  terms: readonly string[],
): TermSentiment[] {
  const wanted = new Map(terms.map((term) => [term, [] as number[]]));
  for (const document of documents) {
    for (const term of new Set(termsOf(document))) wanted.get(term)?.push(document.annotation.sentiment);
  }
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
    .sort((a, b) => b.documents - a.documents || a.language.localeCompare(b.language));
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
        (a, b) =>
          b.documents - a.documents || b.occurrences - a.occurrences || a.value.localeCompare(b.value),
      )
      .slice(0, limitPerType),
  );
}

/**
 * Each document's most distinctive words: term frequency times log inverse document frequency over the analysed
 * set, so a word every document uses says less than one this document shares with few.
 */
export function distinctiveKeywords(documents: readonly CorpusDocument[], perDocument: number): string[][] {
  const documentFrequency = new Map<string, number>();
  for (const document of documents) {
    for (const word of new Set(document.annotation.words)) {
      documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
    }
  }
  const total = documents.length;
  return documents.map((document) => {
    const frequency = new Map<string, number>();
    for (const word of document.annotation.words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
    return [...frequency]
      .map(([word, count]) => ({
        word,
        score: count * Math.log(1 + total / (documentFrequency.get(word) ?? 1)),
      }))
      .sort((a, b) => b.score - a.score || a.word.localeCompare(b.word))
      .slice(0, perDocument)
      .map((entry) => entry.word);
  });
}

export function summariseDocument(document: CorpusDocument, keywords: string[]): DocumentSummary {
  const { title, url } = document.document;
  return {
    id: document.id,
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

/** A group of documents (a source, a day): how many, their sentiment and their top words. */
export function summariseGroup(documents: readonly CorpusDocument[], topTerms: number): GroupSummary {
  return {
    documents: documents.length,
    sentiment: summariseSentiment(documents.map((document) => document.annotation.sentiment)),
    topTerms: rankTerms(
      documents.map((document) => [...document.annotation.words, ...document.annotation.phrases]),
      topTerms,
    ),
  };
}
