import type { Queryable } from '../../db/database.js';
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

const columns = `id, to_address as "to", subject, html, text, tag, headers, created_at as "createdAt"`;

type OutboxRow = Omit<OutboxMessage, 'createdAt' | 'headers'> & {
  headers: Record<string, string> | null;
  createdAt: Date | string;
};

const toOutboxMessage = ({ headers, ...row }: OutboxRow): OutboxMessage => ({
  ...row,
  ...(headers && { headers }),
  createdAt: new Date(row.createdAt).toISOString(),
});

/**
 * How a stored message stands: `queued` until a sender delivers it (or for its next try), `sent`, or `failed`
 * once its tries ran out. Without SMTP, storing is the delivery and a message is `sent` at once.
 */
export type OutboxStatus = 'queued' | 'sent' | 'failed';

export async function insertOutboxMessage(
  database: Queryable,
  id: string,
  message: EmailMessage,
  status: 'queued' | 'sent',
): Promise<void> {
  await database.query(
    `insert into email_outbox (id, to_address, subject, html, text, tag, headers, status, next_attempt_at, sent_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8,
             case when $8 = 'queued' then now() end, case when $8 = 'sent' then now() end)`,
    [
      id,
      message.to,
      message.subject,
      message.html,
      message.text,
      message.tag ?? null,
      message.headers ? JSON.stringify(message.headers) : null,
      status,
    ],
  );
}

/** Newest first; only those to `to` (any letter case) when given. */
export async function listOutboxMessages(
  database: Queryable,
  filter: { to?: string; limit: number },
): Promise<OutboxMessage[]> {
  const rows = filter.to
    ? await database.query<OutboxRow>(
        `select ${columns} from email_outbox where lower(to_address) = lower($1)
         order by created_at desc, id limit $2`,
        [filter.to.trim(), filter.limit],
      )
    : await database.query<OutboxRow>(
        `select ${columns} from email_outbox order by created_at desc, id limit $1`,
        [filter.limit],
      );
  return rows.map(toOutboxMessage);
}

export async function findOutboxMessage(database: Queryable, id: string): Promise<OutboxMessage | undefined> {
  const [row] = await database.query<OutboxRow>(`select ${columns} from email_outbox where id = $1`, [id]);
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
  const [row] = await database.query<Omit<OutboxDelivery, 'sentAt'> & { sentAt: Date | string | null }>(
    `select status, attempts, last_error as "lastError", sent_at as "sentAt" from email_outbox where id = $1`,
    [id],
  );
  return row && { ...row, sentAt: row.sentAt === null ? null : new Date(row.sentAt).toISOString() };
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
  const rows = await database.query<OutboxRow & { attempts: number }>(
    `update email_outbox
     set attempts = attempts + 1, locked_until = now() + $2::integer * interval '1 second'
     where id in (
       select id from email_outbox
       where status = 'queued' and next_attempt_at <= now() and (locked_until is null or locked_until <= now())
       order by next_attempt_at
       limit $1
       for update skip locked
     )
     returning ${columns}, attempts`,
    [limit, leaseSeconds],
  );
  return rows.map(({ attempts, ...row }) => ({ ...toOutboxMessage(row), attempts }));
}

export async function markOutboxMessageSent(database: Queryable, id: string): Promise<void> {
  await database.query(
    `update email_outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null
     where id = $1 and status = 'queued'`,
    [id],
  );
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
  await database.query(
    `update email_outbox
     set status = case when $3::integer is null then 'failed' else 'queued' end,
         next_attempt_at = case when $3::integer is null then null
                                else now() + $3::integer * interval '1 millisecond' end,
         locked_until = null,
         last_error = $2
     where id = $1 and status = 'queued'`,
    [id, error, retryInMilliseconds ?? null],
  );
}
