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

/**
 * The periods trends are counted by: the spec's periods (section 3: day, week, month, quarter, semiyear, year) up to
 * a quarter (decision 0097: a span long enough for half-years is counted by quarters).
 */
export const trendPeriods = ['day', 'week', 'month', 'quarter'] as const;
export type TrendPeriod = (typeof trendPeriods)[number];
/** What a request may ask for: a period, or `auto` (the default) to have it chosen from the dates' span. */
export const automaticPeriod = 'auto';
export type TrendPeriodChoice = TrendPeriod | typeof automaticPeriod;
