import * as v from 'valibot';
import {
  analysisTypes,
  clusterJobStates,
  creativityLevels,
  fileFormats,
  fileNameChecks,
  flowTypes,
  inputKinds,
  permissionActions,
  resourceStates,
  runKinds,
  runOrigins,
  runTypes,
  scheduleFrequencies,
  schedulePeriods,
  trendMetrics,
  usageCategories,
  visibilities,
} from '../domain/enumerations.js';
import { predefinedWorkflows } from '../domain/workflows.js';
import { optionalText, requiredText } from '../validation/fields.js';
import { tooLong, validationMessages, workflowMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';
import { pageNumber } from './page-number.js';

/**
 * Workflows: the flow calls of spec section 7 (issue 24; docs/decisions/0071). A flow is a resource of type
 * `workflow` of an organization (its roles are the roles calls'); a run is a job of the jobs module executed by the
 * analytics engine, priced per analysed document in the usage category of its data source, within the plan's
 * quota first and from the wallet past it.
 */

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const timestamp = v.pipe(v.string(), v.isoTimestamp());
const uuid = (message: string) => v.pipe(v.string(validationMessages.required), v.uuid(message));
const flowId = uuid(workflowMessages.flowNotFound);
const runId = uuid(workflowMessages.runNotFound);

export const flowNameMaxLength = 100;
export const flowDescriptionMaxLength = 1000;
export const flowDataSourcesMax = 10;
/** The most documents one run analyses, whatever its sources hold. */
export const flowRunDocumentsMax = 20_000;
/** What an anonymous run of a public flow may analyse (issue 24, point 2). */
export const anonymousRunDocumentsMax = 200;

/** A name may not hold path or shell characters (the spec's `file-name-valid` check). */
export const flowNamePattern = /^[^/\\:*?"<>|\p{Cc}]+$/u;

const flowName = v.pipe(
  requiredText(flowNameMaxLength),
  v.regex(flowNamePattern, workflowMessages.nameInvalid),
);

const predefinedIds = predefinedWorkflows.map((workflow) => workflow.id) as [string, ...string[]];
const sampleIds = [...new Set(predefinedWorkflows.map((workflow) => workflow.sample.id))] as [
  string,
  ...string[],
];

/** An input's value: the type follows the input's kind (text and select: a string; numeric and slider: a number). */
export const FlowInputSchema = v.object({
  key: v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, workflowMessages.inputInvalid)),
  label: requiredText(100),
  kind: v.picklist(inputKinds),
  value: v.union([v.pipe(v.string(), v.maxLength(500, tooLong(500))), v.number(), v.boolean()]),
  /** select: the values offered. */
  options: v.optional(v.array(v.object({ value: v.string(), label: v.string() }))),
  /** numeric and slider: the bounds. */
  min: v.optional(v.number()),
  max: v.optional(v.number()),
});
export type FlowInput = v.InferOutput<typeof FlowInputSchema>;

/**
 * A feed's or page's address as the API keeps and fetches it (docs/decisions/0094): parsed as the WHATWG URL
 * standard parses it (as `fetch` does), http or https only, without a backslash (which that standard reads as `/`)
 * or a user name and password; its normalised form (`HTTP://Example.com` is `http://example.com/`). Undefined when
 * the address is not one a workflow may fetch.
 */
export function normaliseSourceUrl(text: string): string | undefined {
  if (text.includes('\\')) return undefined;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  return url.href;
}

const sourceUrl = v.pipe(
  v.string(validationMessages.required),
  v.trim(),
  v.nonEmpty(validationMessages.required),
  v.maxLength(2000, tooLong(2000)),
  v.check((text) => !text.includes('\\'), workflowMessages.sourceUrlBackslash),
  v.check((text) => {
    try {
      const url = new URL(text);
      return url.username === '' && url.password === '';
    } catch {
      return true;
    }
  }, workflowMessages.sourceUrlCredentials),
  v.check((text) => normaliseSourceUrl(text) !== undefined, workflowMessages.sourceUrlInvalid),
  v.transform((text) => normaliseSourceUrl(text) ?? text),
);

const uploadedSource = v.object({
  kind: v.literal('uploaded'),
  group: v.literal('file'),
  uploadId: uuid(workflowMessages.uploadNotFound),
  /** Filled in by the API from the upload. */
  fileName: v.optional(v.string()),
  format: v.optional(v.picklist(fileFormats)),
  documents: v.optional(count),
});
const starterSource = v.object({
  kind: v.literal('starter'),
  group: v.literal('file'),
  sampleId: v.picklist(sampleIds, workflowMessages.unknownSample),
  name: v.optional(v.string()),
  documents: v.optional(count),
});

/** Where a flow's documents come from: an uploaded file, a sample dataset, an RSS feed or a public page. */
export const FlowDataSourceSchema = v.variant('kind', [
  uploadedSource,
  starterSource,
  v.object({ kind: v.literal('news'), group: v.literal('news'), format: v.literal('rss'), url: sourceUrl }),
  v.object({ kind: v.literal('public-url'), group: v.literal('url'), url: sourceUrl }),
]);
export type FlowDataSource = v.InferOutput<typeof FlowDataSourceSchema>;

/**
 * A data source as a flow is answered with: an address kept before it was checked as it is now, and no longer
 * accepted, is listed with `invalid: true` (shown without any user name or password) instead of failing the answer
 * (docs/decisions/0094); a run of it is refused with `SOURCE_UNREACHABLE` `invalidUrl`.
 */
const storedUrl = { url: v.string(), invalid: v.optional(v.literal(true)) };
export const FlowDataSourceOutSchema = v.variant('kind', [
  uploadedSource,
  starterSource,
  v.object({ kind: v.literal('news'), group: v.literal('news'), format: v.literal('rss'), ...storedUrl }),
  v.object({ kind: v.literal('public-url'), group: v.literal('url'), ...storedUrl }),
]);
export type FlowDataSourceOut = v.InferOutput<typeof FlowDataSourceOutSchema>;

/** The spec's filter kinds. `location` and `fixedValue` are kept with the flow; the default engine does not apply them. */
export const FlowFilterSchema = v.variant('kind', [
  v.object({
    kind: v.literal('sources'),
    value: v.pipe(v.array(v.pipe(v.string(), v.maxLength(200, tooLong(200)))), v.maxLength(50)),
  }),
  v.object({
    kind: v.literal('articleLimit'),
    value: v.pipe(
      v.number('Please enter a number of documents.'),
      v.integer('Please enter a whole number of documents.'),
      v.minValue(1, 'Please enter at least 1 document.'),
      v.maxValue(flowRunDocumentsMax, `Please enter at most ${flowRunDocumentsMax} documents.`),
    ),
  }),
  v.object({
    kind: v.literal('language'),
    value: v.pipe(v.string(), v.regex(/^[a-z]{2,3}$/, 'Choose a language code such as en or de.')),
  }),
  v.object({
    kind: v.literal('dateRelative'),
    value: v.object({
      amount: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)),
      period: v.picklist(schedulePeriods),
    }),
  }),
  v.object({ kind: v.literal('location'), value: v.pipe(v.string(), v.maxLength(200, tooLong(200))) }),
  v.object({ kind: v.literal('fixedValue'), value: v.pipe(v.string(), v.maxLength(200, tooLong(200))) }),
]);
export type FlowFilter = v.InferOutput<typeof FlowFilterSchema>;

export const FlowScheduleInputSchema = v.object({
  frequency: v.picklist(scheduleFrequencies, 'Choose how often the workflow runs.'),
  /** The first run; later runs follow at the frequency. Now when left out. */
  startAt: v.optional(timestamp),
});

export const FlowScheduleSchema = v.object({
  frequency: v.picklist(scheduleFrequencies),
  startAt: timestamp,
  /** The next slot it will run at; null while paused. */
  nextRunAt: v.nullable(timestamp),
});
export type FlowSchedule = v.InferOutput<typeof FlowScheduleSchema>;

const flowSettings = {
  description: optionalText(flowDescriptionMaxLength),
  analysisType: v.picklist(analysisTypes, 'Choose an analysis type.'),
  trendMetric: v.optional(v.picklist(trendMetrics)),
  creativityLevel: v.optional(v.picklist(creativityLevels)),
  inputs: v.optional(v.pipe(v.array(FlowInputSchema), v.maxLength(20))),
  dataSources: v.pipe(
    v.array(FlowDataSourceSchema),
    v.minLength(1, workflowMessages.dataSourcesRequired),
    v.maxLength(flowDataSourcesMax, workflowMessages.tooManyDataSources),
  ),
  filters: v.optional(v.pipe(v.array(FlowFilterSchema), v.maxLength(20))),
  schedule: v.optional(v.nullable(FlowScheduleInputSchema)),
  /** Email the owner when a run finishes or fails. On unless turned off. */
  notifications: v.optional(v.boolean()),
  visibility: v.optional(v.picklist(visibilities)),
};

export const CreateFlowInputSchema = v.object({
  name: flowName,
  flowType: v.picklist(flowTypes),
  /** predefinedFlow: the catalogue entry it starts from (its inputs and defaults). */
  predefinedFlowId: v.optional(v.picklist(predefinedIds, workflowMessages.unknownPredefined)),
  ...flowSettings,
});
export type CreateFlowInput = v.InferInput<typeof CreateFlowInputSchema>;

export const UpdateFlowInputSchema = v.object({
  name: v.optional(flowName),
  ...flowSettings,
  analysisType: v.optional(flowSettings.analysisType),
  dataSources: v.optional(flowSettings.dataSources),
});
export type UpdateFlowInput = v.InferInput<typeof UpdateFlowInputSchema>;

export const RunFileSchema = v.object({
  name: v.string(),
  mediaType: v.picklist(['application/json', 'text/csv']),
  bytes: count,
});
export type RunFile = v.InferOutput<typeof RunFileSchema>;

/** Why a run's sentiment says little (issue 34); the words are `workflowMessages.sentimentCaveat`. */
export const sentimentCaveats = ['notOpinion'] as const;
const sentiment = v.object({
  average: v.number(),
  positive: count,
  negative: count,
  neutral: count,
  /** Documents with no opinion word (scored neutral); absent on runs made before issue 34. */
  withoutOpinion: v.optional(count),
  /** Documents that read as technical text (versions, CVE numbers, bug references, code). */
  technical: v.optional(count),
  caveat: v.optional(v.picklist(sentimentCaveats)),
});
/** The mean sentiment (-1 to 1) of the documents holding a term; absent on runs made before issue 34. */
const termSentiment = v.optional(v.number());
const series = v.array(v.object({ period: v.string(), volume: count }));

const trendWindow = v.nullable(
  v.object({ from: v.string(), to: v.string(), periods: count, documents: count }),
);
/** Why a trend lists no rising or falling term (the catalogue's `trendMessages.notes`). */
export const trendNoteCodes = ['undated', 'onePeriod', 'tooFewDocuments', 'nothingSignificant'] as const;
const trendViewFields = {
  /** The windows compared, in words: "the last 4 weeks against the 16 before". */
  windows: v.optional(v.string()),
  recentWindow: v.optional(trendWindow),
  baselineWindow: v.optional(trendWindow),
  noteCode: v.optional(v.picklist(trendNoteCodes)),
};
/**
 * A moving term's figures (docs/decisions/0097): momentum, the effect size, is log2 of how many times more often the
 * recent window's documents mention the term than the baseline's (smoothed by 5 mentions); g2 the log-likelihood
 * ratio and qValue its p-value corrected for the terms tested. The new ones are absent on runs made before.
 */
const trendTermFigures = {
  momentum: v.nullable(v.number()),
  recentVolume: v.optional(count),
  baselineVolume: v.optional(count),
  g2: v.optional(v.nullable(v.number())),
  qValue: v.optional(v.nullable(v.number())),
};

/** Why a document handed to the engine was not analysed. */
export const leftOutReasons = ['empty', 'language', 'articleLimit', 'unreadable'] as const;

/**
 * A trend term: `documents` is its one count (the analysed documents containing it, as in `keywords`; absent on runs
 * made before issue 34), `volume` the dated documents mentioning it (what its series sums to).
 */
const trendTerm = v.object({
  term: v.string(),
  documents: v.optional(count),
  volume: count,
  ...trendTermFigures,
  series,
  sentiment: termSentiment,
});

/**
 * What a run found, ready to draw: a digest of the engine's result (the whole result is in the run's files).
 * Which parts are present depends on the analysis type.
 */
export const RunInsightsSchema = v.object({
  analysisType: v.picklist(analysisTypes),
  engine: v.string(),
  documents: v.object({
    received: count,
    analysed: count,
    /** Documents the engine could not read, left out (issue 32); absent on runs made before. */
    unreadable: v.optional(count),
    /** The first 100 documents left out, with their row (1 for the first) and why; the run's files list all. */
    leftOut: v.optional(
      v.array(
        v.object({
          id: v.string(),
          row: v.pipe(count, v.minValue(1)),
          reason: v.picklist(leftOutReasons),
          /** For `language`: the language the document was found in (issue 34). */
          language: v.optional(v.string()),
        }),
      ),
    ),
    /**
     * How many documents each reason left out, all of them (issue 34); absent on runs made before. The run's
     * left-out-documents.csv lists every one with its row, reason and language.
     */
    leftOutByReason: v.optional(
      v.object({ empty: count, language: count, articleLimit: count, unreadable: count }),
    ),
  }),
  tokens: count,
  sentiment: v.optional(sentiment),
  keywords: v.array(v.object({ term: v.string(), documents: count, sentiment: termSentiment })),
  keyPhrases: v.optional(v.array(v.object({ term: v.string(), documents: count }))),
  /**
   * What the text mentions other than names, by kind (number, date, money, percent, hashtag, url…), up to 10 of each
   * kind, most documents first. Runs made before issue 34 also list names here (type `name`), the top 20 of all kinds.
   */
  entities: v.optional(v.array(v.object({ type: v.string(), value: v.string(), documents: count }))),
  /** Names in the text: proper nouns only (people, companies, places, products), top 20 (issue 34). */
  names: v.optional(v.array(v.object({ value: v.string(), documents: count }))),
  languages: v.optional(v.array(v.object({ language: v.string(), documents: count }))),
  trend: v.optional(
    v.object({
      trendMetric: v.picklist(trendMetrics),
      period: v.string(),
      periods: series,
      note: v.optional(v.string()),
      rising: v.array(trendTerm),
      falling: v.array(trendTerm),
      // Issue 34 (docs/decisions/0097); absent on runs made before.
      ...trendViewFields,
      /** `auto`: the period was chosen from the dates' span; `requested`: the workflow named it. */
      periodChoice: v.optional(v.picklist(['auto', 'requested'])),
      /** How rising and falling terms were judged. */
      significance: v.optional(
        v.object({ falseDiscoveryRate: v.number(), minimumMentions: count, minimumMomentum: v.number() }),
      ),
      /**
       * The same trend counted by each period that fits the dates' span (the chosen one included), so a screen can
       * switch the period without running again: each term's documents per period in `counts`, one per `periods`.
       */
      views: v.optional(
        v.array(
          v.object({
            period: v.string(),
            periods: series,
            note: v.optional(v.string()),
            ...trendViewFields,
            rising: v.array(
              v.object({
                term: v.string(),
                documents: v.optional(count),
                volume: count,
                ...trendTermFigures,
                counts: v.array(count),
              }),
            ),
            falling: v.array(
              v.object({
                term: v.string(),
                documents: v.optional(count),
                volume: count,
                ...trendTermFigures,
                counts: v.array(count),
              }),
            ),
          }),
        ),
      ),
    }),
  ),
  narratives: v.optional(
    v.array(
      v.object({
        id: count,
        label: v.string(),
        terms: v.array(v.string()),
        /**
         * Its terms with their one count (`documents`, as in `keywords`) and the documents of this narrative
         * containing them (`narrativeDocuments`); absent on runs made before issue 34.
         */
        termCounts: v.optional(
          v.array(v.object({ term: v.string(), documents: count, narrativeDocuments: count })),
        ),
        size: count,
        share: v.number(),
        sentiment: v.number(),
        examples: v.array(v.string()),
      }),
    ),
  ),
  sources: v.optional(v.array(v.object({ source: v.string(), documents: count, sentiment: v.number() }))),
  days: v.optional(v.array(v.object({ day: v.string(), documents: count }))),
});
export type RunInsights = v.InferOutput<typeof RunInsightsSchema>;

/** Why a run ended without results; its words are `workflowMessages.runFailed` (issue 32). */
export const runFailureReasons = [
  'sourcesUnreadable',
  'sourceBlocked',
  'sourceNotFeed',
  'sourceUnreachable',
  'uploadMissing',
  'analysisFailed',
  'runIncomplete',
  'flowDeleted',
] as const;
export type RunFailureReason = (typeof runFailureReasons)[number];

/** The catalogue's words for a run's failure reason; the generic reason's for one this version does not know. */
export function runFailureMessage(reason: string | null | undefined): string {
  const known = runFailureReasons.find((candidate) => candidate === reason);
  return workflowMessages.runFailed[known ?? 'analysisFailed'];
}

export const FlowRunSchema = v.object({
  id: v.string(),
  flowId: v.string(),
  /** 1 for the flow's first run, then counting up: the `num` of `GET /flows/{flowId}/files`. */
  number: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** The job's id: the `taskId` of `GET /flows/{flowId}/status`. */
  taskId: v.string(),
  kind: v.picklist(runKinds),
  origin: v.picklist(runOrigins),
  type: v.picklist(runTypes),
  state: v.picklist(clusterJobStates),
  /** From 0 to 1 while it runs. */
  progress: v.number(),
  stage: v.nullable(v.picklist(['reading', 'analysing', 'writing'])),
  /** Who started it (null for the scheduler and anonymous runs). */
  startedBy: v.nullable(v.string()),
  createdAt: timestamp,
  startedAt: v.nullable(timestamp),
  finishedAt: v.nullable(timestamp),
  durationMs: v.nullable(count),
  /** The documents it was priced for, and what it analysed once done. */
  documentsEstimated: count,
  documentsAnalysed: v.nullable(count),
  creditsReserved: count,
  /** What the wallet paid once settled (the rest of the reservation refunded); null until then. */
  creditsCharged: v.nullable(count),
  /** Why it failed or was cancelled (null otherwise): screens and emails show `runFailureMessage` of it. */
  failureReason: v.nullable(v.picklist(runFailureReasons)),
  /** The catalogue's words for `failureReason`, for callers that only read text; never an exception's text. */
  error: v.nullable(v.string()),
  files: v.array(RunFileSchema),
  /** The rerun of which run, if it is one. */
  rerunOf: v.nullable(v.string()),
});
export type FlowRun = v.InferOutput<typeof FlowRunSchema>;

export const FlowSchema = v.object({
  id: v.string(),
  name: v.string(),
  description: v.nullable(v.string()),
  flowType: v.picklist(flowTypes),
  predefinedFlowId: v.nullable(v.string()),
  analysisType: v.picklist(analysisTypes),
  trendMetric: v.picklist(trendMetrics),
  creativityLevel: v.picklist(creativityLevels),
  inputs: v.array(FlowInputSchema),
  dataSources: v.array(FlowDataSourceOutSchema),
  filters: v.array(FlowFilterSchema),
  schedule: v.nullable(FlowScheduleSchema),
  paused: v.boolean(),
  notifications: v.boolean(),
  visibility: v.picklist(visibilities),
  state: v.picklist(resourceStates),
  owner: v.object({ id: v.string(), name: v.string(), email: v.string() }),
  /** The caller's role on it (null when only their organization role gives them access). */
  myRole: v.nullable(v.picklist(['owner', 'editor', 'viewer', 'public'])),
  /** What the caller may do with it, by the permission policy. */
  abilities: v.array(v.picklist(permissionActions)),
  createdAt: timestamp,
  updatedAt: timestamp,
  lastRun: v.nullable(FlowRunSchema),
});
export type Flow = v.InferOutput<typeof FlowSchema>;

export const FlowIdParamsSchema = v.object({ flowId });

/** `GET /flows` pages (docs/decisions/0120): this many workflows unless `pageSize` says, never more than the maximum. */
export const flowsPageSizeDefault = 50;
export const flowsPageSizeMax = 100;

export const listFlows = defineEndpoint({
  operation: 'listFlows',
  errors: [],
  summary:
    "The organization's workflows the caller may do `permissionAction` on (read by default), newest first, optionally of one flow type",
  method: 'GET',
  path: '/flows',
  auth: 'bearer',
  permission: 'signed-in',
  acceptsApiKey: true,
  query: v.object({
    flowType: v.optional(v.picklist(flowTypes, 'Choose a flow type.')),
    permissionAction: v.optional(v.picklist(permissionActions, 'Choose a permission action.')),
    page: v.optional(pageNumber(1_000_000), '1'),
    pageSize: v.optional(pageNumber(flowsPageSizeMax), String(flowsPageSizeDefault)),
  }),
  response: v.object({
    /** The page asked for (`page`, `pageSize`) of the workflows the caller may do `permissionAction` on. */
    flows: v.array(FlowSchema),
    /**
     * The organization's custom workflows against its plan's number (null: no limit), whatever the filter and
     * whoever asks: every custom workflow counts until it is deleted, failed or not, as `createFlow` counts them.
     */
    customWorkflows: v.object({ used: count, limit: v.nullable(count) }),
    /** How many workflows the filter and the caller's permissions give in all, on every page. */
    total: count,
    page: count,
    pageSize: count,
  }),
});

export const createFlow = defineEndpoint({
  operation: 'createFlow',
  errors: ['FLOW_NAME_TAKEN', 'FLOW_QUOTA_REACHED', 'NOT_FOUND'],
  summary: 'Create a workflow (predefined or custom); the caller becomes its owner',
  method: 'POST',
  path: '/flows',
  auth: 'bearer',
  permission: { resource: 'workflow', action: 'create' },
  acceptsApiKey: true,
  body: { name: 'createFlowInput', schema: CreateFlowInputSchema },
  response: FlowSchema,
  successStatus: 201,
});

export const getFlow = defineEndpoint({
  operation: 'getFlow',
  errors: ['NOT_FOUND'],
  summary: 'One workflow the caller may read, with their abilities on it and its last run',
  method: 'GET',
  path: '/flows/{flowId}',
  auth: 'bearer',
  permission: 'signed-in',
  acceptsApiKey: true,
  params: FlowIdParamsSchema,
  response: FlowSchema,
});

export const updateFlow = defineEndpoint({
  operation: 'updateFlow',
  errors: ['NOT_FOUND', 'FLOW_NAME_TAKEN', 'FLOW_CONFLICT'],
  summary: 'Change a workflow (owner and editors); a new schedule starts from its next slot',
  method: 'PUT',
  path: '/flows/{flowId}',
  auth: 'bearer',
  permission: 'signed-in',
  acceptsApiKey: true,
  params: FlowIdParamsSchema,
  body: { name: 'updateFlowInput', schema: UpdateFlowInputSchema },
  response: FlowSchema,
});

export const deleteFlow = defineEndpoint({
  operation: 'deleteFlow',
  errors: ['NOT_FOUND'],
  summary:
    'Delete a workflow with its runs and files (owner and admins); a running run is cancelled and refunded',
  method: 'DELETE',
  path: '/flows/{flowId}',
  auth: 'bearer',
  permission: 'signed-in',
  params: FlowIdParamsSchema,
  response: v.object({ deleted: v.literal(true) }),
});

export const validateFlowName = defineEndpoint({
  operation: 'validateFlowName',
  errors: [],
  summary: "Whether a name is free in the caller's organization: file-name-valid, or file-name-exists",
  method: 'POST',
  path: '/flows/validateName',
  auth: 'bearer',
  permission: { resource: 'workflow', action: 'create' },
  body: {
    name: 'validateFlowNameInput',
    schema: v.object({ name: flowName, flowId: v.optional(flowId) }),
  },
  response: v.object({ result: v.picklist(fileNameChecks), message: v.nullable(v.string()) }),
});

/** One usage category's part of a run's price. */
export const FlowCostLineSchema = v.object({
  usageCategory: v.picklist(usageCategories),
  /** Documents of this category. */
  quantity: count,
  unit: v.string(),
  /** How many of them the plan's quota still covers this period. */
  includedRemaining: count,
  /** Past the quota: paid from the wallet. */
  payable: count,
  credits: count,
});

export const FlowCostSchema = v.object({
  documents: count,
  lines: v.array(FlowCostLineSchema),
  creditsNeeded: count,
  balance: v.pipe(v.number(), v.integer()),
  allowed: v.boolean(),
  /** Why it could not run now, when it could not. */
  reason: v.optional(v.string()),
});
export type FlowCost = v.InferOutput<typeof FlowCostSchema>;

export const calculateFlowCost = defineEndpoint({
  operation: 'calculateFlowCost',
  errors: ['NOT_FOUND', 'UPLOAD_REJECTED', 'SOURCE_UNREACHABLE'],
  summary:
    "What running a workflow (by id) or a described one (its data sources and filters) would use of the plan's quotas and cost in credits",
  method: 'POST',
  path: '/flows/calculate-cost',
  auth: 'bearer',
  permission: 'signed-in',
  acceptsApiKey: true,
  body: {
    name: 'calculateFlowCostInput',
    schema: v.union(
      [
        v.object({ flowId }),
        v.object({
          dataSources: flowSettings.dataSources,
          filters: flowSettings.filters,
          inputs: flowSettings.inputs,
        }),
      ],
      'Give a flowId, or the dataSources of the workflow to price.',
    ),
  },
  response: FlowCostSchema,
});

export const FlowCreditsSchema = v.object({
  lines: v.array(
    v.object({
      usageCategory: v.picklist(usageCategories),
      quantity: count,
      unit: v.string(),
      credits: count,
    }),
  ),
  credits: count,
});

export const calculateFlowCredits = defineEndpoint({
  operation: 'calculateFlowCredits',
  errors: [],
  summary:
    'The pay-as-you-go price in credits of a run of so many documents (news items and other documents), before any plan quota',
  method: 'POST',
  path: '/flows/credits',
  auth: 'public',
  body: {
    name: 'calculateFlowCreditsInput',
    schema: v.object({
      analysisType: v.optional(v.picklist(analysisTypes)),
      documents: v.pipe(
        v.number('Please enter a number of documents.'),
        v.integer('Please enter a whole number of documents.'),
        v.minValue(0, 'Please enter 0 or more documents.'),
        v.maxValue(10_000_000, 'Please enter at most 10,000,000 documents.'),
      ),
      /** Of them, how many are news items (RSS feeds, pages). */
      newsDocuments: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000_000))),
    }),
  },
  response: FlowCreditsSchema,
});

const taskId = v.pipe(v.string(validationMessages.required), v.uuid(workflowMessages.runNotFound));

/** Run a flow now. With a bearer token (a member who may update it), an API key of its organization, or anonymously for a public flow. */
export const runFlow = defineEndpoint({
  operation: 'runFlow',
  errors: [
    'NOT_FOUND',
    'FORBIDDEN',
    'UNAUTHORIZED',
    'API_KEY_INVALID',
    'FLOW_CONFLICT',
    'INSUFFICIENT_CREDITS',
    'SOURCE_UNREACHABLE',
  ],
  summary:
    'Run a workflow now: with a bearer token of a member who may update it, an API key of its organization (X-API-Key), or anonymously for a public workflow (limited)',
  method: 'POST',
  path: '/flows/{flowId}/run',
  auth: 'public',
  acceptsBearer: true,
  params: FlowIdParamsSchema,
  body: {
    name: 'runFlowInput',
    schema: v.optional(
      v.object({
        kind: v.optional(v.picklist(runKinds)),
        /** Asked by the caller so a retried request starts one run only. */
        idempotencyKey: v.optional(v.pipe(v.string(), v.minLength(8), v.maxLength(200))),
      }),
      {},
    ),
  },
  response: FlowRunSchema,
  successStatus: 202,
});

export const rerunFlow = defineEndpoint({
  operation: 'rerunFlow',
  errors: ['NOT_FOUND', 'FLOW_CONFLICT', 'INSUFFICIENT_CREDITS', 'SOURCE_UNREACHABLE'],
  summary: 'Run a workflow again with the settings of one of its runs',
  method: 'PUT',
  path: '/flows/{flowId}/runs/{runId}',
  auth: 'bearer',
  permission: 'signed-in',
  acceptsApiKey: true,
  params: v.object({ flowId, runId }),
  response: FlowRunSchema,
  successStatus: 202,
});

export const listFlowRuns = defineEndpoint({
  operation: 'listFlowRuns',
  errors: ['NOT_FOUND'],
  summary: "A workflow's runs, newest first (the last 100)",
  method: 'GET',
  path: '/flows/{flowId}/runs',
  auth: 'bearer',
  permission: 'signed-in',
  acceptsApiKey: true,
  params: FlowIdParamsSchema,
  response: v.object({ runs: v.array(FlowRunSchema) }),
});

export const LastRunSchema = v.object({
  flow: v.object({
    id: v.string(),
    name: v.string(),
    analysisType: v.picklist(analysisTypes),
    predefinedFlowId: v.nullable(v.string()),
  }),
  /** The last run that finished (JobDone), or null when none has. */
  run: v.nullable(FlowRunSchema),
  insights: v.nullable(RunInsightsSchema),
});
export type LastRun = v.InferOutput<typeof LastRunSchema>;

export const getFlowLastRun = defineEndpoint({
  operation: 'getFlowLastRun',
  errors: ['NOT_FOUND', 'UNAUTHORIZED', 'API_KEY_INVALID'],
  summary:
    "A workflow's last finished run and what it found: with a bearer token or an API key of its organization, or anonymously for a public workflow",
  method: 'GET',
  path: '/flows/{flowId}/last-run',
  auth: 'public',
  acceptsBearer: true,
  params: FlowIdParamsSchema,
  response: LastRunSchema,
});

export const RunStatusSchema = v.object({
  run: FlowRunSchema,
  /** Present once the run is JobDone. */
  insights: v.nullable(RunInsightsSchema),
});

export const getFlowStatus = defineEndpoint({
  operation: 'getFlowStatus',
  errors: ['NOT_FOUND'],
  summary: 'Where a run stands (by its task id; the latest run when left out), with its insights once done',
  method: 'GET',
  path: '/flows/{flowId}/status',
  auth: 'bearer',
  permission: 'signed-in',
  acceptsApiKey: true,
  params: FlowIdParamsSchema,
  query: v.object({ taskId: v.optional(taskId) }),
  response: RunStatusSchema,
});

const runNumber = v.optional(
  v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, 'Please enter a run number from 1.'), v.transform(Number)),
);

const documentsMessages = workflowMessages.runDocuments;
/** The most documents one page of a run's documents holds, and how many by default. */
export const runDocumentsPageMax = 100;
export const runDocumentsPageDefault = 25;
/** A document's text is kept up to this many characters (the rest is in the run's input). */
export const runDocumentTextMax = 20_000;
export const runDocumentPeriodUnits = ['day', 'week', 'month', 'quarter'] as const;
export const sentimentLabels = ['positive', 'negative', 'neutral'] as const;
const wholeFromOne = (message: string, max: number) =>
  v.pipe(
    v.string(message),
    v.regex(/^[1-9]\d{0,8}$/, message),
    v.transform(Number),
    v.maxValue(max, message),
  );
/** A period as the results write it: a day (or a week's Monday) 2024-03-05, a month 2024-03, a quarter 2024-Q1. */
export const runDocumentPeriodPattern = /^(\d{4})-(?:(0[1-9]|1[0-2])(?:-(0[1-9]|[12]\d|3[01]))?|Q([1-4]))$/;

export const RunDocumentsQuerySchema = v.object({
  /** A term as the results list it (a keyword, key phrase or hashtag; compared lower-case). */
  term: v.optional(
    v.pipe(
      v.string(documentsMessages.termInvalid),
      v.trim(),
      v.minLength(1, documentsMessages.termInvalid),
      v.maxLength(200, documentsMessages.termInvalid),
      v.toLowerCase(),
    ),
  ),
  /** A narrative's id, or `unassigned` for the documents no narrative took. */
  narrative: v.optional(
    v.union(
      [v.literal('unassigned'), wholeFromOne(documentsMessages.narrativeInvalid, 1000)],
      documentsMessages.narrativeInvalid,
    ),
  ),
  sentiment: v.optional(v.picklist(sentimentLabels, documentsMessages.sentimentInvalid)),
  language: v.optional(
    v.pipe(
      v.string(documentsMessages.languageInvalid),
      v.regex(/^[a-z]{2,3}$/, documentsMessages.languageInvalid),
    ),
  ),
  /** The documents published in this period (UTC), as the trend's periods name it. */
  period: v.optional(
    v.pipe(
      v.string(documentsMessages.periodInvalid),
      v.regex(runDocumentPeriodPattern, documentsMessages.periodInvalid),
      v.check((value) => {
        const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
        if (!day) return true;
        const date = new Date(`${value}T00:00:00Z`);
        return date.getUTCDate() === Number(day[3]);
      }, documentsMessages.periodInvalid),
    ),
  ),
  /** What a day-shaped `period` is: the run's trend period by default (a week's days are its Monday's). */
  periodUnit: v.optional(v.picklist(runDocumentPeriodUnits, documentsMessages.periodUnitInvalid)),
  /** The documents left out, for one reason or `any`; without it, the analysed documents only. */
  leftOut: v.optional(v.picklist(['any', ...leftOutReasons], documentsMessages.leftOutInvalid)),
  /** The previous page's `nextCursor`. */
  cursor: v.optional(wholeFromOne(documentsMessages.cursorInvalid, 10_000_000)),
  limit: v.optional(wholeFromOne(documentsMessages.limitInvalid, runDocumentsPageMax)),
});
export type RunDocumentsQuery = v.InferOutput<typeof RunDocumentsQuerySchema>;

/** One document of a run: what was handed to the analysis (its input), its text and what the result files it under. */
export const RunDocumentSchema = v.object({
  /** Its place among the documents the run read, 1 for the first (the left-out list's row). */
  row: v.pipe(count, v.minValue(1)),
  id: v.string(),
  /** The text as analysed (title and text), up to `runDocumentTextMax` characters. */
  text: v.string(),
  textTruncated: v.boolean(),
  /** The document as the run read it from its source (a file's row, a feed's item), without its text. */
  input: v.object({
    id: v.optional(v.string()),
    title: v.optional(v.string()),
    source: v.optional(v.string()),
    publishedAt: v.optional(v.string()),
    url: v.optional(v.string()),
    language: v.optional(v.string()),
  }),
  /** Why it was not analysed; null when it was. */
  leftOut: v.nullable(v.picklist(leftOutReasons)),
  /** Its language, when the run detected it (content and news analyses, or a language filter) or the source said. */
  language: v.nullable(v.string()),
  sentiment: v.nullable(v.number()),
  sentimentLabel: v.nullable(v.picklist(sentimentLabels)),
  publishedAt: v.nullable(timestamp),
  /** Its narrative's id in a narrative analysis; null otherwise or when no narrative took it. */
  narrative: v.nullable(count),
});
export type RunDocument = v.InferOutput<typeof RunDocumentSchema>;

export const RunDocumentsSchema = v.object({
  runId: v.string(),
  /** False for a run made before its documents were kept (issue 34): then the list is empty. */
  kept: v.boolean(),
  /** How many documents match the filters, all pages together. */
  total: count,
  /** In row order. */
  documents: v.array(RunDocumentSchema),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: v.nullable(v.string()),
});
export type RunDocuments = v.InferOutput<typeof RunDocumentsSchema>;

export const listFlowRunDocuments = defineEndpoint({
  operation: 'listFlowRunDocuments',
  errors: ['NOT_FOUND', 'FLOW_CONFLICT', 'UNAUTHORIZED', 'API_KEY_INVALID'],
  summary:
    "The documents behind a finished run's figures, paged: by term, narrative, sentiment, language, period or why they were left out, each with its text and input. Like the run's results: a bearer token or an API key of its organization, or anonymously the last run of a public workflow",
  method: 'GET',
  path: '/flows/{flowId}/runs/{runId}/documents',
  auth: 'public',
  acceptsBearer: true,
  params: v.object({ flowId, runId }),
  query: RunDocumentsQuerySchema,
  response: RunDocumentsSchema,
});

export const listFlowFiles = defineEndpoint({
  operation: 'listFlowFiles',
  errors: ['NOT_FOUND', 'FLOW_CONFLICT'],
  summary: 'The result files of a run by number (`num`; the last finished run when left out)',
  method: 'GET',
  path: '/flows/{flowId}/files',
  auth: 'bearer',
  permission: 'signed-in',
  acceptsApiKey: true,
  params: FlowIdParamsSchema,
  query: v.object({ num: runNumber }),
  response: v.object({ runId: v.string(), number: v.number(), files: v.array(RunFileSchema) }),
});

export const downloadFlowFile = defineEndpoint({
  operation: 'downloadFlowFile',
  errors: ['NOT_FOUND', 'FLOW_CONFLICT'],
  summary: 'One result file of a run, whole (`num`: the run number; the last finished run when left out)',
  method: 'GET',
  path: '/flows/{flowId}/files/{fileName}',
  auth: 'bearer',
  permission: 'signed-in',
  acceptsApiKey: true,
  params: v.object({
    flowId,
    fileName: v.pipe(v.string(), v.regex(/^[\w.-]{1,100}$/, workflowMessages.fileNotFound)),
  }),
  query: v.object({ num: runNumber }),
  response: v.object({ name: v.string(), mediaType: v.string(), content: v.string() }),
});

export const pauseFlow = defineEndpoint({
  operation: 'pauseFlow',
  errors: ['NOT_FOUND', 'FLOW_CONFLICT'],
  summary: 'Pause a scheduled workflow: its slots are skipped until it is resumed',
  method: 'PUT',
  path: '/flows/pause/{flowId}',
  auth: 'bearer',
  permission: 'signed-in',
  acceptsApiKey: true,
  params: FlowIdParamsSchema,
  response: FlowSchema,
});

export const resumeFlow = defineEndpoint({
  operation: 'resumeFlow',
  errors: ['NOT_FOUND', 'FLOW_CONFLICT'],
  summary: 'Resume a paused workflow from its next slot (missed slots are not run)',
  method: 'PUT',
  path: '/flows/resume/{flowId}',
  auth: 'bearer',
  permission: 'signed-in',
  acceptsApiKey: true,
  params: FlowIdParamsSchema,
  response: FlowSchema,
});

export const turnOffFlowNotifications = defineEndpoint({
  operation: 'turnOffFlowNotifications',
  errors: ['NOT_FOUND'],
  summary: 'Stop the emails sent when a run of this workflow finishes or fails',
  method: 'DELETE',
  path: '/flows/{flowId}/notification',
  auth: 'bearer',
  permission: 'signed-in',
  params: FlowIdParamsSchema,
  response: FlowSchema,
});

export const FlowUploadSchema = v.object({
  id: v.string(),
  fileName: v.string(),
  format: v.picklist(fileFormats),
  bytes: count,
  documents: count,
  /** The first few texts, so the person sees what was read. */
  preview: v.array(v.string()),
  createdAt: timestamp,
});
export type FlowUpload = v.InferOutput<typeof FlowUploadSchema>;

/** The file part of `POST /flows/uploads` (docs/decisions/0114). */
export const flowUploadFilePart = 'file';

/** A file's name as an upload keeps it: the browser's `File.name`, or the `filename` of the multipart part. */
export const UploadFileNameSchema = v.pipe(
  requiredText(200),
  v.regex(/^[^/\\\p{Cc}]+$/u, workflowMessages.nameInvalid),
);

export const uploadFlowFile = defineEndpoint({
  operation: 'uploadFlowFile',
  errors: ['UPLOAD_REJECTED'],
  summary:
    "Upload a data file for workflows as multipart/form-data (one part named `file`, within the plan's largest file, refused while it streams past it): it is read at once and its documents counted",
  method: 'POST',
  path: '/flows/uploads',
  auth: 'bearer',
  permission: { resource: 'file', action: 'create' },
  acceptsApiKey: true,
  file: { name: 'file', field: flowUploadFilePart, fileName: UploadFileNameSchema },
  response: FlowUploadSchema,
  successStatus: 201,
});

export const flowUploadsPageSizeMax = 100;

/** One upload in the organization's list: who uploaded it, when, and the workflows whose data sources name it. */
export const FlowUploadSummarySchema = v.object({
  id: v.string(),
  fileName: v.string(),
  format: v.picklist(fileFormats),
  bytes: count,
  documents: count,
  createdAt: timestamp,
  /** Null when the person who uploaded it has left the organization. */
  uploadedBy: v.nullable(v.object({ id: v.string(), name: v.string() })),
  /** The workflows that analyse it; while there is one, it cannot be deleted. */
  usedBy: v.array(v.object({ id: v.string(), name: v.string() })),
});
export type FlowUploadSummary = v.InferOutput<typeof FlowUploadSummarySchema>;

export const FlowUploadPageSchema = v.object({
  uploads: v.array(FlowUploadSummarySchema),
  total: count,
  page: count,
  pageSize: count,
});
export type FlowUploadPage = v.InferOutput<typeof FlowUploadPageSchema>;

export const listFlowUploads = defineEndpoint({
  operation: 'listFlowUploads',
  errors: [],
  summary:
    "The organization's uploaded files, newest first, paged: name, size, format, who uploaded each and when, and the workflows that use it (admins)",
  method: 'GET',
  path: '/flows/uploads',
  auth: 'bearer',
  permission: { resource: 'file', action: 'read' },
  acceptsApiKey: true,
  query: v.object({
    page: v.optional(pageNumber(1_000_000), '1'),
    pageSize: v.optional(pageNumber(flowUploadsPageSizeMax), '25'),
  }),
  response: FlowUploadPageSchema,
});

export const deleteFlowUpload = defineEndpoint({
  operation: 'deleteFlowUpload',
  errors: ['NOT_FOUND', 'FLOW_CONFLICT'],
  summary:
    'Delete an uploaded file with its documents (admins); refused (409 `uploadInUse`) while a workflow analyses it',
  method: 'DELETE',
  path: '/flows/uploads/{uploadId}',
  auth: 'bearer',
  permission: { resource: 'file', action: 'delete' },
  acceptsApiKey: true,
  params: v.object({ uploadId: uuid(workflowMessages.uploadNotFound) }),
  response: v.object({ deleted: v.literal(true) }),
});

/** A predefined workflow's public sample in the store: its flow (for `last-run`) and its price per 1,000 documents. */
export const StoreEntrySchema = v.object({
  predefinedFlowId: v.string(),
  sampleFlowId: v.nullable(v.string()),
  /** Credits per 1,000 documents past the plan's quota, at the pay-as-you-go prices. */
  creditsPerThousandDocuments: count,
  lastRunAt: v.nullable(timestamp),
});
export type StoreEntry = v.InferOutput<typeof StoreEntrySchema>;

export const listWorkflowStore = defineEndpoint({
  operation: 'listWorkflowStore',
  errors: [],
  summary:
    "The workflow store: each predefined workflow's public sample and price (the catalogue is in @dcipher/shared)",
  method: 'GET',
  path: '/flows/store',
  auth: 'public',
  response: v.array(StoreEntrySchema),
});
