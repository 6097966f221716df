import { authenticatedApi } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { errorCodes } from '@dcipher/shared/contract/errors';
import type { CreateFlowInput, Flow } from '@dcipher/shared/contract/flows';
import * as flows from '@dcipher/shared/contract/flows';
import type { PredefinedWorkflow } from '@dcipher/shared/domain';
import { useMutation } from '@tanstack/react-query';
import { changedBy } from '../../kit/invalidations';
import { useRemoteQueryClient } from '../../kit/query-client';
import { inputsOf } from './workflow-words';

/** A key for one press of Run: a retried request starts one run only. */
export const runIdempotencyKey = () => `run-${crypto.randomUUID()}`;

/**
 * Creates a flow; when its name is taken, tries "name 2", "name 3"… (for the one-click sample, whose name the
 * person did not choose).
 */
async function createWithFreeName(body: CreateFlowInput): Promise<Flow> {
  for (let attempt = 1; ; attempt += 1) {
    const name = attempt === 1 ? body.name : `${body.name} ${attempt}`;
    try {
      return await authenticatedApi().call(flows.createFlow, { body: { ...body, name } });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === errorCodes.flowNameTaken) || attempt >= 20)
        throw error;
    }
  }
}

/**
 * "Try with sample data": the predefined workflow with its defaults and its sample dataset, created and run at once.
 * The sample's documents are counted in the plan's quota like any other (the run is refused, with the reason, when
 * it cannot be paid).
 */
export async function tryWithSampleData(
  workflow: PredefinedWorkflow,
): Promise<{ flow: Flow; runError?: string }> {
  const flow = await createWithFreeName({
    name: `${workflow.name} (sample)`,
    flowType: 'predefinedFlow',
    predefinedFlowId: workflow.id,
    description: workflow.summary,
    analysisType: workflow.analysisType,
    trendMetric: workflow.trendMetric,
    creativityLevel: workflow.creativityLevel,
    inputs: inputsOf(workflow),
    dataSources: [{ kind: 'starter', group: 'file', sampleId: workflow.sample.id }],
  });
  try {
    await authenticatedApi().call(flows.runFlow, {
      params: { flowId: flow.id },
      body: { idempotencyKey: runIdempotencyKey() },
    });
    return { flow };
  } catch (error) {
    return { flow, runError: error instanceof ApiError ? error.message : undefined };
  }
}

/**
 * "Try with sample data" as a change: once it has answered, the reads it changed (the list, the custom-workflow
 * count, the wallet) are invalidated as for creating and running a workflow (kit/invalidations.ts).
 */
export function useTryWithSampleData() {
  const client = useRemoteQueryClient();
  return useMutation(
    {
      mutationFn: tryWithSampleData,
      onSuccess: () =>
        Promise.all(
          [...new Set([...changedBy(flows.createFlow), ...changedBy(flows.runFlow)])].map((endpoint) =>
            client.invalidateQueries({ queryKey: [endpoint.operation] }),
          ),
        ),
    },
    client,
  );
}

/**
 * A message for the workflow's screen after another screen moved there (a run refused right after creating the
 * flow): kept in this tab only until that screen reads it.
 */
const waitingNotes = new Map<string, string>();
export const leaveNoteFor = (flowId: string, message: string) => waitingNotes.set(flowId, message);
export function takeNoteFor(flowId: string): string | undefined {
  const note = waitingNotes.get(flowId);
  waitingNotes.delete(flowId);
  return note;
}
