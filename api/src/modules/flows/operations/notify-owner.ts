import { findNamedMembers } from '../../people/resource-people.js';
import { runEndedEmail } from '../flows-emails.js';
import { findFlow, type StoredRun } from '../flows-repository.js';
import { workflowStoreOrganization } from '../workflow-store.js';
import type { FlowContext } from './flow-context.js';

/** A public flow's anonymous run: started through the API by nobody (docs/decisions/0093). */
const isAnonymousRun = (run: Pick<StoredRun, 'origin' | 'startedBy'>) =>
  run.origin === 'API' && run.startedBy === null;

/** Emails the flow's owner that a run ended, unless they turned it off (a failure to queue it is logged). */
export async function notifyOwner(context: FlowContext, run: StoredRun): Promise<void> {
  const { database, mailer, webUrl, log } = context;
  // Anonymous runs of a public flow are the owner's to look at in its runs, not one email each (decision 0093).
  if (isAnonymousRun(run)) return;
  const flow = await findFlow(database, { id: run.flowId });
  if (!flow?.notifications || flow.organizationId === workflowStoreOrganization.id) return;
  const [owner] = await findNamedMembers(database, flow.organizationId, [flow.ownerUserId]);
  if (!owner) return;
  try {
    await mailer.send(runEndedEmail(owner.email, webUrl, flow, run));
  } catch (error) {
    log.warn({ err: error, runId: run.id }, 'the workflow run email could not be queued');
  }
}
