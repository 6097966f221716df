import { createSafeFetch } from '../../adapters/outbound/safe-fetch.js';
import { type AnalysisExecutor, createWorkerExecutor } from '../../engine/index.js';
import { apiModule } from '../../http/api-module.js';
import { registerFlowRoutes } from './flows-routes.js';
import { createFlowService, type FlowService, flowQueues } from './flows-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    flows: FlowService;
  }
}

/**
 * Workflows (docs/decisions/0071): flows as resources, their runs as jobs of the jobs module executed by the
 * analytics engine, the schedule, the uploads and the workflow store's public samples.
 */
export const flowsModule = apiModule<{ executor?: AnalysisExecutor | undefined }>({
  name: 'flows',
  dependencies: ['api-keys', 'usage'],
  provide: async (app, options) => {
    const { config } = app;
    const flows = createFlowService({
      database: app.database,
      jobs: app.jobs,
      mailer: app.mailer,
      usage: app.usage,
      // The engine works in a worker thread per run, beside the API's requests (docs/decisions/0091); a test may
      // give an engine of its own (ServerDependencies.analysisExecutor).
      executor: options.executor ?? createWorkerExecutor(),
      fetcher: createSafeFetch({ allowLoopback: config.flows.allowLoopbackSources }),
      webUrl: config.webUrl,
      uploadMaxBytes: config.flows.uploadMaxBytes,
      sourceTimeoutMs: (config.flows.sourceTimeoutSeconds ?? 15) * 1000,
      ...(config.database.kind === 'postgres' && { workerDatabaseUrl: config.database.url }),
      log: app.log,
    });
    app.decorate('flows', flows);
    // Runs have their own lane (`FLOW_RUN_CONCURRENCY` per process) and at most `FLOW_RUNS_PER_ORGANIZATION` of
    // one organization run at once across processes (docs/decisions/0092); a run whose job dies is ended, refunded.
    app.jobs.define<{ runId: string }>({
      name: flowQueues.run,
      maxAttempts: 3,
      leaseSeconds: config.jobs.runLeaseSeconds,
      concurrency: config.jobs.runConcurrency,
      groupConcurrency: config.jobs.runsPerOrganization,
      handle: (payload, context) => flows.executeRun(payload, context),
      onDead: async (payload, job) => {
        await flows.endDeadRun(payload, job);
      },
    });
    app.jobs.define({
      name: flowQueues.scheduleDue,
      maxAttempts: 1,
      leaseSeconds: 120,
      handle: async () => {
        await flows.runDueSchedules();
        // Runs left pending or running by a job that died before it could end them (before decision 0092).
        await flows.endDeadRuns();
      },
    });
    if (config.flows.schedulerIntervalSeconds > 0) {
      app.jobs.schedule({
        queue: flowQueues.scheduleDue,
        everySeconds: config.flows.schedulerIntervalSeconds,
      });
    }
    // The store's samples exist before the first request; two processes starting at once make them once.
    await flows.ensureStore();
  },
  routes: (scope) => registerFlowRoutes(scope, scope.flows),
});
