import { errorCodes } from '@dcipher/shared/contract';
import type { PermissionAction, ResourceGrant } from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthenticatedUser } from '../../http/register-endpoint.js';
import { allows, requireAccess } from '../roles/resource-access.js';
import { findFlow, type StoredFlow } from './flows-repository.js';

/** Who asks: a member (bearer token or API key), or nobody (a public flow's anonymous call). */
export type FlowCaller = AuthenticatedUser | { kind: 'anonymous' };

export const notFound = (reason: 'flow' | 'run' | 'upload' | 'resultFile' = 'flow') =>
  new ApiError(errorCodes.notFound, { params: { reason } });

export const conflict = (
  reason:
    | 'runInProgress'
    | 'notScheduled'
    | 'alreadyPaused'
    | 'notPaused'
    | 'runNotFinished'
    | 'cannotRunNow',
) => new ApiError(errorCodes.flowConflict, { params: { reason } });

/** May the caller do `action` on a workflow on which their role is `resourceRole`? (The roles module's rule.) */
export const allowsOnFlow = (
  caller: AuthenticatedUser,
  action: PermissionAction,
  resourceRole?: ResourceGrant | null,
) => allows(caller, 'workflow', action, resourceRole);

/** The flow, if the caller may do `action` on it: 404 when they may not even read it, else 403. */
export async function requireFlow(
  queryable: Queryable,
  caller: AuthenticatedUser,
  flowId: string,
  action: PermissionAction,
  { lock = false } = {},
): Promise<{ flow: StoredFlow; resourceRole: ResourceGrant | undefined }> {
  const found = await findFlow(queryable, { id: flowId, organizationId: caller.organizationId }, { lock });
  const { resource, resourceRole } = await requireAccess(queryable, caller, 'workflow', found, action, () =>
    notFound(),
  );
  return { flow: resource, resourceRole };
}

/**
 * The flow a call names: for a member, one of their organization they may do `action` on; for nobody, a public
 * flow of any organization (anything else is not found).
 */
export async function requireCalledFlow(
  queryable: Queryable,
  caller: FlowCaller,
  flowId: string,
  action: PermissionAction,
): Promise<StoredFlow> {
  if (caller.kind === 'user') return (await requireFlow(queryable, caller, flowId, action)).flow;
  const found = await findFlow(queryable, { id: flowId });
  if (found?.visibility !== 'public') throw notFound();
  return found;
}
