import type { AuthenticatedUser } from '../../../http/register-endpoint.js';
import { conflict, requireFlow } from '../flow-access.js';
import { updateFlowColumns } from '../flows-repository.js';
import { nextSlot } from '../schedule-slots.js';

import type { FlowContext } from './flow-context.js';
import { getFlow } from './read.js';

export async function setPaused(
  context: FlowContext,
  caller: AuthenticatedUser,
  flowId: string,
  paused: boolean,
) {
  const { database } = context;
  await database.transaction(async (transaction) => {
    const { flow } = await requireFlow(transaction, caller, flowId, 'update', { lock: true });
    if (!flow.scheduleFrequency || !flow.scheduleStartAt) throw conflict('notScheduled');
    if (paused && flow.paused) throw conflict('alreadyPaused');
    if (!paused && !flow.paused) throw conflict('notPaused');
    await updateFlowColumns(transaction, flow.id, {
      paused,
      nextRunAt: paused
        ? null
        : nextSlot(new Date(flow.scheduleStartAt), flow.scheduleFrequency, new Date(), true),
    });
  });
  return getFlow(context, caller, flowId);
}

export async function turnOffNotifications(context: FlowContext, caller: AuthenticatedUser, flowId: string) {
  const { database } = context;
  const { flow } = await requireFlow(database, caller, flowId, 'update');
  await updateFlowColumns(database, flow.id, { notifications: false });
  return getFlow(context, caller, flowId);
}
