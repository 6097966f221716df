import type { Mailer } from '../../../adapters/mailer/mailer.js';
import type { Database } from '../../../db/database.js';
import type { AnalysisExecutor, WorkerTaskLimits } from '../../../engine/index.js';
import { backgroundQueues } from '../../../jobs/background-jobs.js';
import type { Jobs } from '../../../jobs/jobs.js';
import type { UsageService } from '../../usage/usage-service.js';
import { createRunEndedListeners, type RunEndedListeners } from '../run-ended-listeners.js';
import { defaultUploadLimits } from '../upload-reading.js';

/**
 * What the flows' operations work with (docs/decisions/0120): each operation is a function of its own taking this
 * first, so what it depends on is named where it is called and a test can build one with what it needs.
 */

export const flowQueues = {
  run: backgroundQueues.flowsRun,
  scheduleDue: backgroundQueues.flowsScheduleDue,
} as const;

export interface FlowServiceDependencies {
  database: Database;
  jobs: Jobs;
  mailer: Mailer;
  usage: UsageService;
  executor: AnalysisExecutor;
  fetcher: typeof fetch;
  webUrl: string;
  uploadMaxBytes: number;
  /** How long one feed or page may take to fetch, headers and body (docs/decisions/0094). */
  sourceTimeoutMs?: number;
  /** How long and how much heap reading one uploaded file may take in its worker (docs/decisions/0090). */
  fileParseLimits?: WorkerTaskLimits;
  /** PostgreSQL's address, for workers to read uploads' documents with connections of their own; none on PGlite. */
  workerDatabaseUrl?: string;
  log: {
    info(details: object, text: string): void;
    warn(details: object, text: string): void;
    error(details: object, text: string): void;
  };
}

/** The dependencies with their defaults, and the state the operations of one process share. */
export interface FlowContext
  extends Required<Omit<FlowServiceDependencies, 'workerDatabaseUrl'>>,
    Pick<FlowServiceDependencies, 'workerDatabaseUrl'> {
  /** Runs executing in this process, to stop when their flow is deleted. */
  running: Map<string, AbortController>;
  /** Modules told of each run's end, in the transaction that ends it (webhooks; docs/decisions/0111). */
  runEndedListeners: RunEndedListeners;
}

export function createFlowContext(dependencies: FlowServiceDependencies): FlowContext {
  return {
    ...dependencies,
    sourceTimeoutMs: dependencies.sourceTimeoutMs ?? 15_000,
    fileParseLimits: dependencies.fileParseLimits ?? defaultUploadLimits,
    running: new Map(),
    runEndedListeners: createRunEndedListeners(),
  };
}
