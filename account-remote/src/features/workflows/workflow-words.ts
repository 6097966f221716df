import type { FlowInput } from '@dcipher/shared/contract/flows';
import type {
  AnalysisType,
  ClusterJobState,
  FlowType,
  PredefinedWorkflow,
  ScheduleFrequency,
  TrendMetric,
  UsageCategory,
} from '@dcipher/shared/domain';
import { scheduleFrequencies } from '@dcipher/shared/domain';

/** How the screens name the spec's flow vocabulary (the values are spelt as the spec has them). */
export const flowTypeLabels: Readonly<Record<FlowType, string>> = {
  predefinedFlow: 'Predefined',
  customFlow: 'Custom',
  studio: 'Studio',
  insightBooster: 'Insight Booster',
};

export const analysisTypeLabels: Readonly<Record<AnalysisType, string>> = {
  contentAnalysis: 'Content analysis',
  trendDetection: 'Trend detection',
  newsAnalysis: 'News analysis',
  narrativeAnalysis: 'Narrative analysis',
};

export const analysisTypeHelp: Readonly<Record<AnalysisType, string>> = {
  contentAnalysis: 'Keywords, key phrases, sentiment and the things named in the text.',
  trendDetection: 'Terms by period with their volume and momentum: what is rising and falling.',
  newsAnalysis: 'News items by source and by day, with keywords, sentiment and rising terms.',
  narrativeAnalysis: 'Documents grouped into narratives by what they talk about, each named by its terms.',
};

export const trendMetricLabels: Readonly<Record<TrendMetric, string>> = {
  momentum: 'Momentum (growing fastest)',
  volume: 'Volume (mentioned most)',
};

export const frequencyLabels: Readonly<Record<ScheduleFrequency, string>> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  semiannual: 'Every six months',
  annual: 'Yearly',
  biennial: 'Every two years',
};

/** The "How often" choices of a schedule, wherever one is set (a new workflow, a workflow's schedule). */
export const frequencyOptions = scheduleFrequencies.map((value) => ({
  value,
  label: frequencyLabels[value],
}));

/** The label of a schedule's first run, wherever one is set. */
export const firstRunLabel = 'First run (optional; now when left empty)';

export const usageCategoryLabels: Partial<Record<UsageCategory, string>> = {
  SocialMedia: 'Documents (social media posts quota)',
  News: 'News items (news media articles quota)',
};

/** The run states a person reads; the spec's state is kept for anything else. */
export function runStateLabel(state: ClusterJobState): string {
  switch (state) {
    case 'JobPending':
      return 'Waiting to start';
    case 'JobRunning':
      return 'Running';
    case 'JobDone':
      return 'Done';
    case 'JobError':
      return 'Failed';
    case 'JobCancelled':
      return 'Cancelled';
    default:
      return state;
  }
}

export const stageLabels = {
  reading: 'Reading the data',
  analysing: 'Analysing',
  writing: 'Writing the results',
} as const;

/** A run still to finish: its status is followed. */
export const isUnderway = (state: ClusterJobState) => state === 'JobPending' || state === 'JobRunning';

/** A predefined workflow's inputs with their defaults (or the values chosen), as a flow carries them. */
export function inputsOf(
  workflow: PredefinedWorkflow,
  values: Readonly<Record<string, string | number | boolean>> = {},
): FlowInput[] {
  return workflow.inputs.map((input) => ({
    key: input.key,
    label: input.label,
    kind: input.kind,
    value: values[input.key] ?? input.default,
    ...(input.kind === 'select' ? { options: input.options.map((option) => ({ ...option })) } : {}),
    ...(input.kind === 'numeric' || input.kind === 'slider' ? { min: input.min, max: input.max } : {}),
  }));
}

/** "1,234". */
export const count = (value: number) => value.toLocaleString('en-US');

/**
 * A file's size as people read it, the same for an upload and a result file: bytes, KB or MB (decimal, as the plan's
 * largest file is written).
 */
export function fileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
