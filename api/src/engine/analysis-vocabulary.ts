// The words of the spec an analysis request is made of (section 3), spelt as there.

/** The spec's analysis types (section 3), spelt as there. */
export const analysisTypes = [
  'trendDetection',
  'contentAnalysis',
  'newsAnalysis',
  'narrativeAnalysis',
] as const;
export type AnalysisType = (typeof analysisTypes)[number];

/** The spec's trend metrics: how trend terms are ranked. */
export const trendMetrics = ['momentum', 'volume'] as const;
export type TrendMetric = (typeof trendMetrics)[number];

/** The spec's creativity levels. The default engine has no generative step and does not use them. */
export const creativityLevels = ['Creative', 'Balanced', 'Precise'] as const;
export type CreativityLevel = (typeof creativityLevels)[number];

/** The periods trends are counted by (a subset of the spec's periods). */
export const trendPeriods = ['day', 'week', 'month'] as const;
export type TrendPeriod = (typeof trendPeriods)[number];
