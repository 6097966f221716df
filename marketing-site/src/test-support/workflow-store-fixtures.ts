import type { LastRun, RunInsights, StoreEntry } from '@dcipher/shared/contract/flows';
import { predefinedWorkflows } from '@dcipher/shared/domain';

/** Insights of the shapes each analysis type gives (decision 0070), for the store's tests. */

const series = (volumes: number[]) =>
  volumes.map((volume, index) => ({ period: `2026-W${String(40 + index).padStart(2, '0')}`, volume }));

export const contentInsights: RunInsights = {
  analysisType: 'contentAnalysis',
  engine: 'default',
  documents: { received: 120, analysed: 120 },
  tokens: 5400,
  sentiment: { average: 0.21, positive: 70, negative: 30, neutral: 20 },
  keywords: [
    { term: 'espresso', documents: 64 },
    { term: 'milk frother', documents: 41 },
    { term: 'descaling', documents: 23 },
  ],
  keyPhrases: [{ term: 'easy to clean', documents: 18 }],
  entities: [{ type: 'money', value: '$249', documents: 7 }],
  languages: [{ language: 'en', documents: 120 }],
};

export const trendInsights: RunInsights = {
  analysisType: 'trendDetection',
  engine: 'default',
  documents: { received: 150, analysed: 150 },
  tokens: 4200,
  keywords: [{ term: 'heat pump', documents: 58 }],
  trend: {
    trendMetric: 'momentum',
    period: 'week',
    periods: series([14, 16, 15, 30]),
    rising: [
      { term: 'heat pump', volume: 58, momentum: 1.42, series: series([2, 3, 4, 20]) },
      { term: 'tariff', volume: 22, momentum: 0.61, series: series([4, 5, 5, 8]) },
      { term: 'new customers', volume: 5, momentum: null, series: series([0, 0, 0, 5]) },
    ],
    falling: [{ term: 'outage', volume: 12, momentum: -0.9, series: series([5, 4, 2, 1]) }],
  },
};

export const narrativeInsights: RunInsights = {
  analysisType: 'narrativeAnalysis',
  engine: 'default',
  documents: { received: 90, analysed: 90 },
  tokens: 2100,
  sentiment: { average: -0.1, positive: 20, negative: 40, neutral: 30 },
  keywords: [{ term: 'meetings', documents: 31 }],
  narratives: [
    {
      id: 0,
      label: 'fewer meetings · focus time',
      terms: ['meetings', 'focus', 'time'],
      size: 40,
      share: 0.44,
      sentiment: -0.2,
      examples: ['Fewer meetings would give me time to focus.'],
    },
    {
      id: 1,
      label: 'better tools · laptop',
      terms: ['tools', 'laptop'],
      size: 25,
      share: 0.28,
      sentiment: 0.1,
      examples: ['A faster laptop.'],
    },
  ],
};

export const newsInsights: RunInsights = {
  analysisType: 'newsAnalysis',
  engine: 'default',
  documents: { received: 60, analysed: 60 },
  tokens: 3000,
  sentiment: { average: 0, positive: 15, negative: 15, neutral: 30 },
  keywords: [{ term: 'grid', documents: 20 }],
  sources: [
    { source: 'Energy Daily', documents: 25, sentiment: 0.12 },
    { source: 'Grid Watch', documents: 20, sentiment: -0.3 },
  ],
  days: [
    { day: '2026-11-01', documents: 4 },
    { day: '2026-11-02', documents: 9 },
  ],
};

export const insightsByWorkflow: Record<string, RunInsights> = {
  'review-analysis': contentInsights,
  'survey-coding': narrativeInsights,
  'brand-monitoring': trendInsights,
  'competitor-tracking': { ...trendInsights, trend: { ...trendInsights.trend!, trendMetric: 'volume' } },
  'news-briefing': newsInsights,
};

export const finishedAt = '2026-11-20T08:00:00.000Z';

/** `GET /flows/store`'s answer with every sample run (or none, with `ran: false`). */
export function storeEntries({ ran = true }: { ran?: boolean } = {}): StoreEntry[] {
  return predefinedWorkflows.map((workflow, index) => ({
    predefinedFlowId: workflow.id,
    sampleFlowId: `00000000-0000-4000-8000-00000000000${index}`,
    creditsPerThousandDocuments: 100 + index,
    lastRunAt: ran ? finishedAt : null,
  }));
}

/** `GET /flows/{sampleFlowId}/last-run`'s answer for one store entry. */
export function lastRunOf(entry: StoreEntry): LastRun {
  const workflow = predefinedWorkflows.find((candidate) => candidate.id === entry.predefinedFlowId)!;
  const insights = insightsByWorkflow[workflow.id]!;
  return {
    flow: {
      id: entry.sampleFlowId!,
      name: workflow.name,
      analysisType: workflow.analysisType,
      predefinedFlowId: workflow.id,
    },
    run: {
      id: '10000000-0000-4000-8000-000000000000',
      flowId: entry.sampleFlowId!,
      number: 1,
      taskId: '20000000-0000-4000-8000-000000000000',
      kind: 'regular',
      origin: 'Platform',
      type: 'regular',
      state: 'JobDone',
      progress: 1,
      stage: null,
      startedBy: null,
      createdAt: finishedAt,
      startedAt: finishedAt,
      finishedAt,
      durationMs: 1200,
      documentsEstimated: insights.documents.received,
      documentsAnalysed: insights.documents.analysed,
      creditsReserved: 0,
      creditsCharged: 0,
      error: null,
      failureReason: null,
      files: [],
      rerunOf: null,
    },
    insights,
  };
}
