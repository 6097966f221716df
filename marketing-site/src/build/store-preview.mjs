import { headlineFinding } from '@dcipher/shared/insights/headline';

/** How many keywords a store card's small chart shows. */
export const previewKeywordCount = 3;

/**
 * What the store list and the home page show of a sample's last run (issue 36 point 2, docs/decisions/0127): its
 * headline finding (the sentence the result view opens with) and the keywords found in the most documents, for a
 * small bar chart. Computed at build time so a page carries these few figures, not the whole run.
 */
export function storePreviewOf(lastRun) {
  if (!lastRun) return null;
  const { insights } = lastRun;
  return {
    headline: headlineFinding(insights),
    documentsAnalysed: lastRun.documentsAnalysed,
    keywords: [...insights.keywords]
      .sort((a, b) => b.documents - a.documents)
      .slice(0, previewKeywordCount)
      .map((keyword) => ({ term: keyword.term, documents: keyword.documents })),
  };
}
