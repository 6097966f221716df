import type {
  WebhookDeliveryEventType,
  WebhookDeliveryStatus,
  WebhookEventType,
} from '@dcipher/shared/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';
import { db } from '../../db/kysely.js';
import type { Json } from '../../db/schema.generated.js';

/** An endpoint as stored (migration 0045); `secret` is sealed by the secret box. */
export interface StoredWebhookEndpoint {
  id: string;
  organizationId: string;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
  secret: string;
  createdAt: Date;
  secretRotatedAt: Date | null;
}

export type DeliveryFailure = 'timeout' | 'refused' | 'network';

export interface StoredWebhookDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: WebhookDeliveryEventType;
  payload: unknown;
  status: WebhookDeliveryStatus;
  attempts: number;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  responseStatus: number | null;
  responseBody: string | null;
  lastError: DeliveryFailure | null;
}

const endpointColumns = [
  'id',
  'organizationId',
  'url',
  'description',
  'eventTypes',
  'enabled',
  'secret',
  'createdAt',
  'secretRotatedAt',
] as const satisfies readonly (keyof StoredWebhookEndpoint)[];

const deliveryColumns = [
  'id',
  'endpointId',
  'eventId',
  'eventType',
  'payload',
  'status',
  'attempts',
  'createdAt',
  'lastAttemptAt',
  'nextAttemptAt',
  'responseStatus',
  'responseBody',
  'lastError',
] as const;

const failures: readonly DeliveryFailure[] = ['timeout', 'refused', 'network'];
/** The column's check constraint lists the failures; this says it to TypeScript. */
const toDelivery = <TRow extends { lastError: string | null }>(row: TRow) => ({
  ...row,
  lastError: failures.find((failure) => failure === row.lastError) ?? null,
});

export async function listEndpoints(
  database: Queryable,
  organizationId: string,
): Promise<StoredWebhookEndpoint[]> {
  return db(database)
    .selectFrom('webhookEndpoints')
    .select(endpointColumns)
    .where('organizationId', '=', organizationId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** The organization's endpoint of that id; another organization's is not found. */
export async function findEndpoint(
  database: Queryable,
  organizationId: string,
  id: string,
): Promise<StoredWebhookEndpoint | undefined> {
  if (!isUuid(id)) return undefined;
  return db(database)
    .selectFrom('webhookEndpoints')
    .select(endpointColumns)
    .where('id', '=', id)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
}

/** The enabled endpoints of an organization that take `eventType`. */
export async function findSubscribedEndpoints(
  database: Queryable,
  organizationId: string,
  eventType: WebhookEventType,
): Promise<{ id: string }[]> {
  return db(database)
    .selectFrom('webhookEndpoints')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where('enabled', '=', true)
    .where(sql<boolean>`${eventType} = any(event_types)`)
    .execute();
}

export async function countEndpoints(database: Queryable, organizationId: string): Promise<number> {
  const row = await db(database)
    .selectFrom('webhookEndpoints')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertEndpoint(
  database: Queryable,
  endpoint: {
    organizationId: string;
    url: string;
    description: string;
    eventTypes: WebhookEventType[];
    secret: string;
  },
): Promise<StoredWebhookEndpoint> {
  return db(database)
    .insertInto('webhookEndpoints')
    .values({
      organizationId: endpoint.organizationId,
      url: endpoint.url,
      description: endpoint.description,
      eventTypes: endpoint.eventTypes,
      secret: endpoint.secret,
    })
    .returning(endpointColumns)
    .executeTakeFirstOrThrow();
}

export async function updateEndpoint(
  database: Queryable,
  organizationId: string,
  id: string,
  changes: { description?: string; eventTypes?: WebhookEventType[]; enabled?: boolean; secret?: string },
): Promise<StoredWebhookEndpoint | undefined> {
  if (!isUuid(id)) return undefined;
  return db(database)
    .updateTable('webhookEndpoints')
    .set({
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.eventTypes !== undefined && { eventTypes: changes.eventTypes }),
      ...(changes.enabled !== undefined && { enabled: changes.enabled }),
      ...(changes.secret !== undefined && { secret: changes.secret, secretRotatedAt: sql<Date>`now()` }),
    })
    .where('id', '=', id)
    .where('organizationId', '=', organizationId)
    .returning(endpointColumns)
    .executeTakeFirst();
}

export async function deleteEndpoint(
  database: Queryable,
  organizationId: string,
  id: string,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const result = await db(database)
    .deleteFrom('webhookEndpoints')
    .where('id', '=', id)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Records one event for one endpoint, once: a second recording of the same event id for the endpoint adds
 * nothing (undefined).
 */
export async function insertDelivery(
  database: Queryable,
  delivery: { endpointId: string; eventId: string; eventType: WebhookDeliveryEventType; payload: object },
): Promise<StoredWebhookDelivery | undefined> {
  const row = await db(database)
    .insertInto('webhookDeliveries')
    .values({
      endpointId: delivery.endpointId,
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      payload: sql<Json>`${JSON.stringify(delivery.payload)}::jsonb`,
      nextAttemptAt: sql<Date>`now()`,
    })
    .onConflict((conflict) => conflict.columns(['endpointId', 'eventId']).doNothing())
    .returning(deliveryColumns)
    .executeTakeFirst();
  return row && toDelivery(row);
}

/** A delivery with what sending it needs from its endpoint. */
export async function findDeliveryToSend(database: Queryable, id: string) {
  if (!isUuid(id)) return undefined;
  return db(database)
    .selectFrom('webhookDeliveries')
    .innerJoin('webhookEndpoints', 'webhookEndpoints.id', 'webhookDeliveries.endpointId')
    .select([
      'webhookDeliveries.id',
      'webhookDeliveries.eventId',
      'webhookDeliveries.eventType',
      'webhookDeliveries.payload',
      'webhookDeliveries.status',
      'webhookDeliveries.attempts',
      'webhookEndpoints.url',
      'webhookEndpoints.secret',
    ])
    .where('webhookDeliveries.id', '=', id)
    .executeTakeFirst();
}

/** Records one attempt of a delivery still pending: its outcome, and what comes next. */
export async function recordAttempt(
  database: Queryable,
  id: string,
  attempt: {
    status: WebhookDeliveryStatus;
    attempts: number;
    at: Date;
    nextAttemptAt: Date | null;
    responseStatus: number | null;
    responseBody: string | null;
    lastError: DeliveryFailure | null;
  },
): Promise<void> {
  await db(database)
    .updateTable('webhookDeliveries')
    .set({
      status: attempt.status,
      attempts: attempt.attempts,
      lastAttemptAt: attempt.at,
      nextAttemptAt: attempt.nextAttemptAt,
      responseStatus: attempt.responseStatus,
      responseBody: attempt.responseBody,
      lastError: attempt.lastError,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** A pending delivery that will not be tried again (its job died): failed, with nothing more due. */
export async function giveUpDelivery(database: Queryable, id: string): Promise<void> {
  if (!isUuid(id)) return;
  await db(database)
    .updateTable('webhookDeliveries')
    .set({ status: 'failed', nextAttemptAt: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** An endpoint's deliveries, newest first, one page, and how many there are. */
export async function deliveriesPage(
  database: Queryable,
  endpointId: string,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ deliveries: StoredWebhookDelivery[]; total: number }> {
  const rows = await db(database)
    .selectFrom('webhookDeliveries')
    .select(deliveryColumns)
    .where('endpointId', '=', endpointId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const count = await db(database)
    .selectFrom('webhookDeliveries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('endpointId', '=', endpointId)
    .executeTakeFirstOrThrow();
  return { deliveries: rows.map(toDelivery), total: Number(count.count) };
}
