import type { AuthenticatedUser } from '../../../http/register-endpoint.js';
import { conflict, requireFlow } from '../flow-access.js';
import { deleteFlowResource, findRun } from '../flows-repository.js';
import { endRun } from './end-run.js';
import type { FlowContext } from './flow-context.js';

/** Deletes the flow; a pending or running run is cancelled first and refunded whole. */
export async function deleteFlow(context: FlowContext, caller: AuthenticatedUser, flowId: string) {
  const { database, running } = context;
  const { flow } = await requireFlow(database, caller, flowId, 'delete');
  const active = await findRun(database, { flowId: flow.id, active: true }, { lock: true });
  if (active) {
    await endRun(context, active.id, {
      state: 'JobCancelled',
      documentsAnalysed: null,
      error: 'flowDeleted',
      insights: null,
    });
    running.get(active.id)?.abort(new Error('the workflow was deleted'));
  }
  await database.transaction(async (transaction) => {
    await requireFlow(transaction, caller, flowId, 'delete', { lock: true });
    const again = await findRun(transaction, { flowId: flow.id, active: true }, { lock: true });
    if (again) throw conflict('runInProgress');
    await deleteFlowResource(transaction, flow.id);
  });
  return { deleted: true as const };
}
