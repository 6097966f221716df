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

export async function insertOutboxMessage(
  database: Queryable,
  id: string,
  message: EmailMessage,
): Promise<void> {
  await database.query(
    `insert into email_outbox (id, to_address, subject, html, text, tag, headers)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      message.to,
      message.subject,
      message.html,
      message.text,
      message.tag ?? null,
      message.headers ? JSON.stringify(message.headers) : null,
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
