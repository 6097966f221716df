import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';
import { db } from '../../db/kysely.js';
import type { Json } from '../../db/schema.generated.js';
import type { EmailMessage } from './mailer.js';

/** A message as the `email_outbox` table keeps it. */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  tag: string | null;
  /** Extra headers (`List-Unsubscribe`); absent when the message had none. */
  headers?: Record<string, string>;
  createdAt: string;
}

const columns = ['id', 'toAddress as to', 'subject', 'html', 'text', 'tag', 'headers', 'createdAt'] as const;

/** The stored headers: an object of strings, as `insertOutboxMessage` writes them (null when there were none). */
function headersOf(stored: Json | null): Record<string, string> | null {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return null;
  return Object.fromEntries(
    Object.entries(stored).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
  );
}

const toOutboxMessage = <TRow extends { headers: Json | null; createdAt: Date }>({
  headers: stored,
  ...row
}: TRow) => {
  const headers = headersOf(stored);
  return { ...row, ...(headers && { headers }), createdAt: row.createdAt.toISOString() };
};

const outboxStatuses = ['queued', 'sent', 'failed'] as const;

/**
 * How a stored message stands: `queued` until a sender delivers it (or for its next try), `sent`, or `failed`
 * once its tries ran out. Without SMTP, storing is the delivery and a message is `sent` at once.
 */
export type OutboxStatus = (typeof outboxStatuses)[number];

/** The status as stored: one of `outboxStatuses` (the column's check constraint says so; this tells TypeScript). */
function outboxStatus(status: string): OutboxStatus {
  const known = outboxStatuses.find((candidate) => candidate === status);
  if (!known) throw new Error(`an outbox message has the unknown status ${status}`);
  return known;
}

export async function insertOutboxMessage(
  database: Queryable,
  id: string,
  message: EmailMessage,
  status: 'queued' | 'sent',
): Promise<void> {
  await db(database)
    .insertInto('emailOutbox')
    .values({
      id,
      toAddress: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      tag: message.tag ?? null,
      headers: message.headers ?? null,
      status,
      nextAttemptAt: status === 'queued' ? sql<Date>`now()` : null,
      sentAt: status === 'sent' ? sql<Date>`now()` : null,
    })
    .execute();
}

/** Newest first; only those to `to` (any letter case) when given. */
export async function listOutboxMessages(
  database: Queryable,
  filter: { to?: string; limit: number },
): Promise<OutboxMessage[]> {
  let query = db(database).selectFrom('emailOutbox').select(columns);
  if (filter.to) {
    const to = filter.to.trim();
    query = query.where((eb) => eb(eb.fn('lower', ['toAddress']), '=', eb.fn('lower', [eb.val(to)])));
  }
  const rows = await query.orderBy('createdAt', 'desc').orderBy('id').limit(filter.limit).execute();
  return rows.map(toOutboxMessage);
}

/** The message of `id`; a malformed id is not found, like a missing one. */
export async function findOutboxMessage(database: Queryable, id: string): Promise<OutboxMessage | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db(database)
    .selectFrom('emailOutbox')
    .select(columns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toOutboxMessage(row);
}

/** Where a message's delivery stands, for the sender's tests and for operators. */
export interface OutboxDelivery {
  status: OutboxStatus;
  attempts: number;
  /** Error code, SMTP reply code and a short message of the last failed try; never credentials. */
  lastError: string | null;
  sentAt: string | null;
}

export async function findOutboxDelivery(
  database: Queryable,
  id: string,
): Promise<OutboxDelivery | undefined> {
  const row = await db(database)
    .selectFrom('emailOutbox')
    .select(['status', 'attempts', 'lastError', 'sentAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      ...row,
      status: outboxStatus(row.status),
      sentAt: row.sentAt === null ? null : row.sentAt.toISOString(),
    }
  );
}

/** How many messages wait for delivery (`queued`) and were given up (`failed`), for the metrics. */
export async function countUndeliveredOutboxMessages(
  database: Queryable,
): Promise<Record<'queued' | 'failed', number>> {
  const rows = await db(database)
    .selectFrom('emailOutbox')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .where('status', 'in', ['queued', 'failed'])
    .groupBy('status')
    .execute();
  const countOf = (status: OutboxStatus) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { queued: countOf('queued'), failed: countOf('failed') };
}

/**
 * Takes up to `limit` due messages for one sender: each gets a lease of `leaseSeconds` (no other sender takes it
 * meanwhile) and one more attempt counted. One statement, so it is its own short transaction; `for update skip
 * locked` lets several API processes on one PostgreSQL claim at once without waiting for or taking each other's
 * rows. A message whose lease ran out (its sender died mid-try) is due again.
 */
export async function claimDueOutboxMessages(
  database: Queryable,
  { limit, leaseSeconds }: { limit: number; leaseSeconds: number },
): Promise<(OutboxMessage & { attempts: number })[]> {
  const rows = await db(database)
    .updateTable('emailOutbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      lockedUntil: sql<Date>`now() + ${leaseSeconds}::integer * interval '1 second'`,
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('emailOutbox')
        .select('id')
        .where('status', '=', 'queued')
        .where('nextAttemptAt', '<=', sql<Date>`now()`)
        .where((due) => due.or([due('lockedUntil', 'is', null), due('lockedUntil', '<=', sql<Date>`now()`)]))
        .orderBy('nextAttemptAt')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning([...columns, 'attempts'])
    .execute();
  return rows.map(toOutboxMessage);
}

export async function markOutboxMessageSent(database: Queryable, id: string): Promise<void> {
  await db(database)
    .updateTable('emailOutbox')
    .set({ status: 'sent', sentAt: sql<Date>`now()`, lockedUntil: null, lastError: null })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

/**
 * Records a failed try: the message is due again after `retryInMilliseconds`, or, without one (its tries ran
 * out), `failed` for good.
 */
export async function recordOutboxFailure(
  database: Queryable,
  id: string,
  { error, retryInMilliseconds }: { error: string; retryInMilliseconds?: number },
): Promise<void> {
  await db(database)
    .updateTable('emailOutbox')
    .set({
      status: retryInMilliseconds === undefined ? 'failed' : 'queued',
      nextAttemptAt:
        retryInMilliseconds === undefined
          ? null
          : sql<Date>`now() + ${retryInMilliseconds}::integer * interval '1 millisecond'`,
      lockedUntil: null,
      lastError: error,
    })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}
