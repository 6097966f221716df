import { ApiError } from '@dcipher/shared/client';
import { errorCodes } from '@dcipher/shared/contract';
import * as flows from '@dcipher/shared/contract/flows';
import {
  type FlowDataSource,
  FlowDataSourceSchema,
  FlowInputSchema,
  FlowScheduleInputSchema,
} from '@dcipher/shared/contract/flows';
import { type PredefinedWorkflow, predefinedWorkflows } from '@dcipher/shared/domain';
import type { ContractForm, FormValues } from '@dcipher/shared/ui';
import { createContext, type MutableRefObject, useContext } from 'react';
import * as v from 'valibot';
import type { Cost } from './new-workflow-parts';
import type { InputValue } from './workflow-input-field';
import { inputsOf } from './workflow-words';

/*
 * The new-workflow screen's one form: the whole draft (everything chosen besides "Start from", which is the
 * address's), validated by a schema derived from the contract's `createFlow` body, so each field has the API's
 * rule and message, and an API refusal goes under the field it is about.
 */

const body = flows.createFlow.body.schema.entries;
const [uploadedSource, starterSource, feedSource] = FlowDataSourceSchema.options;

export type SourceKind = FlowDataSource['kind'];
export const sourceLabels: Record<SourceKind, string> = {
  uploaded: 'Upload a file',
  starter: 'A sample dataset',
  news: 'An RSS feed',
  'public-url': 'A public web page',
};
export const samples = [
  ...new Map(predefinedWorkflows.map((workflow) => [workflow.sample.id, workflow.sample])).values(),
];

/** The draft's fields, each the contract's own where the contract has it; the data source's per kind below. */
const draftEntries = {
  name: body.name,
  description: body.description,
  analysisType: body.analysisType,
  trendMetric: body.trendMetric,
  /** A predefined workflow's inputs by key (sent as the contract's `inputs`). */
  inputValues: v.record(v.string(), FlowInputSchema.entries.value),
  uploadId: v.optional(v.string()),
  sampleId: v.optional(v.string()),
  url: v.optional(v.string()),
  scheduled: v.boolean(),
  frequency: FlowScheduleInputSchema.entries.frequency,
  /** The browser's date-time input (local time; empty: now), sent as the contract's timestamp. */
  startAt: v.optional(v.string()),
  notifications: v.boolean(),
  visibility: body.visibility,
};

/** The data source's field is the one its kind needs, with the contract's rule: the upload, the sample, the address. */
export const NewWorkflowSchema = v.variant('sourceKind', [
  v.object({ ...draftEntries, sourceKind: v.literal('uploaded'), uploadId: uploadedSource.entries.uploadId }),
  v.object({ ...draftEntries, sourceKind: v.literal('starter'), sampleId: starterSource.entries.sampleId }),
  v.object({ ...draftEntries, sourceKind: v.picklist(['news', 'public-url']), url: feedSource.entries.url }),
]);
export type NewWorkflowValues = FormValues<typeof NewWorkflowSchema>;
export type NewWorkflowOutput = v.InferOutput<typeof NewWorkflowSchema>;
export type NewWorkflowForm = ContractForm<NewWorkflowValues, NewWorkflowOutput>;

export const defaultsOf = (workflow: PredefinedWorkflow | undefined): Record<string, InputValue> =>
  Object.fromEntries((workflow?.inputs ?? []).map((input) => [input.key, input.default]));

/** The draft a screen opens with: the predefined workflow's name, inputs, sample and suggested frequency. */
export const draftFor = (predefined: PredefinedWorkflow | undefined): NewWorkflowValues => ({
  name: predefined?.name ?? '',
  description: '',
  analysisType: 'contentAnalysis',
  trendMetric: 'momentum',
  inputValues: defaultsOf(predefined),
  sourceKind: 'starter',
  uploadId: '',
  sampleId: predefined?.sample.id ?? samples[0]!.id,
  url: '',
  scheduled: false,
  frequency: predefined?.suggestedFrequency ?? 'weekly',
  startAt: '',
  notifications: true,
  visibility: 'private',
});

export const takesAddress = (kind: string) => kind === 'news' || kind === 'public-url';
export const hasTrendMetric = (analysisType: string) =>
  analysisType === 'trendDetection' || analysisType === 'newsAnalysis';

/** The data source the draft names so far (before validation: what is priced), or none yet. */
export function dataSourceOf(
  values: Pick<NewWorkflowValues, 'sourceKind' | 'uploadId' | 'sampleId' | 'url'>,
): FlowDataSource | undefined {
  const url = (values.url ?? '').trim();
  switch (values.sourceKind) {
    case 'uploaded':
      return values.uploadId ? { kind: 'uploaded', group: 'file', uploadId: values.uploadId } : undefined;
    case 'starter':
      return { kind: 'starter', group: 'file', sampleId: values.sampleId ?? '' };
    case 'news':
      return url ? { kind: 'news', group: 'news', format: 'rss', url } : undefined;
    case 'public-url':
      return url ? { kind: 'public-url', group: 'url', url } : undefined;
    default:
      return undefined;
  }
}

/** The `createFlow` body of a valid draft. */
export function createBodyOf(
  draft: NewWorkflowOutput,
  predefined: PredefinedWorkflow | undefined,
): flows.CreateFlowInput {
  const dataSource: FlowDataSource =
    draft.sourceKind === 'uploaded'
      ? { kind: 'uploaded', group: 'file', uploadId: draft.uploadId }
      : draft.sourceKind === 'starter'
        ? { kind: 'starter', group: 'file', sampleId: draft.sampleId }
        : draft.sourceKind === 'news'
          ? { kind: 'news', group: 'news', format: 'rss', url: draft.url }
          : { kind: 'public-url', group: 'url', url: draft.url };
  return {
    name: draft.name,
    ...(draft.description ? { description: draft.description } : {}),
    ...(predefined
      ? {
          flowType: 'predefinedFlow',
          predefinedFlowId: predefined.id,
          analysisType: predefined.analysisType,
          trendMetric: predefined.trendMetric,
          creativityLevel: predefined.creativityLevel,
          inputs: inputsOf(predefined, draft.inputValues),
        }
      : {
          flowType: 'customFlow',
          analysisType: draft.analysisType,
          ...(hasTrendMetric(draft.analysisType) ? { trendMetric: draft.trendMetric } : {}),
        }),
    dataSources: [dataSource],
    schedule: draft.scheduled
      ? {
          frequency: draft.frequency,
          ...(draft.startAt ? { startAt: new Date(draft.startAt).toISOString() } : {}),
        }
      : null,
    notifications: draft.notifications,
    ...(draft.visibility ? { visibility: draft.visibility } : {}),
  };
}

/** The draft's field a contract field of `createFlow` (or `calculateFlowCost`) is: `dataSources.0.url` is `url`. */
function draftFieldOf(field: string): string | undefined {
  const [head, , leaf] = field.split('.');
  if (head === 'dataSources')
    return leaf === 'url' || leaf === 'uploadId' || leaf === 'sampleId' ? leaf : 'sourceKind';
  if (head === 'schedule') return field.split('.')[1] ?? 'frequency';
  if (head === 'inputs') return undefined;
  return head;
}

/** A failure about the feed's or page's address (unreachable, or refused as an address). */
export const isAddressError = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.code === errorCodes.sourceUnreachable ||
    Object.keys(error.issues).some((field) => field.startsWith('dataSources')));

/**
 * An API refusal with its per-field messages named as the draft's fields, so the form puts each under its field
 * (and focus on the first): an unreachable feed or page under the address.
 */
export function onDraftFields(error: unknown, values: Pick<NewWorkflowValues, 'sourceKind'>): unknown {
  if (!(error instanceof ApiError)) return error;
  const issues: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.issues)) {
    const name = draftFieldOf(field);
    if (name && !(name in issues)) issues[name] = message;
  }
  if (error.code === errorCodes.sourceUnreachable && takesAddress(values.sourceKind))
    issues.url = error.message;
  return new ApiError(error.message, error.status, error.code, issues, error.params);
}

/** What the sections share: the one form, what it starts from, the price and the custom-workflow count. */
export interface NewWorkflowContextValue {
  form: NewWorkflowForm;
  /** A predefined workflow's id, or `custom`. */
  startFrom: string;
  predefined: PredefinedWorkflow | undefined;
  chooseStart: (next: string) => void;
  quota: { used: number; limit: number | null } | undefined;
  atLimit: boolean;
  cost: Cost;
  calculateCost: () => void;
  /** No data chosen yet (no file sent, no address typed). */
  missingSource: boolean;
  /** Whether the submit was "Create and run". */
  runAfterCreate: MutableRefObject<boolean>;
}

const NewWorkflowContext = createContext<NewWorkflowContextValue | undefined>(undefined);
export const NewWorkflowProvider = NewWorkflowContext.Provider;

/** The new-workflow form and what goes with it, for a section of the screen. */
export function useNewWorkflow(): NewWorkflowContextValue {
  const value = useContext(NewWorkflowContext);
  if (!value) throw new Error('useNewWorkflow outside the new-workflow screen');
  return value;
}
