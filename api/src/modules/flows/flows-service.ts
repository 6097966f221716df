import { sampleDocuments } from './flow-sources.js';
import { createUploadOperations } from './flow-uploads.js';
import { createStarterFlow } from './flows-starter.js';
import { calculateCost, creditsFor } from './operations/cost.js';
import { createFlow } from './operations/create.js';
import { deleteFlow } from './operations/delete.js';
import { endDeadRun, endDeadRuns } from './operations/end-run.js';
import { executeRun } from './operations/execute-run.js';
import {
  createFlowContext,
  type FlowContext,
  type FlowServiceDependencies,
} from './operations/flow-context.js';
import { setPaused, turnOffNotifications } from './operations/pause.js';
import {
  getFlow,
  lastRun,
  listFlowRuns,
  listFlows,
  runDocuments,
  runFile,
  runFiles,
  runStatus,
  validateFlowName,
} from './operations/read.js';
import { rerunFlow, runFlow, startSignupSampleRun } from './operations/run.js';
import { runDueSchedules } from './operations/schedules.js';
import { ensureStore, listStore } from './operations/store.js';
import { updateFlow } from './operations/update.js';

export { type FlowServiceDependencies, flowQueues } from './operations/flow-context.js';
export { storeFlowId, workflowStoreOrganization } from './workflow-store.js';

/**
 * The workflows' operations for one process (docs/decisions/0071, 0120): each is a function of its own in
 * `operations/`, taking its dependencies (the `FlowContext`) explicitly; this binds them to one context, under the
 * names the routes, the jobs and the tests call.
 */
export function createFlowService(dependencies: FlowServiceDependencies) {
  const context = createFlowContext(dependencies);
  const bind =
    <TArguments extends unknown[], TResult>(
      operation: (context: FlowContext, ...rest: TArguments) => TResult,
    ) =>
    (...rest: TArguments) =>
      operation(context, ...rest);
  /** Uploads: streamed in, listed with what uses them, deleted (docs/decisions/0114). */
  const uploads = createUploadOperations({
    database: context.database,
    usage: context.usage,
    uploadMaxBytes: context.uploadMaxBytes,
    fileParseLimits: context.fileParseLimits,
    ...(context.workerDatabaseUrl && { workerDatabaseUrl: context.workerDatabaseUrl }),
  });
  return {
    ...uploads,
    /** Tells `listener` of every run's end, in the transaction that ends it (docs/decisions/0111). */
    onRunEnded: context.runEndedListeners.add,
    executeRun: bind(executeRun),
    endDeadRun: bind(endDeadRun),
    endDeadRuns: bind(endDeadRuns),
    runDueSchedules: bind(runDueSchedules),
    ensureStore: bind(ensureStore),
    createStarterFlow,
    list: bind(listFlows),
    get: bind(getFlow),
    validateName: bind(validateFlowName),
    create: bind(createFlow),
    update: bind(updateFlow),
    delete: bind(deleteFlow),
    setPaused: bind(setPaused),
    turnOffNotifications: bind(turnOffNotifications),
    calculateCost: bind(calculateCost),
    credits: bind(creditsFor),
    run: bind(runFlow),
    rerun: bind(rerunFlow),
    startSignupSampleRun: bind(startSignupSampleRun),
    runs: bind(listFlowRuns),
    lastRun: bind(lastRun),
    status: bind(runStatus),
    runDocuments: bind(runDocuments),
    files: bind(runFiles),
    file: bind(runFile),
    store: bind(listStore),
    /** For tests and the catalogue check: a sample's documents. */
    sampleDocuments,
  };
}

export type FlowService = ReturnType<typeof createFlowService>;
