import type { RunInsights } from '../contract/flows.js';
import { workflowMessages } from '../validation/messages.js';
import { formatCount } from './figures.js';

/**
 * A run's headline finding in one sentence, from its insights: the biggest narrative (narrative analysis), else the
 * strongest rising term with a measured momentum (trend detection), else the keyword found in the most documents;
 * null when the run found none of these. The result view opens with it and the finished-run email names it.
 * React-free (`@dcipher/shared/insights/headline`), so the API imports it without the charts.
 */
export function headlineFinding(insights: RunInsights): string | null {
  const words = workflowMessages.headline;
  const biggest = [...(insights.narratives ?? [])].sort((a, b) => b.size - a.size)[0];
  if (biggest)
    return words.biggestNarrative(biggest.label, formatCount(biggest.size), Math.round(biggest.share * 100));
  if (insights.analysisType === 'trendDetection') {
    const rising = (insights.trend?.rising ?? [])
      .filter((term) => term.momentum !== null && term.momentum > 0)
      .sort((a, b) => (b.momentum ?? 0) - (a.momentum ?? 0))[0];
    if (rising?.momentum != null)
      return words.risingTerm(rising.term, formatCount(rising.volume), (2 ** rising.momentum).toFixed(1));
  }
  const top = [...insights.keywords].sort((a, b) => b.documents - a.documents)[0];
  if (top)
    return words.topKeyword(top.term, formatCount(top.documents), formatCount(insights.documents.analysed));
  return null;
}
