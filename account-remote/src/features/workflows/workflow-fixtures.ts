import type { Flow, FlowCost, FlowRun, RunInsights } from '@dcipher/shared/contract/flows';

// What the workflows screens' tests answer with: shapes of the flows contract (docs/decisions/0071).

export const flowId = '7d3c1a52-5b8e-4f1a-9c2d-3e4f5a6b7c81';
export const runId = '0b0e7c44-1f7e-4a55-9c1b-2d3e4f5a6b71';
export const taskId = '5a1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const moment = '2026-11-27T10:00:00.000Z';

export const run = (changes: Partial<FlowRun> = {}): FlowRun => ({
  id: runId,
  flowId,
  number: 1,
  taskId,
  kind: 'regular',
  origin: 'Platform',
  type: 'predefinedFlow',
  state: 'JobDone',
  progress: 1,
  stage: null,
  startedBy: 'u1',
  createdAt: moment,
  startedAt: moment,
  finishedAt: '2026-11-27T10:00:02.000Z',
  durationMs: 2000,
  documentsEstimated: 120,
  documentsAnalysed: 120,
  creditsReserved: 0,
  creditsCharged: 0,
  failureReason: null,
  error: null,
  files: [
    { name: 'result.json', mediaType: 'application/json', bytes: 2048 },
    { name: 'keywords.csv', mediaType: 'text/csv', bytes: 512 },
  ],
  rerunOf: null,
  ...changes,
});

export const flow = (changes: Partial<Flow> = {}): Flow => ({
  id: flowId,
  name: 'Review analysis (sample)',
  description: null,
  flowType: 'predefinedFlow',
  predefinedFlowId: 'review-analysis',
  analysisType: 'contentAnalysis',
  trendMetric: 'volume',
  creativityLevel: 'Precise',
  inputs: [],
  dataSources: [{ kind: 'starter', group: 'file', sampleId: 'coffee-machine-reviews' }],
  filters: [],
  schedule: null,
  paused: false,
  notifications: true,
  visibility: 'private',
  state: 'ready',
  owner: { id: 'u1', name: 'Ada Admin', email: 'ada@example.com' },
  myRole: 'owner',
  abilities: ['read', 'update', 'delete', 'grant', 'transfer'],
  createdAt: moment,
  updatedAt: moment,
  lastRun: null,
  ...changes,
});

export const insights: RunInsights = {
  analysisType: 'trendDetection',
  engine: 'default',
  documents: { received: 150, analysed: 150 },
  tokens: 4200,
  sentiment: { average: 0.21, positive: 80, negative: 20, neutral: 50 },
  keywords: [
    { term: 'heat pump', documents: 42 },
    { term: 'solar', documents: 30 },
  ],
  trend: {
    trendMetric: 'momentum',
    period: 'week',
    periods: [
      { period: '2026-W40', volume: 20 },
      { period: '2026-W41', volume: 35 },
    ],
    rising: [
      {
        term: 'battery',
        volume: 25,
        momentum: 1.5,
        series: [
          { period: '2026-W40', volume: 5 },
          { period: '2026-W41', volume: 20 },
        ],
      },
    ],
    falling: [],
  },
  narratives: [
    {
      id: 0,
      label: 'installation delays',
      terms: ['installation', 'delay', 'wait'],
      size: 60,
      share: 0.4,
      sentiment: -0.3,
      examples: ['We waited six weeks for the installation.'],
    },
  ],
};

export const cost = (changes: Partial<FlowCost> = {}): FlowCost => ({
  documents: 120,
  lines: [
    {
      usageCategory: 'SocialMedia',
      quantity: 120,
      unit: 'document',
      includedRemaining: 1000,
      payable: 0,
      credits: 0,
    },
  ],
  creditsNeeded: 0,
  balance: 500,
  allowed: true,
  ...changes,
});

/**
 * GET /flows's answer: the flows listed, and the custom workflows in use of the plan's number; `paging` for a
 * page of a longer list (the screen asks pages of 100).
 */
export const flowList = (
  flows: Flow[],
  customWorkflows = { used: 0, limit: 10 as number | null },
  paging: { total: number; page: number } = { total: flows.length, page: 1 },
) => ({
  flows,
  customWorkflows,
  ...paging,
  pageSize: 100,
});
