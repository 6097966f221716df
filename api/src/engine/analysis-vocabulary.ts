// The words of the spec an analysis request is made of (section 3), spelt as there.

// Declared once with the spec's other enumerations; the engine speaks the same words.
export {
  type AnalysisType,
  analysisTypes,
  type CreativityLevel,
  creativityLevels,
  type TrendMetric,
  trendMetrics,
} from '@dcipher/shared/domain';

/** The periods trends are counted by (a subset of the spec's periods). */
export const trendPeriods = ['day', 'week', 'month'] as const;
export type TrendPeriod = (typeof trendPeriods)[number];
