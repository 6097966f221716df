import type { FlowDataSource, FlowFilter, FlowInput } from '@dcipher/shared/contract';
import type { AnalysisType, CreativityLevel, TrendMetric } from '@dcipher/shared/domain';
import type { AnalysisDocument } from '../../engine/index.js';

/**
 * The shapes the flows tables keep in their jsonb and enumerated text columns: the generated database types name
 * them (api/scripts/kysely-codegen.mjs, docs/decisions/0120), so what a query reads is typed without a cast. Types
 * only: the generated schema imports this file.
 */

/** A workflow's settings as a run takes them (and keeps them, with its document limit). */
export interface RunSettings {
  analysisType: AnalysisType;
  trendMetric: TrendMetric;
  creativityLevel: CreativityLevel;
  inputs: FlowInput[];
  dataSources: FlowDataSource[];
  filters: FlowFilter[];
}

/** A run's `settings` column: the settings it ran with and the most documents it might read. */
export type StoredRunSettings = RunSettings & { maxDocuments: number };

export type RunState = 'JobPending' | 'JobRunning' | 'JobDone' | 'JobError' | 'JobCancelled';

export type RunStage = 'reading' | 'analysing' | 'writing';

/** The kind of flow a run is of (`flow_runs.type`). */
export type RunFlowType = 'predefinedFlow' | 'customFlow';

/** One usage category of a run's reservation: what was reserved, how much the plan covered and the credits. */
export interface ReservationLine {
  usageCategory: 'SocialMedia' | 'News';
  idempotencyKey: string;
  quantity: number;
  covered: number;
  credits: number;
}

/** A document a run was priced for, kept with the run until it ends (docs/decisions/0091). */
export interface PricedDocument extends AnalysisDocument {
  usageCategory: 'SocialMedia' | 'News';
}

/** A kept document's input (`flow_run_result_documents.input`): its source fields as text, without its text. */
export type RunDocumentInput = Record<string, string>;

/** The terms the result files a kept document under (`flow_run_result_documents.terms`). */
export type RunDocumentTerms = string[];
