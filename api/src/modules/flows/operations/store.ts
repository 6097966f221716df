import type { StoreEntry } from '@dcipher/shared/contract';
import { predefinedWorkflows } from '@dcipher/shared/domain';
import { ApiError } from '../../../http/api-error.js';
import { ensureOrganization } from '../../people/organization-repository.js';
import { findUserByEmail, insertUser } from '../../people/user-repository.js';
import { findFlow, findRun } from '../flows-repository.js';
import { insertFlowWithResource, starterColumns } from '../flows-starter.js';

import { storeFlowId, workflowStoreOrganization } from '../workflow-store.js';
import { settingsOf } from './cost.js';
import type { FlowContext } from './flow-context.js';
import { startRun } from './run.js';

/** The store's organization, its owner and one public sample flow per catalogue entry, each run once. */
export async function ensureStore(context: FlowContext): Promise<void> {
  const { database } = context;
  await ensureOrganization(database, {
    id: workflowStoreOrganization.id,
    name: workflowStoreOrganization.name,
    customerType: 'Business',
  });
  // No password and no verified address: nobody signs in as the store.
  await insertUser(database, {
    email: workflowStoreOrganization.ownerEmail,
    firstName: 'Dcipher',
    lastName: 'workflow store',
    passwordHash: null,
    status: 'Active',
    organizationId: workflowStoreOrganization.id,
    role: 'admin',
  });
  const owner = await findUserByEmail(database, workflowStoreOrganization.ownerEmail);
  if (!owner || owner.organizationId !== workflowStoreOrganization.id) return;
  for (const workflow of predefinedWorkflows) {
    const id = storeFlowId(workflow.id);
    await database.transaction(async (transaction) => {
      if (await findFlow(transaction, { id })) return;
      await insertFlowWithResource(transaction, {
        id,
        name: workflow.name,
        organizationId: workflowStoreOrganization.id,
        ownerUserId: owner.id,
        ...starterColumns(workflow.id),
        visibility: 'public',
      });
    });
    const flow = await findFlow(database, { id });
    // Run until one has finished; one pending or running already makes this a conflict, which is fine.
    if (!flow || (await findRun(database, { flowId: id, latest: true, state: 'JobDone' }))) continue;
    try {
      await startRun(context, flow, {
        settings: settingsOf(flow),
        origin: 'Platform',
        startedBy: null,
        free: true,
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
}

export async function listStore(context: FlowContext): Promise<StoreEntry[]> {
  const { database, usage } = context;
  const perThousand = await usage.payAsYouGoCredits(database, 'SocialMedia', 1000);
  const entries: StoreEntry[] = [];
  for (const workflow of predefinedWorkflows) {
    const id = storeFlowId(workflow.id);
    const flow = await findFlow(database, { id, organizationId: workflowStoreOrganization.id });
    const run = flow ? await findRun(database, { flowId: id, latest: true, state: 'JobDone' }) : undefined;
    entries.push({
      predefinedFlowId: workflow.id,
      sampleFlowId: flow ? id : null,
      creditsPerThousandDocuments: perThousand,
      lastRunAt: run?.finishedAt ? new Date(run.finishedAt).toISOString() : null,
    });
  }
  return entries;
}
