import {
  errorCodes,
  type FlowDataSource,
  type FlowInput,
  type UpdateFlowInput,
} from '@dcipher/shared/contract';
import { ApiError, ForbiddenError } from '../../../http/api-error.js';
import type { AuthenticatedUser } from '../../../http/register-endpoint.js';
import { recordActivity } from '../../activity-log/activity-log.js';
import { lockOrganization } from '../../people/organization-repository.js';
import { setPublicRole } from '../../roles/roles-repository.js';
import { allowsOnFlow, requireFlow } from '../flow-access.js';
import {
  type FlowColumns,
  flowNameTaken,
  isUniqueViolation,
  renameFlowResource,
  updateFlowColumns,
} from '../flows-repository.js';
import { checkInput, predefinedInputs } from '../flows-starter.js';
import { checkDataSources, scheduleColumns } from './create.js';
import type { FlowContext } from './flow-context.js';
import { getFlow } from './read.js';

export async function updateFlow(
  context: FlowContext,
  caller: AuthenticatedUser,
  flowId: string,
  input: UpdateFlowInput,
) {
  const { database } = context;
  try {
    await database.transaction(async (transaction) => {
      // Names are checked with the organization locked: two renames cannot both take one name.
      await lockOrganization(transaction, caller.organizationId);
      const { flow, resourceRole } = await requireFlow(transaction, caller, flowId, 'update', {
        lock: true,
      });
      if (input.name !== undefined && input.name !== flow.name) {
        if (await flowNameTaken(transaction, caller.organizationId, input.name, flow.id)) {
          throw new ApiError(errorCodes.flowNameTaken);
        }
        await renameFlowResource(transaction, flow.id, input.name);
      }
      const changes: Partial<FlowColumns> = {};
      if (input.description !== undefined) changes.description = input.description ?? null;
      if (input.analysisType !== undefined) changes.analysisType = input.analysisType;
      if (input.trendMetric !== undefined) changes.trendMetric = input.trendMetric;
      if (input.creativityLevel !== undefined) changes.creativityLevel = input.creativityLevel;
      if (input.inputs !== undefined) {
        if (flow.predefinedFlowId)
          changes.inputs = predefinedInputs(flow.predefinedFlowId, input.inputs as FlowInput[]);
        else {
          for (const entry of input.inputs as FlowInput[]) checkInput(entry);
          changes.inputs = input.inputs;
        }
      }
      if (input.dataSources !== undefined) {
        changes.dataSources = await checkDataSources(
          transaction,
          caller.organizationId,
          input.dataSources as FlowDataSource[],
          { lock: true },
        );
      }
      if (input.filters !== undefined) changes.filters = input.filters;
      if (input.notifications !== undefined) changes.notifications = input.notifications;
      if (input.schedule !== undefined) {
        Object.assign(changes, scheduleColumns(input.schedule));
        changes.paused = false;
      }
      if (input.visibility !== undefined && input.visibility !== flow.visibility) {
        // Visibility is the sharing API's: its rule (grant, owners and admins) and its one source of truth,
        // the resource's public role (docs/decisions/0094).
        if (!allowsOnFlow(caller, 'grant', resourceRole)) {
          throw new ForbiddenError({ reason: 'resourcePermission', action: 'grant' });
        }
        const isPublic = input.visibility === 'public';
        await setPublicRole(transaction, flow.id, isPublic ? 'viewer' : null);
        await recordActivity(transaction, {
          organizationId: caller.organizationId,
          actor: { userId: caller.id },
          action: 'role.updated',
          subject: input.name ?? flow.name,
          details: { public: isPublic },
        });
      }
      await updateFlowColumns(transaction, flow.id, changes);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(errorCodes.flowNameTaken);
    throw error;
  }
  return getFlow(context, caller, flowId);
}
