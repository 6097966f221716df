import { randomUUID } from 'node:crypto';
import type { FlowInput } from '@dcipher/shared/contract';
import { findPredefinedWorkflow } from '@dcipher/shared/domain';
import { workflowMessages } from '@dcipher/shared/validation';
import type { Queryable } from '../../db/database.js';
import { SchemaValidationError } from '../../http/api-error.js';
import { ensureResource } from '../roles/roles-repository.js';
import { type FlowColumns, insertFlow } from './flows-repository.js';

/** Flows made from the catalogue (sign-up's "Try it", the store's samples) and the checks of inputs. */

export const invalid = (field: string, message: string) =>
  new SchemaValidationError(message, { [field]: message });

/** An input's value checked against its kind (and the catalogue's definition for predefined flows). */
export function checkInput(input: FlowInput): void {
  const bad = () => invalid('inputs', `${input.label}: ${workflowMessages.inputInvalid}`);
  switch (input.kind) {
    case 'select':
      if (typeof input.value !== 'string') throw bad();
      if (input.options && !input.options.some((option) => option.value === input.value)) throw bad();
      return;
    case 'text':
      if (typeof input.value !== 'string') throw bad();
      return;
    case 'boolean':
      if (typeof input.value !== 'boolean') throw bad();
      return;
    default:
      if (typeof input.value !== 'number' || !Number.isFinite(input.value)) throw bad();
      if (input.min !== undefined && input.value < input.min) throw bad();
      if (input.max !== undefined && input.value > input.max) throw bad();
  }
}

/** A predefined flow's inputs: the catalogue's, each with the value given or its default, checked. */
export function predefinedInputs(
  predefinedFlowId: string,
  given: readonly FlowInput[] | undefined,
): FlowInput[] {
  const workflow = findPredefinedWorkflow(predefinedFlowId);
  if (!workflow) throw invalid('predefinedFlowId', workflowMessages.unknownPredefined);
  for (const input of given ?? []) {
    if (!workflow.inputs.some((definition) => definition.key === input.key)) {
      throw invalid('inputs', `${input.label}: ${workflowMessages.inputInvalid}`);
    }
  }
  return workflow.inputs.map((definition) => {
    const value = given?.find((input) => input.key === definition.key)?.value ?? definition.default;
    const input: FlowInput = {
      key: definition.key,
      label: definition.label,
      kind: definition.kind,
      value,
      ...(definition.kind === 'select' && { options: definition.options.map((option) => ({ ...option })) }),
      ...((definition.kind === 'numeric' || definition.kind === 'slider') && {
        min: definition.min,
        max: definition.max,
      }),
    };
    checkInput(input);
    if (definition.kind === 'text' && typeof value === 'string' && value.length > definition.maxLength) {
      throw invalid('inputs', `${definition.label}: ${workflowMessages.inputInvalid}`);
    }
    return input;
  });
}

/** Creates a flow and its resource in the caller's transaction (also sign-up's "Try it" and the store's). */
export async function insertFlowWithResource(
  queryable: Queryable,
  flow: FlowColumns & {
    id?: string;
    name: string;
    organizationId: string;
    ownerUserId: string;
    visibility?: 'private' | 'public';
  },
): Promise<string> {
  const id = flow.id ?? randomUUID();
  const { name, ownerUserId, visibility, ...columns } = flow;
  await ensureResource(queryable, {
    id,
    organizationId: flow.organizationId,
    type: 'workflow',
    name,
    ownerUserId,
    // The resource's public role is the flow's visibility (docs/decisions/0094).
    publicRole: visibility === 'public' ? 'viewer' : null,
  });
  await insertFlow(queryable, { ...columns, id });
  return id;
}

export function starterColumns(predefinedFlowId: string): FlowColumns {
  const workflow = findPredefinedWorkflow(predefinedFlowId)!;
  return {
    flowType: 'predefinedFlow',
    predefinedFlowId: workflow.id,
    description: workflow.summary,
    analysisType: workflow.analysisType,
    trendMetric: workflow.trendMetric,
    creativityLevel: workflow.creativityLevel,
    inputs: predefinedInputs(workflow.id, undefined),
    dataSources: [{ kind: 'starter', group: 'file', sampleId: workflow.sample.id }],
    filters: [],
    scheduleFrequency: null,
    scheduleStartAt: null,
    nextRunAt: null,
    paused: false,
    notifications: true,
  };
}

/** Sign-up's "Try it": the predefined flow with its sample, owned by the new user, in sign-up's transaction. */
export async function createStarterFlow(
  transaction: Queryable,
  {
    organizationId,
    ownerUserId,
    predefinedFlowId,
  }: { organizationId: string; ownerUserId: string; predefinedFlowId: string },
): Promise<string | undefined> {
  const workflow = findPredefinedWorkflow(predefinedFlowId);
  if (!workflow) return undefined;
  return insertFlowWithResource(transaction, {
    name: workflow.name,
    organizationId,
    ownerUserId,
    ...starterColumns(workflow.id),
  });
}
