import type { Flow, LastRun, RunDocumentsQuery } from '@dcipher/shared/contract';
import type { PermissionAction, ResourceGrant } from '@dcipher/shared/domain';
import { workflowMessages } from '@dcipher/shared/validation';
import type { Queryable } from '../../../db/database.js';
import type { AuthenticatedUser } from '../../../http/register-endpoint.js';
import { rolesAllowing } from '../../roles/resource-access.js';
import {
  allowsOnFlow,
  conflict,
  type FlowCaller,
  notFound,
  requireCalledFlow,
  requireFlow,
} from '../flow-access.js';
import { presentFlows, presentRun, presentRuns } from '../flows-presenter.js';
import {
  countFlowsOfType,
  findFlowsPage,
  findRun,
  findRunFile,
  flowNameTaken,
  listRuns,
  type StoredFlow,
} from '../flows-repository.js';
import { runDocumentsPage } from '../run-result-documents.js';
import type { FlowContext } from './flow-context.js';

export const may = (caller: AuthenticatedUser) => (action: PermissionAction, role: ResourceGrant | null) =>
  allowsOnFlow(caller, action, role);

export async function flowOut(
  queryable: Queryable,
  caller: AuthenticatedUser,
  flow: StoredFlow,
  resourceRole: ResourceGrant | undefined,
): Promise<Flow> {
  const [out] = await presentFlows(
    queryable,
    flow.organizationId,
    [{ ...flow, resourceRole: resourceRole ?? null }],
    may(caller),
  );
  return out!;
}

/** `GET /flows`: one page, in a number of statements that does not grow with the page (0120). */
export async function listFlows(
  context: FlowContext,
  caller: AuthenticatedUser,
  query: {
    flowType?: Flow['flowType'];
    permissionAction?: PermissionAction;
    page: number;
    pageSize: number;
  },
) {
  const { database, usage } = context;
  const action = query.permissionAction ?? 'read';
  const { flows, total } = await findFlowsPage(database, {
    organizationId: caller.organizationId,
    callerId: caller.id,
    flowType: query.flowType,
    // The policy's rule, applied in SQL: the roles on a flow that let the caller read it and do `action`.
    roles: rolesAllowing(caller, 'workflow', ['read', action]),
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  // The rule createFlow applies: every custom workflow of the organization counts, whatever its runs did.
  const { customWorkflows: limit } = await usage.planLimits(database, caller.organizationId);
  const used = await countFlowsOfType(database, caller.organizationId, 'customFlow');
  return {
    flows: await presentFlows(database, caller.organizationId, flows, may(caller)),
    customWorkflows: { used, limit: Number.isFinite(limit) ? limit : null },
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getFlow(context: FlowContext, caller: AuthenticatedUser, flowId: string) {
  const { database } = context;
  const { flow, resourceRole } = await requireFlow(database, caller, flowId, 'read');
  return flowOut(database, caller, flow, resourceRole);
}

export async function validateFlowName(
  context: FlowContext,
  caller: AuthenticatedUser,
  body: { name: string; flowId?: string },
) {
  const { database } = context;
  const taken = await flowNameTaken(database, caller.organizationId, body.name, body.flowId);
  return taken
    ? { result: 'file-name-exists' as const, message: workflowMessages.nameTaken }
    : { result: 'file-name-valid' as const, message: null };
}

export async function listFlowRuns(context: FlowContext, caller: AuthenticatedUser, flowId: string) {
  const { database } = context;
  const { flow } = await requireFlow(database, caller, flowId, 'read');
  return { runs: await presentRuns(database, await listRuns(database, flow.id)) };
}

export async function lastRun(context: FlowContext, caller: FlowCaller, flowId: string): Promise<LastRun> {
  const { database } = context;
  const flow = await requireCalledFlow(database, caller, flowId, 'read');
  const run = await findRun(database, { flowId: flow.id, latest: true, state: 'JobDone' });
  return {
    flow: {
      id: flow.id,
      name: flow.name,
      analysisType: flow.analysisType,
      predefinedFlowId: flow.predefinedFlowId,
    },
    run: run ? await presentRun(database, run) : null,
    insights: run?.insights ?? null,
  };
}

export async function runStatus(
  context: FlowContext,
  caller: AuthenticatedUser,
  flowId: string,
  taskId?: string,
) {
  const { database } = context;
  const { flow } = await requireFlow(database, caller, flowId, 'read');
  const run = taskId
    ? await findRun(database, { flowId: flow.id, jobId: taskId })
    : await findRun(database, { flowId: flow.id, latest: true });
  if (!run) throw notFound('run');
  return {
    run: await presentRun(database, run),
    insights: run.state === 'JobDone' ? run.insights : null,
  };
}

/**
 * `GET /flows/{flowId}/runs/{runId}/documents`: read like the run's results, by a member who may read the flow
 * or a key of its organization, or anonymously the last finished run of a public flow (what `last-run` shows).
 */
export async function runDocuments(
  context: FlowContext,
  caller: FlowCaller,
  flowId: string,
  runId: string,
  query: RunDocumentsQuery,
) {
  const { database } = context;
  const flow = await requireCalledFlow(database, caller, flowId, 'read');
  const run = await findRun(database, { flowId: flow.id, id: runId });
  if (!run) throw notFound('run');
  if (caller.kind === 'anonymous') {
    const last = await findRun(database, { flowId: flow.id, latest: true, state: 'JobDone' });
    if (last?.id !== run.id) throw notFound('run');
  }
  if (run.state !== 'JobDone') throw conflict('runNotFinished');
  const trendPeriod = run.insights?.trend?.period;
  return runDocumentsPage(database, run.id, query, trendPeriod);
}

export async function runForFiles(
  context: FlowContext,
  caller: AuthenticatedUser,
  flowId: string,
  number?: number,
) {
  const { database } = context;
  const { flow } = await requireFlow(database, caller, flowId, 'read');
  const run =
    number === undefined
      ? await findRun(database, { flowId: flow.id, latest: true, state: 'JobDone' })
      : await findRun(database, { flowId: flow.id, number });
  if (!run) throw notFound('run');
  if (run.state !== 'JobDone') throw conflict('runNotFinished');
  return run;
}

export async function runFiles(
  context: FlowContext,
  caller: AuthenticatedUser,
  flowId: string,
  number?: number,
) {
  const { database } = context;
  const run = await runForFiles(context, caller, flowId, number);
  const { files } = await presentRun(database, run);
  return { runId: run.id, number: run.number, files };
}

export async function runFile(
  context: FlowContext,
  caller: AuthenticatedUser,
  flowId: string,
  fileName: string,
  number?: number,
) {
  const { database } = context;
  const run = await runForFiles(context, caller, flowId, number);
  const file = await findRunFile(database, run.id, fileName);
  if (!file) throw notFound('resultFile');
  return file;
}
