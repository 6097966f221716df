import type { TermSentiment, TrendSummary } from './analysis-results.js';
import type { CorpusDocument } from './corpus.js';
import { sentimentByTerm, summariseDocumentSentiment } from './corpus-statistics.js';

/**
 * A trend with how favourably its documents speak (Brand monitoring promises "how favourably"): the sentiment of
 * all the documents, and of the documents holding each listed term (its words, noun phrases and hashtags, as the
 * trend counts them).
 */
export function withTrendSentiment<Trend extends TrendSummary & { keywords?: readonly { term: string }[] }>(
  documents: readonly CorpusDocument[],
  trend: Trend,
): Trend & { sentiment: ReturnType<typeof summariseDocumentSentiment>; termSentiment: TermSentiment[] } {
  const listed = [
    ...new Set(
      [...trend.terms, ...trend.rising, ...trend.falling, ...(trend.keywords ?? [])].map((term) => term.term),
    ),
  ];
  return {
    ...trend,
    sentiment: summariseDocumentSentiment(documents),
    termSentiment: sentimentByTerm(documents, 'all', listed),
  };
}
