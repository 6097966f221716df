import { advanceNextRun, findDueFlows } from '../flows-repository.js';
import { nextSlot } from '../schedule-slots.js';
import { settingsOf } from './cost.js';
import type { FlowContext } from './flow-context.js';
import { startRun } from './run.js';

/** The `flows.schedule-due` job: a run for each flow whose slot is due, once per slot whatever the processes. */
export async function runDueSchedules(context: FlowContext, now = new Date()): Promise<number> {
  const { database, log } = context;
  let started = 0;
  for (const flow of await findDueFlows(database, now)) {
    const slot = flow.nextRunAt && new Date(flow.nextRunAt);
    if (!slot || !flow.scheduleFrequency || !flow.scheduleStartAt) continue;
    const next = nextSlot(new Date(flow.scheduleStartAt), flow.scheduleFrequency, now, true);
    if (!(await advanceNextRun(database, flow.id, slot, next))) continue;
    try {
      await startRun(context, flow, {
        settings: settingsOf(flow),
        origin: 'Scheduler',
        startedBy: null,
        scheduleSlot: slot,
      });
      started += 1;
    } catch (error) {
      log.warn(
        { flowId: flow.id, code: (error as { code?: string }).code },
        'a scheduled workflow run could not start',
      );
    }
  }
  return started;
}
