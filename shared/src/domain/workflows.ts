import type {
  AnalysisType,
  CreativityLevel,
  DataSourceKind,
  InputKind,
  ScheduleFrequency,
  TrendMetric,
} from './enumerations.js';

/**
 * The predefined workflows: the workflow store's catalogue, declared once (docs/decisions/0071). The API creates
 * flows from them and runs their public samples, the site builds a store page for each, and the remote offers them
 * in the Workflows screens. Each ships with a sample dataset (`sampleId`, a file the API carries) so a new
 * customer can try it in one click.
 */

/** One input a workflow asks for, with its kind (spec section 3's input kinds) and default. */
export type WorkflowInputDefinition =
  | {
      key: string;
      label: string;
      kind: 'text';
      help: string;
      default: string;
      maxLength: number;
    }
  | {
      key: string;
      label: string;
      kind: 'numeric' | 'slider';
      help: string;
      default: number;
      min: number;
      max: number;
      step: number;
    }
  | { key: string; label: string; kind: 'boolean'; help: string; default: boolean }
  | {
      key: string;
      label: string;
      kind: 'select';
      help: string;
      default: string;
      options: readonly { value: string; label: string }[];
    };

/** Inputs every workflow understands, by key: the default engine applies them (decision 0071). */
export const workflowInputKeys = {
  /** Comma-separated terms: only documents mentioning one of them are analysed (empty: all). */
  focusTerms: 'focusTerms',
  /** Analyse at most this many documents, the most recent first. */
  articleLimit: 'articleLimit',
  /** Keep only documents in this language (ISO 639-1), or `any`. */
  language: 'language',
  /** How trend terms are ranked. */
  trendMetric: 'trendMetric',
  /** The period trends are counted by: `auto` (chosen from the dates' span), day, week, month or quarter. */
  period: 'period',
} as const;

/** The values of the period input: the spec's periods trends are counted by, and `auto` (docs/decisions/0098). */
export const trendPeriodChoices = ['auto', 'day', 'week', 'month', 'quarter'] as const;
export type TrendPeriodChoice = (typeof trendPeriodChoices)[number];

export interface PredefinedWorkflow {
  /** Stable id, also the store page's slug. */
  id: string;
  name: string;
  /** One sentence for cards and the store's list. */
  summary: string;
  /** What it does, for the store page. */
  description: string;
  /** Who it is for and what they read in the result. */
  outcomes: readonly string[];
  analysisType: AnalysisType;
  trendMetric: TrendMetric;
  creativityLevel: CreativityLevel;
  /** The data source kinds it accepts (spec section 3). */
  dataSourceKinds: readonly DataSourceKind[];
  inputs: readonly WorkflowInputDefinition[];
  /** The schedule it suggests when scheduled (customers may choose another). */
  suggestedFrequency: ScheduleFrequency;
  /** The sample dataset it ships with. */
  sample: { id: string; name: string; description: string; documents: number };
}

const languageInput: WorkflowInputDefinition = {
  key: workflowInputKeys.language,
  label: 'Language',
  kind: 'select',
  help: 'Only documents in this language are analysed.',
  default: 'any',
  options: [
    { value: 'any', label: 'Any language' },
    { value: 'en', label: 'English' },
    { value: 'de', label: 'German' },
    { value: 'fr', label: 'French' },
    { value: 'es', label: 'Spanish' },
  ],
};

const articleLimitInput = (max: number, defaultValue: number): WorkflowInputDefinition => ({
  key: workflowInputKeys.articleLimit,
  label: 'Most documents to analyse',
  kind: 'slider',
  help: 'The most recent documents are kept when there are more.',
  default: defaultValue,
  min: 10,
  max,
  step: 10,
});

const focusTermsInput = (label: string, help: string, example: string): WorkflowInputDefinition => ({
  key: workflowInputKeys.focusTerms,
  label,
  kind: 'text',
  help,
  default: example,
  maxLength: 300,
});

const trendMetricInput: WorkflowInputDefinition = {
  key: workflowInputKeys.trendMetric,
  label: 'Rank trends by',
  kind: 'select',
  help: 'Momentum: terms whose share is growing fastest. Volume: terms mentioned most.',
  default: 'momentum',
  options: [
    { value: 'momentum', label: 'Momentum' },
    { value: 'volume', label: 'Volume' },
  ],
};

const periodInput = (defaultValue: TrendPeriodChoice): WorkflowInputDefinition => ({
  key: workflowInputKeys.period,
  label: 'Count trends per',
  kind: 'select',
  help: 'Automatic: a day, week, month or quarter, whichever suits the span of the dates.',
  default: defaultValue,
  options: [
    { value: 'auto', label: 'Automatic' },
    { value: 'day', label: 'Day' },
    { value: 'week', label: 'Week' },
    { value: 'month', label: 'Month' },
    { value: 'quarter', label: 'Quarter' },
  ],
});

export const predefinedWorkflows: readonly PredefinedWorkflow[] = [
  {
    id: 'review-analysis',
    name: 'Review analysis',
    summary: 'What customers praise and complain about in their reviews, with the sentiment of each.',
    description:
      'Reads product or app reviews and finds the keywords and phrases customers use most, the sentiment of every review and overall, and the names, prices, dates, hashtags and links in the text.',
    outcomes: [
      'The keywords and key phrases of your reviews, by the number of reviews using each',
      'Sentiment per review and overall',
      'Prices, dates, mentions and links found in the text',
    ],
    analysisType: 'contentAnalysis',
    trendMetric: 'volume',
    creativityLevel: 'Precise',
    dataSourceKinds: ['uploaded', 'exported', 'starter', 'public-url'],
    inputs: [languageInput, articleLimitInput(5000, 1000)],
    suggestedFrequency: 'weekly',
    sample: {
      id: 'coffee-machine-reviews',
      name: 'Coffee machine reviews',
      description: '120 reviews of a home espresso machine, written over six months.',
      documents: 120,
    },
  },
  {
    id: 'survey-coding',
    name: 'Survey coding',
    summary: 'Open survey answers grouped into themes, each named by its words.',
    description:
      'Groups the open answers of a survey into themes by what they talk about, names each theme by its top terms, and shows how many answers and what sentiment each theme has.',
    outcomes: [
      'Themes (narratives) with their share of the answers',
      'Each theme named by its top terms, with example answers',
      'Sentiment per theme',
    ],
    analysisType: 'narrativeAnalysis',
    trendMetric: 'volume',
    creativityLevel: 'Balanced',
    dataSourceKinds: ['uploaded', 'exported', 'starter'],
    inputs: [articleLimitInput(5000, 2000)],
    suggestedFrequency: 'monthly',
    sample: {
      id: 'employee-survey-answers',
      name: 'Employee survey answers',
      description: '90 answers to "What would make your work better?"',
      documents: 90,
    },
  },
  {
    id: 'brand-monitoring',
    name: 'Brand monitoring',
    summary: 'How often and how favourably your brand is mentioned, and which topics are rising.',
    description:
      'Follows the posts that mention your brand and shows which terms around it are rising or falling by momentum, with the volume of mentions over time, per day, week, month or quarter as the span of your data suits.',
    outcomes: [
      'Mentions over time',
      'Rising and falling terms with their momentum',
      'The keywords around your brand, by the number of posts using each',
    ],
    analysisType: 'trendDetection',
    trendMetric: 'momentum',
    creativityLevel: 'Precise',
    dataSourceKinds: ['uploaded', 'social', 'starter', 'news'],
    inputs: [
      focusTermsInput(
        'Brand names to follow',
        'Comma-separated; only documents that mention one of them are analysed. Leave empty to analyse all.',
        '',
      ),
      trendMetricInput,
      periodInput('auto'),
      languageInput,
    ],
    suggestedFrequency: 'daily',
    sample: {
      id: 'energy-brand-posts',
      name: 'Posts about a home-energy brand',
      description: '150 social posts over eight weeks, with a topic that takes off at the end.',
      documents: 150,
    },
  },
  {
    id: 'competitor-tracking',
    name: 'Competitor tracking',
    summary: 'Which topics your competitors are discussed with, and how that changes week by week.',
    description:
      'Tracks what is written about the competitors you name and ranks the terms that come up with them by volume or momentum, week by week.',
    outcomes: [
      'The terms that come up with your competitors, by the number of posts using each',
      'What is rising in the latest weeks, counted week by week',
      'Volume of mentions per period',
    ],
    analysisType: 'trendDetection',
    trendMetric: 'volume',
    creativityLevel: 'Precise',
    dataSourceKinds: ['uploaded', 'social', 'news', 'starter', 'public-url'],
    inputs: [
      focusTermsInput(
        'Competitors to track',
        'Comma-separated; only documents that mention one of them are analysed. Leave empty to analyse all.',
        '',
      ),
      trendMetricInput,
      periodInput('week'),
    ],
    suggestedFrequency: 'weekly',
    sample: {
      id: 'energy-brand-posts',
      name: 'Posts about home-energy brands',
      description: '150 social posts over eight weeks.',
      documents: 150,
    },
  },
  {
    id: 'news-briefing',
    name: 'News briefing',
    summary: 'The news of your feeds summarised by source and by day, with what is trending.',
    description:
      'Reads the RSS feeds you choose and summarises their articles by source and by day: the keywords, the sentiment and the terms that are rising.',
    outcomes: ['Articles per source and per day', 'Keywords and sentiment per source', 'Rising terms'],
    analysisType: 'newsAnalysis',
    trendMetric: 'momentum',
    creativityLevel: 'Balanced',
    dataSourceKinds: ['news', 'starter', 'public-url'],
    inputs: [articleLimitInput(1000, 200), languageInput, periodInput('auto')],
    suggestedFrequency: 'daily',
    sample: {
      id: 'energy-news-items',
      name: 'Energy news',
      description: '60 news items from three sources over two weeks.',
      documents: 60,
    },
  },
];

export type PredefinedWorkflowId = (typeof predefinedWorkflows)[number]['id'];

export function findPredefinedWorkflow(id: string): PredefinedWorkflow | undefined {
  return predefinedWorkflows.find((workflow) => workflow.id === id);
}

/** The kinds of input value each input kind takes. */
export const inputValueTypes: Readonly<Record<InputKind, 'string' | 'number' | 'boolean'>> = {
  select: 'string',
  text: 'string',
  numeric: 'number',
  slider: 'number',
  boolean: 'boolean',
};
