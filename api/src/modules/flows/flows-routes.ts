import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PasswordChangeRequiredError, TwoStepSetupRequiredError } from '../../http/api-error.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { RateLimitRule } from '../abuse/rate-limiter.js';
import type { FlowCaller } from './flow-access.js';
import { requireUploadFormat } from './flow-uploads.js';
import type { FlowService } from './flows-service.js';
import { readFilePart, registerMultipart } from './upload-stream.js';

const endpoints = contract.flows;

/** Anonymous runs of public workflows, per client address (docs/decisions/0064, 0071). */
export const anonymousFlowRunsLimit: RateLimitRule = {
  bucket: 'flows-anonymous-runs',
  limit: 5,
  windowSeconds: 60 * 60,
};
/** Runs started with an API key, per key. */
export const apiKeyFlowRunsLimit: RateLimitRule = {
  bucket: 'flows-api-key-runs',
  limit: 60,
  windowSeconds: 60 * 60,
};
/** Anonymous reads of a public workflow's last run, per client address. */
export const anonymousLastRunLimit: RateLimitRule = {
  bucket: 'flows-anonymous-last-run',
  limit: 120,
  windowSeconds: 60,
};

/** Anonymous reads of the documents behind a public workflow's last run, per client address (issue 34). */
export const anonymousRunDocumentsLimit: RateLimitRule = {
  bucket: 'flows-anonymous-run-documents',
  limit: 120,
  windowSeconds: 60,
};

/**
 * Price checks, per user (issue 32, docs/decisions/0091): one may fetch feeds and pages and read uploads; a form
 * that prices as its fields change stays well within it.
 */
export const calculateFlowCostLimit: RateLimitRule = {
  bucket: 'flows-calculate-cost',
  limit: 30,
  windowSeconds: 60,
};

/** The workflow calls (spec section 7; docs/decisions/0071). */
export function registerFlowRoutes(app: FastifyInstance, flows: FlowService): void {
  /**
   * The caller of a public call: a bearer token's user, an API key's (a bad key is 401), or nobody. The flow's
   * organization is checked by the service: any other is "not found".
   */
  async function publicCaller(request: FastifyRequest): Promise<FlowCaller> {
    const apiKey = app.apiKeyOf(request);
    if (apiKey !== undefined) return app.authenticateApiKey(apiKey);
    if (!request.headers.authorization) return { kind: 'anonymous' };
    const caller = await app.authenticateBearer(request);
    // As on every bearer endpoint: an expired password or a missing required two-step set-up comes first.
    if (caller.kind === 'user' && caller.requiresPasswordChange) throw new PasswordChangeRequiredError();
    if (caller.kind === 'user' && caller.twoStepSetupRequired) throw new TwoStepSetupRequiredError();
    return caller;
  }

  registerEndpoint(app, endpoints.listWorkflowStore, () => flows.store());
  registerEndpoint(app, endpoints.listFlows, ({ query }, { user }) => flows.list(user, query));
  registerEndpoint(app, endpoints.createFlow, ({ body }, { user }) => flows.create(user, body));
  registerEndpoint(app, endpoints.validateFlowName, ({ body }, { user }) => flows.validateName(user, body));
  registerEndpoint(
    app,
    endpoints.calculateFlowCost,
    ({ body }, { user }) => flows.calculateCost(user, body),
    {
      rateLimits: [{ ...calculateFlowCostLimit, per: 'user' }],
    },
  );
  registerEndpoint(app, endpoints.calculateFlowCredits, ({ body }) => flows.credits(body));
  app.register(async (scope) => {
    // Multipart in this scope only (docs/decisions/0114): the file streams in after the caller is known, so the
    // plan's largest file bounds what is read.
    await registerMultipart(scope);
    registerEndpoint(scope, endpoints.uploadFlowFile, async (_input, { user, request }) => {
      const maxBytes = await flows.uploadMaxBytesFor(user);
      const file = await readFilePart(request, {
        field: endpoints.uploadFlowFile.file.field,
        fileName: endpoints.uploadFlowFile.file.fileName,
        maxBytes,
        beforeReading: requireUploadFormat,
      });
      return flows.upload(user, file, maxBytes);
    });
  });
  registerEndpoint(app, endpoints.listFlowUploads, ({ query }, { user }) => flows.listUploads(user, query));
  registerEndpoint(app, endpoints.deleteFlowUpload, ({ params }, { user }) =>
    flows.deleteUpload(user, params.uploadId),
  );
  registerEndpoint(app, endpoints.getFlow, ({ params }, { user }) => flows.get(user, params.flowId));
  registerEndpoint(app, endpoints.updateFlow, ({ params, body }, { user }) =>
    flows.update(user, params.flowId, body),
  );
  registerEndpoint(app, endpoints.deleteFlow, ({ params }, { user }) => flows.delete(user, params.flowId));
  registerEndpoint(app, endpoints.runFlow, async ({ params, body }, { request }) => {
    const caller = await publicCaller(request);
    if (caller.kind === 'anonymous') await app.rateLimiter.consume(anonymousFlowRunsLimit, request.ip);
    else if (caller.apiKeyId) await app.rateLimiter.consume(apiKeyFlowRunsLimit, caller.apiKeyId);
    return flows.run(caller, params.flowId, body ?? {});
  });
  registerEndpoint(app, endpoints.rerunFlow, ({ params }, { user }) =>
    flows.rerun(user, params.flowId, params.runId),
  );
  registerEndpoint(app, endpoints.listFlowRuns, ({ params }, { user }) => flows.runs(user, params.flowId));
  registerEndpoint(app, endpoints.getFlowLastRun, async ({ params }, { request }) => {
    const caller = await publicCaller(request);
    if (caller.kind === 'anonymous') await app.rateLimiter.consume(anonymousLastRunLimit, request.ip);
    return flows.lastRun(caller, params.flowId);
  });
  registerEndpoint(app, endpoints.listFlowRunDocuments, async ({ params, query }, { request }) => {
    const caller = await publicCaller(request);
    if (caller.kind === 'anonymous') await app.rateLimiter.consume(anonymousRunDocumentsLimit, request.ip);
    return flows.runDocuments(caller, params.flowId, params.runId, query);
  });
  registerEndpoint(app, endpoints.getFlowStatus, ({ params, query }, { user }) =>
    flows.status(user, params.flowId, query.taskId),
  );
  registerEndpoint(app, endpoints.listFlowFiles, ({ params, query }, { user }) =>
    flows.files(user, params.flowId, query.num),
  );
  registerEndpoint(app, endpoints.downloadFlowFile, ({ params, query }, { user }) =>
    flows.file(user, params.flowId, params.fileName, query.num),
  );
  registerEndpoint(app, endpoints.pauseFlow, ({ params }, { user }) =>
    flows.setPaused(user, params.flowId, true),
  );
  registerEndpoint(app, endpoints.resumeFlow, ({ params }, { user }) =>
    flows.setPaused(user, params.flowId, false),
  );
  registerEndpoint(app, endpoints.turnOffFlowNotifications, ({ params }, { user }) =>
    flows.turnOffNotifications(user, params.flowId),
  );
}
