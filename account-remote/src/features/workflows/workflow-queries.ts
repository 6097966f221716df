import { anonymousApi } from '@dcipher/shared/auth';
import type { EndpointOutput } from '@dcipher/shared/contract';
import type { Flow, FlowDataSource, FlowInput } from '@dcipher/shared/contract/flows';
import * as flows from '@dcipher/shared/contract/flows';
import type { FlowType } from '@dcipher/shared/domain';
import { type ContractQueryOptions, contractKey, contractQuery } from '../../kit/contract-query';
import { isUnderway } from './workflow-words';

/** The workflows list's page: the API's largest (`flowsPageSizeMax`). */
export const workflowsPageSize = flows.flowsPageSizeMax;

/** How often a run still pending or running is asked about. */
export const statusPollMs = 1000;

/**
 * The workflows area's reads, one `queryOptions` per contract call (docs/decisions/0119): the key is the call's
 * operation and params, the answer its contract type. The list, a workflow's page and the new-workflow screen read
 * through these, so a change on one screen refreshes the others from the same cache.
 */
export const workflowQueries = {
  /**
   * `GET /flows`, filtered by type (and always with the custom-workflow count); `page` of `workflowsPageSize`, the
   * API's largest page, so that the list's search and sort see every workflow of most organizations at once.
   */
  list: (flowType?: FlowType | '', page = 1) =>
    contractQuery(flows.listFlows, {
      query: {
        ...(flowType ? { flowType } : {}),
        ...(page > 1 ? { page: String(page) } : {}),
        pageSize: String(workflowsPageSize),
      },
    }),
  one: (flowId: string) => contractQuery(flows.getFlow, { params: { flowId } }),
  runs: (flowId: string) => contractQuery(flows.listFlowRuns, { params: { flowId } }),
  files: (flowId: string, num: number) =>
    contractQuery(flows.listFlowFiles, { params: { flowId }, query: { num: String(num) } }),
  cost: (flowId: string) => contractQuery(flows.calculateFlowCost, { body: { flowId } }),
  uploads: (page: number, pageSize: number) =>
    contractQuery(flows.listFlowUploads, { query: { page: String(page), pageSize: String(pageSize) } }),
  store: () => contractQuery(flows.listWorkflowStore),
  /**
   * `GET /flows/{flowId}/last-run` as anybody asks it (a public workflow's page, docs/decisions/0128): sent without
   * the bearer token, so a signed-in member of another organization sees what everyone sees, and its owner sees
   * "not shared" while it is private. Under the call's key: a workflow's visibility changed invalidates it.
   */
  publicLastRun: (flowId: string): ContractQueryOptions<typeof flows.getFlowLastRun> => ({
    queryKey: contractKey(flows.getFlowLastRun, {
      params: { flowId },
    }) as ContractQueryOptions<typeof flows.getFlowLastRun>['queryKey'],
    queryFn: () => anonymousApi().call(flows.getFlowLastRun, { params: { flowId } }),
  }),
  /** The price of a workflow not created yet (`POST /flows/calculate-cost`), by what it would analyse. */
  costOf: (dataSources: FlowDataSource[], inputs: FlowInput[]) =>
    contractQuery(flows.calculateFlowCost, { body: { dataSources, inputs } }),
  /** Whether a name is free (`POST /flows/validateName`); a workflow created, renamed or deleted invalidates it. */
  nameCheck: (name: string) => contractQuery(flows.validateFlowName, { body: { name } }),
  /**
   * `GET /flows/{flowId}/status?taskId`: asked again every `statusPollMs` while the run is pending or running, and
   * no more once it has ended or no screen shows it (TanStack Query's `refetchInterval`).
   */
  status: (flowId: string, taskId: string) => ({
    // Asked again every time it is shown: a run is followed live, never shown from an old answer alone.
    staleTime: 0,
    ...contractQuery(flows.getFlowStatus, { params: { flowId }, query: { taskId } }),
    refetchInterval: (query: {
      state: { status: string; data?: { run: { state: Parameters<typeof isUnderway>[0] } } };
    }) =>
      query.state.status === 'error' || (query.state.data && !isUnderway(query.state.data.run.state))
        ? false
        : statusPollMs,
  }),
};

/**
 * What a change answering the changed workflow (`PUT /flows/{flowId}`, pause, resume, notifications off) writes
 * into the cache at once: the workflow's own read, and the workflow in place in every cached list (any filter),
 * so the list shows the change from the one cache before it has been asked again (the change also invalidates the
 * lists, kit/invalidations.ts, which refetch to catch anything else that moved).
 */
export const changedFlow = {
  writes: (flow: Flow) => [[workflowQueries.one(flow.id).queryKey, flow] as const],
  updates: (flow: Flow) => [
    [
      [flows.listFlows.operation],
      (list: EndpointOutput<typeof flows.listFlows>) => ({
        ...list,
        flows: list.flows.map((shown) => (shown.id === flow.id ? flow : shown)),
      }),
    ] as const,
  ],
};
