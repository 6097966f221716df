import type { RunInsights } from '@dcipher/shared/contract';
import type { FlowType, ResourceGrant, RunKind, RunOrigin, ScheduleFrequency } from '@dcipher/shared/domain';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';
import { db } from '../../db/kysely.js';
import type { Json } from '../../db/schema.generated.js';
import { findNamedMembers } from '../people/resource-people.js';
import type {
  PricedDocument,
  ReservationLine,
  RunFlowType,
  RunSettings,
  RunStage,
  RunState,
  StoredRunSettings,
} from './flow-columns.js';

export type { ReservationLine, RunState } from './flow-columns.js';

/** The flows, their runs and result files, and the uploads flows read (docs/decisions/0071). */

/** A value written to a jsonb column, typed as the column's shape (the generated types name it). */
const jsonb = <T>(value: T) => sql<T>`${JSON.stringify(value ?? null)}::jsonb`;
const uniqueViolation = '23505';
export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === uniqueViolation;

/** A flow's row and its resource's: its settings are what a run takes (RunSettings). */
export interface StoredFlow extends RunSettings {
  id: string;
  organizationId: string;
  name: string;
  ownerUserId: string;
  publicRole: string | null;
  flowType: FlowType;
  predefinedFlowId: string | null;
  description: string | null;
  scheduleFrequency: ScheduleFrequency | null;
  scheduleStartAt: Date | null;
  nextRunAt: Date | null;
  paused: boolean;
  notifications: boolean;
  /** Derived from the resource's public role, its one source of truth (docs/decisions/0094). */
  visibility: 'private' | 'public';
  state: string;
  createdAt: Date;
  updatedAt: Date;
}

const flowColumns = [
  'flows.id',
  'flows.organizationId',
  'resources.name',
  'resources.ownerUserId',
  'resources.publicRole',
  'flows.flowType',
  'flows.predefinedFlowId',
  'flows.description',
  'flows.analysisType',
  'flows.trendMetric',
  'flows.creativityLevel',
  'flows.inputs',
  'flows.dataSources',
  'flows.filters',
  'flows.scheduleFrequency',
  'flows.scheduleStartAt',
  'flows.nextRunAt',
  'flows.paused',
  'flows.notifications',
  'flows.state',
  'flows.createdAt',
  'flows.updatedAt',
] as const;

const flowSelection = (database: Queryable) =>
  db(database).selectFrom('flows').innerJoin('resources', 'resources.id', 'flows.id').select(flowColumns);

const toFlow = (row: Omit<StoredFlow, 'visibility'>): StoredFlow => ({
  ...row,
  visibility: row.publicRole ? 'public' : 'private',
});

/** One flow of the organization (or, without `organizationId`, of any: the public calls); `lock` locks its row. */
export async function findFlow(
  database: Queryable,
  { id, organizationId }: { id: string; organizationId?: string },
  { lock = false } = {},
): Promise<StoredFlow | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await flowSelection(database)
    .where('flows.id', '=', id)
    .$if(organizationId !== undefined, (query) => query.where('flows.organizationId', '=', organizationId!))
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirst();
  return row && toFlow(row);
}

/**
 * The workflow a new user chose in the store at sign-up ("Try it"), while it has never run: their oldest predefined
 * flow without a run (sign-up creates it; nothing else can exist before their first confirmation).
 */
export async function findUnrunStarterFlow(
  database: Queryable,
  ownerUserId: string,
): Promise<StoredFlow | undefined> {
  const row = await flowSelection(database)
    .where('resources.ownerUserId', '=', ownerUserId)
    .where('flows.flowType', '=', 'predefinedFlow')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('flowRuns').select('flowRuns.id').whereRef('flowRuns.flowId', '=', 'flows.id'))),
    )
    .orderBy('flows.createdAt')
    .limit(1)
    .executeTakeFirst();
  return row && toFlow(row);
}

/** A flow with the caller's role on it (owner, their grant, `public`, or null: none). */
export type FlowWithRole = StoredFlow & { resourceRole: ResourceGrant | null };

/**
 * One page of the organization's flows, newest first, with the caller's role on each, and how many there are in
 * all: two statements whatever the page's size. `roles`: the roles on a flow that let the caller see it in the list
 * (`any`: whatever their role, an admin's list); the rule itself is the permission policy's, applied by the caller.
 */
export async function findFlowsPage(
  database: Queryable,
  {
    organizationId,
    callerId,
    flowType,
    roles,
    offset,
    limit,
  }: {
    organizationId: string;
    callerId: string;
    flowType?: FlowType | undefined;
    roles: readonly ResourceGrant[] | 'any';
    offset: number;
    limit: number;
  },
): Promise<{ flows: FlowWithRole[]; total: number }> {
  const role = sql<ResourceGrant | null>`case
    when ${sql.ref('resources.ownerUserId')} = ${callerId} then 'owner'
    when ${sql.ref('grants.role')} is not null then ${sql.ref('grants.role')}
    when ${sql.ref('resources.publicRole')} is not null then 'public'
  end`;
  const matching = () =>
    db(database)
      .selectFrom('flows')
      .innerJoin('resources', 'resources.id', 'flows.id')
      .leftJoin('resourceRoleGrants as grants', (join) =>
        join.onRef('grants.resourceId', '=', 'flows.id').on('grants.userId', '=', callerId),
      )
      .where('flows.organizationId', '=', organizationId)
      .$if(flowType !== undefined, (query) => query.where('flows.flowType', '=', flowType!))
      .$if(roles !== 'any', (query) =>
        roles.length === 0
          ? query.where(sql<boolean>`false`)
          : query.where(role, 'in', roles as ResourceGrant[]),
      );
  const [rows, counted] = await Promise.all([
    matching()
      .select(flowColumns)
      .select(role.as('resourceRole'))
      .orderBy('flows.createdAt', 'desc')
      .orderBy('flows.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    matching()
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    flows: rows.map((row) => ({ ...toFlow(row), resourceRole: row.resourceRole })),
    total: Number(counted.total),
  };
}

/** Whether another workflow of the organization has this name, whatever the case. */
export async function flowNameTaken(
  database: Queryable,
  organizationId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const row = await db(database)
    .selectFrom('resources')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where('type', '=', 'workflow')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .$if(exceptId !== undefined && isUuid(exceptId), (query) => query.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

export async function countFlowsOfType(
  database: Queryable,
  organizationId: string,
  flowType: FlowType,
): Promise<number> {
  const row = await db(database)
    .selectFrom('flows')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organizationId', '=', organizationId)
    .where('flowType', '=', flowType)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface FlowColumns extends RunSettings {
  flowType: FlowType;
  predefinedFlowId: string | null;
  description: string | null;
  scheduleFrequency: ScheduleFrequency | null;
  scheduleStartAt: Date | null;
  nextRunAt: Date | null;
  paused: boolean;
  notifications: boolean;
}

/** The flow's row; its resource (id, name, owner) is created first by the caller. */
export async function insertFlow(
  database: Queryable,
  flow: FlowColumns & { id: string; organizationId: string },
): Promise<void> {
  await db(database)
    .insertInto('flows')
    .values({
      ...flow,
      inputs: jsonb(flow.inputs),
      dataSources: jsonb(flow.dataSources),
      filters: jsonb(flow.filters),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

export async function updateFlowColumns(
  database: Queryable,
  id: string,
  changes: Partial<FlowColumns>,
): Promise<void> {
  const { inputs, dataSources, filters, ...plain } = changes;
  await db(database)
    .updateTable('flows')
    .set({
      ...plain,
      ...(inputs !== undefined && { inputs: jsonb(inputs) }),
      ...(dataSources !== undefined && { dataSources: jsonb(dataSources) }),
      ...(filters !== undefined && { filters: jsonb(filters) }),
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function renameFlowResource(database: Queryable, id: string, name: string): Promise<void> {
  await db(database).updateTable('resources').set({ name }).where('id', '=', id).execute();
}

/** Deletes the flow's resource: the flow, its grants, runs and files go with it. */
export async function deleteFlowResource(database: Queryable, id: string): Promise<void> {
  await db(database).deleteFrom('resources').where('id', '=', id).where('type', '=', 'workflow').execute();
}

/** Scheduled flows whose next slot is due, not paused, oldest slot first. */
export async function findDueFlows(database: Queryable, at: Date, limit = 100): Promise<StoredFlow[]> {
  const rows = await flowSelection(database)
    .where('flows.nextRunAt', '<=', at)
    .where('flows.paused', '=', false)
    .orderBy('flows.nextRunAt')
    .limit(limit)
    .execute();
  return rows.map(toFlow);
}

/** Moves the flow's next slot from `from` to `to`; false when another process moved it already. */
export async function advanceNextRun(
  database: Queryable,
  id: string,
  from: Date,
  to: Date,
): Promise<boolean> {
  const moved = await db(database)
    .updateTable('flows')
    .set({ nextRunAt: to })
    .where('id', '=', id)
    .where('nextRunAt', '=', from)
    .returning('id')
    .execute();
  return moved.length > 0;
}

// Runs.

export interface StoredRun {
  id: string;
  flowId: string;
  organizationId: string;
  number: number;
  jobId: string;
  kind: RunKind;
  origin: RunOrigin;
  type: RunFlowType;
  state: RunState;
  settings: StoredRunSettings;
  progress: number;
  stage: RunStage | null;
  startedBy: string | null;
  documentsEstimated: number;
  documentsAnalysed: number | null;
  reservation: ReservationLine[];
  creditsReserved: number;
  creditsCharged: number | null;
  free: boolean;
  error: string | null;
  insights: RunInsights | null;
  rerunOf: string | null;
  scheduleSlot: Date | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const runSelection = (database: Queryable) =>
  db(database)
    .selectFrom('flowRuns')
    .select([
      'id',
      'flowId',
      'organizationId',
      'number',
      'jobId',
      'kind',
      'origin',
      'type',
      'state',
      'settings',
      'progress',
      'stage',
      'startedBy',
      'documentsEstimated',
      'documentsAnalysed',
      'reservation',
      'creditsReserved',
      'creditsCharged',
      'free',
      'error',
      'insights',
      'rerunOf',
      'scheduleSlot',
      'createdAt',
      'startedAt',
      'finishedAt',
    ]);

export async function insertRun(
  database: Queryable,
  run: {
    id: string;
    flowId: string;
    organizationId: string;
    jobId: string;
    kind: StoredRun['kind'];
    origin: StoredRun['origin'];
    type: StoredRun['type'];
    settings: StoredRunSettings;
    startedBy: string | null;
    documentsEstimated: number;
    reservation: ReservationLine[];
    creditsReserved: number;
    free: boolean;
    rerunOf: string | null;
    scheduleSlot: Date | null;
    idempotencyKey: string | null;
  },
): Promise<StoredRun> {
  const row = await db(database)
    .insertInto('flowRuns')
    .values((eb) => ({
      ...run,
      number: eb
        .selectFrom('flowRuns')
        .select(sql<number>`coalesce(max(number), 0) + 1`.as('next'))
        .where('flowId', '=', run.flowId),
      state: 'JobPending',
      settings: jsonb(run.settings),
      reservation: jsonb(run.reservation),
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findRun(database, { flowId: run.flowId, id: row.id }))!;
}

/**
 * Which run to find: by its id (of one flow, when given); of one flow by its job (task id), number or idempotency
 * key; the flow's newest (of a state, when given); or its pending or running one.
 */
export type RunKey =
  | { id: string; flowId?: string }
  | { flowId: string; jobId: string }
  | { flowId: string; number: number }
  | { flowId: string; idempotencyKey: string }
  | { flowId: string; latest: true; state?: RunState }
  | { flowId: string; active: true };

/** The one run `key` names, if any; `lock` locks its row until the transaction ends. */
export async function findRun(
  database: Queryable,
  key: RunKey,
  { lock = false } = {},
): Promise<StoredRun | undefined> {
  if ('id' in key && !isUuid(key.id)) return undefined;
  if ('jobId' in key && !isUuid(key.jobId)) return undefined;
  let query = runSelection(database).limit(1);
  if (key.flowId !== undefined) query = query.where('flowId', '=', key.flowId);
  if ('id' in key) query = query.where('id', '=', key.id);
  if ('jobId' in key) query = query.where('jobId', '=', key.jobId);
  if ('number' in key) query = query.where('number', '=', key.number);
  if ('idempotencyKey' in key) query = query.where('idempotencyKey', '=', key.idempotencyKey);
  if ('active' in key) query = query.where('state', 'in', ['JobPending', 'JobRunning']);
  if ('latest' in key) {
    if (key.state !== undefined) query = query.where('state', '=', key.state);
    query = query.orderBy('number', 'desc');
  }
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row;
}

/** The newest run of each of these flows (a flow without runs has none): one statement for them all. */
export async function findLatestRuns(database: Queryable, flowIds: readonly string[]): Promise<StoredRun[]> {
  if (flowIds.length === 0) return [];
  const rows = await runSelection(database)
    .distinctOn('flowId')
    .where('flowId', 'in', flowIds)
    .orderBy('flowId')
    .orderBy('number', 'desc')
    .execute();
  return rows;
}

export async function listRuns(database: Queryable, flowId: string, limit = 100): Promise<StoredRun[]> {
  const rows = await runSelection(database)
    .where('flowId', '=', flowId)
    .orderBy('number', 'desc')
    .limit(limit)
    .execute();
  return rows;
}

/** Runs still pending or running whose job is dead (out of tries) or gone: nothing will end them but a repair. */
export async function findRunsOfDeadJobs(
  database: Queryable,
  limit = 100,
): Promise<{ id: string; jobId: string }[]> {
  return db(database)
    .selectFrom('flowRuns')
    .leftJoin('jobs', 'jobs.id', 'flowRuns.jobId')
    .select(['flowRuns.id', 'flowRuns.jobId'])
    .where('flowRuns.state', 'in', ['JobPending', 'JobRunning'])
    .where((eb) => eb.or([eb('jobs.id', 'is', null), eb('jobs.state', '=', 'dead')]))
    .orderBy('flowRuns.createdAt')
    .limit(limit)
    .execute();
}

/** The run starts (or starts again after its worker was lost): JobRunning under its job. */
export async function markRunStarted(database: Queryable, runId: string, jobId: string): Promise<boolean> {
  const rows = await db(database)
    .updateTable('flowRuns')
    .set((eb) => ({
      state: 'JobRunning',
      startedAt: eb.fn.coalesce('startedAt', eb.val(new Date())),
      progress: 0,
      stage: 'reading',
    }))
    .where('id', '=', runId)
    .where('jobId', '=', jobId)
    .where('state', 'in', ['JobPending', 'JobRunning'])
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** The run's progress; false when it is no longer running under this job (cancelled, deleted, taken over). */
export async function updateRunProgress(
  database: Queryable,
  runId: string,
  jobId: string,
  progress: { fraction: number; stage: 'reading' | 'analysing' | 'writing' },
): Promise<boolean> {
  const rows = await db(database)
    .updateTable('flowRuns')
    .set({ progress: Math.min(1, Math.max(0, progress.fraction)), stage: progress.stage })
    .where('id', '=', runId)
    .where('jobId', '=', jobId)
    .where('state', '=', 'JobRunning')
    .returning('id')
    .execute();
  return rows.length > 0;
}

/**
 * Ends the run (JobDone, JobError or JobCancelled) if it is still pending or running under `jobId`: false when it
 * ended already (another worker finished it, or it was cancelled), so its caller writes nothing else.
 */
export async function markRunEnded(
  database: Queryable,
  runId: string,
  ending: {
    jobId?: string;
    from: RunState[];
    state: 'JobDone' | 'JobError' | 'JobCancelled';
    documentsAnalysed: number | null;
    creditsCharged: number;
    error: string | null;
    insights: RunInsights | null;
  },
): Promise<boolean> {
  const at = new Date();
  const rows = await db(database)
    .updateTable('flowRuns')
    .set({
      state: ending.state,
      documentsAnalysed: ending.documentsAnalysed,
      creditsCharged: ending.creditsCharged,
      error: ending.error,
      insights: ending.insights === null ? null : jsonb(ending.insights),
      progress: ending.state === 'JobDone' ? 1 : undefined,
      stage: null,
      finishedAt: at,
    })
    .where('id', '=', runId)
    .$if(ending.jobId !== undefined, (query) => query.where('jobId', '=', ending.jobId!))
    .where('state', 'in', ending.from)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function insertRunFiles(
  database: Queryable,
  runId: string,
  files: readonly { name: string; mediaType: string; content: string }[],
): Promise<void> {
  if (files.length === 0) return;
  await db(database)
    .insertInto('flowRunFiles')
    .values(
      files.map((file) => ({ runId, name: file.name, mediaType: file.mediaType, content: file.content })),
    )
    .onConflict((conflict) => conflict.columns(['runId', 'name']).doNothing())
    .execute();
}

export async function listRunFiles(
  database: Queryable,
  runIds: readonly string[],
): Promise<{ runId: string; name: string; mediaType: string; bytes: number }[]> {
  if (runIds.length === 0) return [];
  return db(database)
    .selectFrom('flowRunFiles')
    .select((eb) => [
      'runId',
      'name',
      'mediaType',
      eb.cast<number>(eb.fn('octet_length', ['content']), 'integer').as('bytes'),
    ])
    .where('runId', 'in', runIds)
    .orderBy('name')
    .execute();
}

export async function findRunFile(
  database: Queryable,
  runId: string,
  name: string,
): Promise<{ name: string; mediaType: string; content: string } | undefined> {
  return db(database)
    .selectFrom('flowRunFiles')
    .select(['name', 'mediaType', 'content'])
    .where('runId', '=', runId)
    .where('name', '=', name)
    .executeTakeFirst();
}

// Uploads.

export interface StoredUpload {
  id: string;
  organizationId: string;
  fileName: string;
  format: string;
  byteCount: number;
  documentCount: number;
  createdAt: Date;
}

export async function insertUpload(
  database: Queryable,
  upload: {
    organizationId: string;
    uploadedBy: string | null;
    fileName: string;
    format: string;
    bytes: Buffer;
    /** The documents as UTF-8 JSON, written by the worker that read the file: stored as they are. */
    documentsJson: Uint8Array;
    documentCount: number;
  },
): Promise<StoredUpload> {
  return db(database)
    .insertInto('flowUploads')
    .values({
      organizationId: upload.organizationId,
      uploadedBy: upload.uploadedBy,
      fileName: upload.fileName,
      format: upload.format,
      bytes: upload.bytes,
      byteCount: upload.bytes.byteLength,
      // The worker's JSON as it is: no JSON.stringify of 100,000 documents on this thread. (As text: PGlite takes a
      // bytea parameter of megabytes several times slower than the same text.)
      documents: sql<Json>`${Buffer.from(upload.documentsJson.buffer, upload.documentsJson.byteOffset, upload.documentsJson.byteLength).toString('utf8')}::jsonb`,
      documentCount: upload.documentCount,
    })
    .returning(['id', 'organizationId', 'fileName', 'format', 'byteCount', 'documentCount', 'createdAt'])
    .executeTakeFirstOrThrow();
}

/**
 * One upload of the organization. `lock` locks its row for share until the transaction ends: a workflow naming it
 * is written before a delete (which locks it for update) can take it, or after, when it is gone.
 */
export async function findUpload(
  database: Queryable,
  organizationId: string,
  id: string,
  { lock = false } = {},
): Promise<StoredUpload | undefined> {
  if (!isUuid(id)) return undefined;
  return db(database)
    .selectFrom('flowUploads')
    .select(['id', 'organizationId', 'fileName', 'format', 'byteCount', 'documentCount', 'createdAt'])
    .where('organizationId', '=', organizationId)
    .where('id', '=', id)
    .$if(lock, (query) => query.forShare())
    .executeTakeFirst();
}

/** The organization's uploads of these ids (those it has): one statement for them all. */
export async function findUploads(
  database: Queryable,
  organizationId: string,
  ids: readonly string[],
): Promise<StoredUpload[]> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return [];
  return db(database)
    .selectFrom('flowUploads')
    .select(['id', 'organizationId', 'fileName', 'format', 'byteCount', 'documentCount', 'createdAt'])
    .where('organizationId', '=', organizationId)
    .where('id', 'in', wanted)
    .execute();
}

/** An upload's stored documents as JSON text: parsed where it suits the caller (a worker), not by the driver. */
export async function findUploadDocumentsJson(
  database: Queryable,
  organizationId: string,
  id: string,
): Promise<string | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db(database)
    .selectFrom('flowUploads')
    .select(sql<string>`documents::text`.as('documents'))
    .where('organizationId', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.documents;
}

/** One upload in the organization's list, with who uploaded it (null once they have left the organization). */
export interface ListedUpload extends StoredUpload {
  uploaderId: string | null;
  uploaderName: string | null;
}

export async function findUploadsPage(
  database: Queryable,
  organizationId: string,
  { offset, limit }: { offset: number; limit: number },
): Promise<ListedUpload[]> {
  const rows = await db(database)
    .selectFrom('flowUploads')
    .select([
      'id',
      'organizationId',
      'fileName',
      'format',
      'byteCount',
      'documentCount',
      'createdAt',
      'uploadedBy',
    ])
    .where('organizationId', '=', organizationId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  // Who uploaded each, through the people module (it owns `users`): one query for the page, members of this
  // organization only, so one who has left is null.
  const uploaderIds = [...new Set(rows.flatMap((row) => (row.uploadedBy ? [row.uploadedBy] : [])))];
  const uploaders = new Map(
    (await findNamedMembers(database, organizationId, uploaderIds)).map((member) => [member.userId, member]),
  );
  return rows.map(({ uploadedBy, ...row }) => {
    const uploader = uploadedBy ? uploaders.get(uploadedBy) : undefined;
    return {
      ...row,
      uploaderId: uploader?.userId ?? null,
      uploaderName: uploader ? uploader.name || uploader.email : null,
    };
  });
}

export async function countUploads(database: Queryable, organizationId: string): Promise<number> {
  const row = await db(database)
    .selectFrom('flowUploads')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The organization's workflows whose data sources name one of these uploads, one row per workflow and upload. */
export async function flowsUsingUploads(
  database: Queryable,
  organizationId: string,
  uploadIds: readonly string[],
): Promise<{ uploadId: string; id: string; name: string }[]> {
  if (uploadIds.length === 0) return [];
  const { rows } = await sql<{ uploadId: string; id: string; name: string }>`
    select distinct source ->> 'uploadId' as "uploadId", flow.id, resource.name
    from flows as flow
    join resources as resource on resource.id = flow.id
    cross join lateral jsonb_array_elements(flow.data_sources) as source
    where flow.organization_id = ${organizationId}
      and source ->> 'kind' = 'uploaded'
      and source ->> 'uploadId' in (${sql.join(uploadIds.map((id) => sql`${id}`))})
    order by resource.name, flow.id`.execute(db(database));
  return rows;
}

/** The upload, locked until the transaction ends (deleting it); undefined when the organization has none of that id. */
export async function lockUpload(
  database: Queryable,
  organizationId: string,
  id: string,
): Promise<{ id: string } | undefined> {
  if (!isUuid(id)) return undefined;
  return db(database)
    .selectFrom('flowUploads')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function deleteUploadRow(database: Queryable, id: string): Promise<void> {
  await db(database).deleteFrom('flowUploads').where('id', '=', id).execute();
}

// The documents a run was priced for (docs/decisions/0091).

/** Keeps the run's priced documents (UTF-8 JSON bytes of PricedDocument[]) with it. */
export async function insertRunDocuments(
  database: Queryable,
  runId: string,
  documents: { json: Uint8Array; count: number },
): Promise<void> {
  await db(database)
    .insertInto('flowRunDocuments')
    .values({
      runId,
      documentCount: documents.count,
      documents: sql<
        PricedDocument[]
      >`${Buffer.from(documents.json.buffer, documents.json.byteOffset, documents.json.byteLength).toString('utf8')}::jsonb`,
    })
    .execute();
}

/** The run's priced documents; undefined for a run started before they were kept. */
export async function findRunDocuments(
  database: Queryable,
  runId: string,
): Promise<PricedDocument[] | undefined> {
  const row = await db(database)
    .selectFrom('flowRunDocuments')
    .select('documents')
    .where('runId', '=', runId)
    .executeTakeFirst();
  return row?.documents;
}

export async function deleteRunDocuments(database: Queryable, runId: string): Promise<void> {
  await db(database).deleteFrom('flowRunDocuments').where('runId', '=', runId).execute();
}

/** One document a finished run read, as its document list keeps it (issue 34 point 6, docs/decisions/0104). */
export interface StoredRunDocument {
  inputRow: number;
  documentId: string;
  leftOut: string | null;
  language: string | null;
  sentiment: number | null;
  sentimentLabel: string | null;
  publishedAt: Date | null;
  narrative: number | null;
  terms: readonly string[];
  text: string;
  textTruncated: boolean;
  input: Record<string, string>;
}

/** Rows per insert: 13 parameters each, well under PostgreSQL's 65,535. */
const runDocumentBatch = 500;

/** Keeps a run's documents (replacing any kept by an earlier try of the same run). */
export async function insertRunResultDocuments(
  database: Queryable,
  runId: string,
  documents: readonly StoredRunDocument[],
): Promise<void> {
  await db(database).deleteFrom('flowRunResultDocuments').where('runId', '=', runId).execute();
  for (let start = 0; start < documents.length; start += runDocumentBatch) {
    await db(database)
      .insertInto('flowRunResultDocuments')
      .values(
        documents.slice(start, start + runDocumentBatch).map((document) => ({
          runId,
          inputRow: document.inputRow,
          documentId: document.documentId,
          leftOut: document.leftOut,
          language: document.language,
          sentiment: document.sentiment,
          sentimentLabel: document.sentimentLabel,
          publishedAt: document.publishedAt,
          narrative: document.narrative,
          terms: jsonb([...document.terms]),
          text: document.text,
          textTruncated: document.textTruncated,
          input: jsonb(document.input),
        })),
      )
      .execute();
  }
}

export interface RunDocumentFilter {
  term?: string;
  /** A narrative's id, or null for the documents no narrative took. */
  narrative?: number | null;
  sentimentLabel?: string;
  language?: string;
  /** Published in [from, to). */
  publishedFrom?: Date;
  publishedBefore?: Date;
  /** A left-out reason, `any`, or absent for the analysed documents. */
  leftOut?: string;
}

/** A page of a run's documents matching the filter, in row order after `afterRow`, and how many match in all. */
export async function findRunResultDocuments(
  database: Queryable,
  runId: string,
  filter: RunDocumentFilter,
  page: { afterRow: number; limit: number },
): Promise<{ total: number; documents: Omit<StoredRunDocument, 'terms'>[]; hasMore: boolean }> {
  const filtered = () =>
    db(database)
      .selectFrom('flowRunResultDocuments')
      .where('runId', '=', runId)
      .$if(filter.leftOut === undefined, (query) => query.where('leftOut', 'is', null))
      .$if(filter.leftOut === 'any', (query) => query.where('leftOut', 'is not', null))
      .$if(filter.leftOut !== undefined && filter.leftOut !== 'any', (query) =>
        query.where('leftOut', '=', filter.leftOut!),
      )
      .$if(filter.term !== undefined, (query) => query.where(sql<boolean>`terms @> ${jsonb([filter.term])}`))
      .$if(filter.narrative === null, (query) => query.where('narrative', 'is', null))
      .$if(typeof filter.narrative === 'number', (query) => query.where('narrative', '=', filter.narrative!))
      .$if(filter.sentimentLabel !== undefined, (query) =>
        query.where('sentimentLabel', '=', filter.sentimentLabel!),
      )
      .$if(filter.language !== undefined, (query) => query.where('language', '=', filter.language!))
      .$if(filter.publishedFrom !== undefined, (query) =>
        query.where('publishedAt', '>=', filter.publishedFrom!),
      )
      .$if(filter.publishedBefore !== undefined, (query) =>
        query.where('publishedAt', '<', filter.publishedBefore!),
      );
  const [counted, rows] = await Promise.all([
    filtered()
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .executeTakeFirstOrThrow(),
    filtered()
      .select([
        'inputRow',
        'documentId',
        'leftOut',
        'language',
        'sentiment',
        'sentimentLabel',
        'publishedAt',
        'narrative',
        'text',
        'textTruncated',
        'input',
      ])
      .where('inputRow', '>', page.afterRow)
      .orderBy('inputRow')
      .limit(page.limit + 1)
      .execute(),
  ]);
  return {
    total: Number(counted.total),
    hasMore: rows.length > page.limit,
    documents: rows.slice(0, page.limit).map((row) => ({
      ...row,
      publishedAt: row.publishedAt === null ? null : new Date(row.publishedAt),
    })),
  };
}

/** Whether a run kept its documents (runs finished before issue 34 did not). */
export async function runKeptDocuments(database: Queryable, runId: string): Promise<boolean> {
  const row = await db(database)
    .selectFrom('flowRunResultDocuments')
    .select('inputRow')
    .where('runId', '=', runId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
