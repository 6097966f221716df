import {
  type Flow,
  type FlowDataSourceOut,
  type FlowRun,
  type RunFailureReason,
  runFailureMessage,
  runFailureReasons,
} from '@dcipher/shared/contract';
import {
  type PermissionAction,
  permissionActions,
  predefinedWorkflows,
  type ResourceGrant,
} from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';
import { findNamedMembers } from '../people/resource-people.js';
import { storedUrlSourceOut } from './flow-sources.js';
import {
  findLatestRuns,
  findUploads,
  listRunFiles,
  type StoredFlow,
  type StoredRun,
  type StoredUpload,
} from './flows-repository.js';

/**
 * Flows and runs as the API answers them (docs/decisions/0120). Batched: a page of flows costs one statement for
 * their owners, one for their last runs, one for those runs' files and one for the uploads they read, whatever the
 * page's size.
 */

/** A run's `error` column as a reason: rows written before reasons were catalogued hold text, shown as the generic one. */
function failureReasonOf(run: StoredRun): RunFailureReason | null {
  if (run.state !== 'JobError' && run.state !== 'JobCancelled') return null;
  return runFailureReasons.find((reason) => reason === run.error) ?? 'analysisFailed';
}

/** The runs as the API answers them, with their result files (one statement for them all). */
export async function presentRuns(queryable: Queryable, runs: readonly StoredRun[]): Promise<FlowRun[]> {
  const files = await listRunFiles(
    queryable,
    runs.map((run) => run.id),
  );
  return runs.map((run) => {
    const startedAt = run.startedAt && new Date(run.startedAt);
    const finishedAt = run.finishedAt && new Date(run.finishedAt);
    return {
      id: run.id,
      flowId: run.flowId,
      number: run.number,
      taskId: run.jobId,
      kind: run.kind,
      origin: run.origin,
      type: run.type,
      state: run.state,
      progress: run.progress,
      stage: run.stage,
      startedBy: run.startedBy,
      createdAt: new Date(run.createdAt).toISOString(),
      startedAt: startedAt ? startedAt.toISOString() : null,
      finishedAt: finishedAt ? finishedAt.toISOString() : null,
      durationMs: startedAt && finishedAt ? Math.max(0, finishedAt.getTime() - startedAt.getTime()) : null,
      documentsEstimated: run.documentsEstimated,
      documentsAnalysed: run.documentsAnalysed,
      creditsReserved: run.creditsReserved,
      creditsCharged: run.creditsCharged,
      failureReason: failureReasonOf(run),
      error: run.state === 'JobError' || run.state === 'JobCancelled' ? runFailureMessage(run.error) : null,
      files: files
        .filter((file) => file.runId === run.id)
        .map((file) => ({
          name: file.name,
          mediaType: file.mediaType as 'application/json' | 'text/csv',
          bytes: file.bytes,
        })),
      rerunOf: run.rerunOf,
    };
  });
}

/** One run as the API answers it. */
export async function presentRun(queryable: Queryable, run: StoredRun): Promise<FlowRun> {
  const [out] = await presentRuns(queryable, [run]);
  return out!;
}

function dataSourcesOut(flow: StoredFlow, uploads: ReadonlyMap<string, StoredUpload>): FlowDataSourceOut[] {
  return flow.dataSources.map((source) => {
    if (source.kind === 'uploaded') {
      const upload = uploads.get(source.uploadId);
      return {
        ...source,
        ...(upload && {
          fileName: upload.fileName,
          format: upload.format as 'csv',
          documents: upload.documentCount,
        }),
      };
    }
    if (source.kind === 'starter') {
      const sample = predefinedWorkflows.find((workflow) => workflow.sample.id === source.sampleId)?.sample;
      return { ...source, ...(sample && { name: sample.name, documents: sample.documents }) };
    }
    return storedUrlSourceOut(source);
  });
}

/**
 * Flows of one organization as the API answers them, each with the caller's role on it and what that role lets
 * them do (`may`, the permission policy's answer).
 */
export async function presentFlows(
  queryable: Queryable,
  organizationId: string,
  flows: readonly (StoredFlow & { resourceRole: ResourceGrant | null })[],
  may: (action: PermissionAction, resourceRole: ResourceGrant | null) => boolean,
): Promise<Flow[]> {
  if (flows.length === 0) return [];
  const uploadIds = flows.flatMap((flow) =>
    flow.dataSources.flatMap((source) => (source.kind === 'uploaded' ? [source.uploadId] : [])),
  );
  const [owners, lastRuns, uploads] = await Promise.all([
    findNamedMembers(queryable, organizationId, [...new Set(flows.map((flow) => flow.ownerUserId))]),
    findLatestRuns(
      queryable,
      flows.map((flow) => flow.id),
    ),
    findUploads(queryable, organizationId, [...new Set(uploadIds)]),
  ]);
  const runs = await presentRuns(queryable, lastRuns);
  const ownerOf = new Map(owners.map((owner) => [owner.userId, owner]));
  const lastRunOf = new Map(runs.map((run) => [run.flowId, run]));
  const uploadOf = new Map(uploads.map((upload) => [upload.id, upload]));
  return flows.map((flow) => {
    const owner = ownerOf.get(flow.ownerUserId);
    const role = flow.resourceRole;
    return {
      id: flow.id,
      name: flow.name,
      description: flow.description,
      flowType: flow.flowType,
      predefinedFlowId: flow.predefinedFlowId,
      analysisType: flow.analysisType,
      trendMetric: flow.trendMetric,
      creativityLevel: flow.creativityLevel,
      inputs: flow.inputs,
      dataSources: dataSourcesOut(flow, uploadOf),
      filters: flow.filters,
      schedule:
        flow.scheduleFrequency && flow.scheduleStartAt
          ? {
              frequency: flow.scheduleFrequency,
              startAt: new Date(flow.scheduleStartAt).toISOString(),
              nextRunAt: flow.nextRunAt ? new Date(flow.nextRunAt).toISOString() : null,
            }
          : null,
      paused: flow.paused,
      notifications: flow.notifications,
      visibility: flow.visibility,
      state: flow.state as Flow['state'],
      owner: { id: flow.ownerUserId, name: owner?.name ?? '', email: owner?.email ?? '' },
      myRole: role,
      abilities: permissionActions.filter((action) => action !== 'create' && may(action, role)),
      createdAt: new Date(flow.createdAt).toISOString(),
      updatedAt: new Date(flow.updatedAt).toISOString(),
      lastRun: lastRunOf.get(flow.id) ?? null,
    };
  });
}
