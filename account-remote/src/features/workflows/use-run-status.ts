import type { FlowRun, RunInsights } from '@dcipher/shared/contract/flows';
import * as flows from '@dcipher/shared/contract/flows';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { contractKey } from '../../kit/contract-query';
import { useRemoteQueryClient } from '../../kit/query-client';
import { messageOf } from '../../kit/use-api-load';
import { workflowQueries } from './workflow-queries';
import { isUnderway } from './workflow-words';

export { statusPollMs } from './workflow-queries';

export type RunStatus =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'loaded'; run: FlowRun; insights: RunInsights | null }
  | { state: 'failed'; message: string };

/**
 * Where one run stands (`GET /flows/{flowId}/status?taskId`): the cached read of `workflowQueries.status`, which
 * TanStack Query asks again every second (`refetchInterval`) while the run is pending or running and no more once
 * it has ended or the screen is left. Once a run seen underway has ended, the workflow's reads it changed (its
 * runs, its last run in the list, the wallet) are invalidated, so every screen showing them refreshes.
 */
export function useRunStatus(flowId: string, taskId: string | undefined) {
  const client = useRemoteQueryClient();
  const query = useQuery(
    { ...workflowQueries.status(flowId, taskId ?? ''), enabled: taskId !== undefined },
    client,
  );
  const { data, refetch } = query;
  const run = data?.run;
  useEffect(() => {
    if (!run || isUnderway(run.state)) return;
    // An ended run the workflow's runs do not show as ended yet: what it changed is out of date.
    const known = client.getQueryData(workflowQueries.runs(flowId).queryKey);
    if (known?.runs.some((shown) => shown.id === run.id && shown.state === run.state)) return;
    for (const endpoint of [flows.listFlowRuns, flows.getFlow]) {
      void client.invalidateQueries({ queryKey: contractKey(endpoint, { params: { flowId } }) });
    }
    void client.invalidateQueries({ queryKey: [flows.listFlows.operation] });
  }, [client, flowId, run]);
  const retry = useCallback(() => void refetch({ cancelRefetch: true }), [refetch]);

  const status: RunStatus = !taskId
    ? { state: 'none' }
    : query.status === 'error' && query.fetchStatus !== 'fetching'
      ? { state: 'failed', message: messageOf(query.error) }
      : data
        ? { state: 'loaded', run: data.run, insights: data.insights }
        : { state: 'loading' };
  return { status, retry };
}
