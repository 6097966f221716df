import {
  type CreateFlowInput,
  errorCodes,
  type FlowDataSource,
  type FlowInput,
} from '@dcipher/shared/contract';
import { findPredefinedWorkflow } from '@dcipher/shared/domain';
import { workflowMessages } from '@dcipher/shared/validation';
import type { Queryable } from '../../../db/database.js';
import { ApiError } from '../../../http/api-error.js';
import type { AuthenticatedUser } from '../../../http/register-endpoint.js';
import { lockOrganization } from '../../people/organization-repository.js';
import { notFound } from '../flow-access.js';
import { countFlowsOfType, findUpload, flowNameTaken, isUniqueViolation } from '../flows-repository.js';
import { checkInput, insertFlowWithResource, invalid, predefinedInputs } from '../flows-starter.js';
import { nextSlot } from '../schedule-slots.js';

import type { FlowContext } from './flow-context.js';
import { getFlow } from './read.js';

/**
 * The data sources as stored, once every upload they name is found (404 otherwise). In a transaction that writes
 * them, `lock` holds each upload's row until it ends, so a delete cannot remove it in between (docs/decisions/0120).
 */
export async function checkDataSources(
  queryable: Queryable,
  organizationId: string,
  sources: readonly FlowDataSource[],
  { lock = false } = {},
) {
  for (const source of sources) {
    if (
      source.kind === 'uploaded' &&
      !(await findUpload(queryable, organizationId, source.uploadId, { lock }))
    ) {
      throw notFound('upload');
    }
  }
  // Stored without what the API fills in from the upload or the catalogue.
  return sources.map((source) =>
    source.kind === 'uploaded'
      ? { kind: source.kind, group: source.group, uploadId: source.uploadId }
      : source.kind === 'starter'
        ? { kind: source.kind, group: source.group, sampleId: source.sampleId }
        : source,
  );
}

export function scheduleColumns(schedule: CreateFlowInput['schedule'], now = new Date()) {
  if (!schedule) return { scheduleFrequency: null, scheduleStartAt: null, nextRunAt: null };
  const startAt = schedule.startAt ? new Date(schedule.startAt) : now;
  return {
    scheduleFrequency: schedule.frequency,
    scheduleStartAt: startAt,
    nextRunAt: nextSlot(startAt, schedule.frequency, now),
  };
}

// Prices and runs.

export async function createFlow(context: FlowContext, caller: AuthenticatedUser, input: CreateFlowInput) {
  const { database, usage } = context;
  if (input.flowType === 'studio' || input.flowType === 'insightBooster') {
    throw invalid('flowType', workflowMessages.typeNotCreatedHere);
  }
  let inputs: FlowInput[];
  if (input.flowType === 'predefinedFlow') {
    if (!input.predefinedFlowId) throw invalid('predefinedFlowId', workflowMessages.predefinedRequired);
    inputs = predefinedInputs(input.predefinedFlowId, input.inputs as FlowInput[] | undefined);
  } else {
    inputs = (input.inputs ?? []) as FlowInput[];
    for (const entry of inputs) checkInput(entry);
  }
  const workflow = input.predefinedFlowId ? findPredefinedWorkflow(input.predefinedFlowId) : undefined;
  try {
    const id = await database.transaction(async (transaction) => {
      await lockOrganization(transaction, caller.organizationId);
      if (await flowNameTaken(transaction, caller.organizationId, input.name)) {
        throw new ApiError(errorCodes.flowNameTaken);
      }
      if (input.flowType === 'customFlow') {
        const { customWorkflows } = await usage.planLimits(transaction, caller.organizationId);
        if ((await countFlowsOfType(transaction, caller.organizationId, 'customFlow')) >= customWorkflows) {
          throw new ApiError(errorCodes.flowQuotaReached, { params: { limit: customWorkflows } });
        }
      }
      const dataSources = await checkDataSources(
        transaction,
        caller.organizationId,
        input.dataSources as FlowDataSource[],
        { lock: true },
      );
      return insertFlowWithResource(transaction, {
        name: input.name,
        organizationId: caller.organizationId,
        ownerUserId: caller.id,
        flowType: input.flowType as 'predefinedFlow' | 'customFlow',
        predefinedFlowId: workflow?.id ?? null,
        description: input.description ?? null,
        analysisType: input.analysisType,
        trendMetric: input.trendMetric ?? workflow?.trendMetric ?? 'momentum',
        creativityLevel: input.creativityLevel ?? workflow?.creativityLevel ?? 'Balanced',
        inputs,
        dataSources,
        filters: input.filters ?? [],
        ...scheduleColumns(input.schedule),
        paused: false,
        notifications: input.notifications ?? true,
        visibility: input.visibility ?? 'private',
      });
    });
    return getFlow(context, caller, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(errorCodes.flowNameTaken);
    throw error;
  }
}
