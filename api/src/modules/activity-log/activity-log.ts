import type { ActivityAction } from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';
import { findAccount } from '../people/account-repository.js';

export interface ActivityEntryInput {
  organizationId: string;
  /** Whoever made the change (their name and address are looked up and copied). */
  actor: { userId: string };
  action: ActivityAction;
  /** What was changed, in words a person reads: an email address, a region id, a key's name, a domain. */
  subject?: string;
  /** The change's small facts ({ from: 'teammate', to: 'admin' }); never a secret. */
  details?: Record<string, string | number | boolean | null>;
}

/**
 * Records one change to the organization's activity log (docs/decisions/0033). Call it in the same transaction as
 * the change itself, so a change and its entry are stored together or not at all. The actor's name and address are
 * copied as they are now, so an entry still reads right after they leave.
 */
export async function recordActivity(database: Queryable, entry: ActivityEntryInput): Promise<void> {
  const actor = await findAccount(database, entry.actor.userId);
  if (!actor) throw new Error('an activity needs an existing actor');
  await database.query(
    `insert into organization_activity
       (organization_id, actor_user_id, actor_email, actor_name, action, subject, details)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [
      entry.organizationId,
      entry.actor.userId,
      actor.email,
      `${actor.firstName} ${actor.lastName}`.trim(),
      entry.action,
      entry.subject ?? null,
      JSON.stringify(jsonbSafe(entry.details ?? {})),
    ],
  );
}

/**
 * PostgreSQL's jsonb refuses the escape of a lone surrogate, which JSON.stringify writes for text someone typed: it
 * becomes U+FFFD, as the text columns store it.
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const jsonbSafe = (details: Record<string, string | number | boolean | null>) =>
  Object.fromEntries(
    Object.entries(details).map(([key, value]) => [
      key.replace(loneSurrogate, '\uFFFD'),
      typeof value === 'string' ? value.replace(loneSurrogate, '\uFFFD') : value,
    ]),
  );

export interface ActivityEntry {
  id: string;
  at: Date;
  actorUserId: string | null;
  actorEmail: string;
  actorName: string;
  action: ActivityAction;
  subject: string | null;
  details: Record<string, string | number | boolean | null>;
}

export interface ActivityQuery {
  organizationId: string;
  /** Only these actions (a category's, or one). */
  actions?: readonly ActivityAction[];
  /** Only this person's changes. */
  actorUserId?: string;
  /** Newest first, `limit` at most, after skipping `offset`. */
  limit: number;
  offset: number;
}

/** One page of an organization's log, newest first, and how many entries match in all. */
export async function listActivity(
  database: Queryable,
  query: ActivityQuery,
): Promise<{ entries: ActivityEntry[]; total: number }> {
  const where = ['organization_id = $1'];
  const params: unknown[] = [query.organizationId];
  if (query.actions && query.actions.length > 0) {
    params.push(query.actions);
    where.push(`action = any($${params.length}::text[])`);
  }
  if (query.actorUserId) {
    params.push(query.actorUserId);
    where.push(`actor_user_id = $${params.length}`);
  }
  const condition = where.join(' and ');
  const [count] = await database.query<{ total: number }>(
    `select count(*)::integer as total from organization_activity where ${condition}`,
    params,
  );
  const entries = await database.query<ActivityEntry>(
    `select id, created_at as "at", actor_user_id as "actorUserId", actor_email as "actorEmail",
            actor_name as "actorName", action, subject, details
     from organization_activity where ${condition}
     order by created_at desc, id desc
     limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, query.limit, query.offset],
  );
  return { entries, total: count?.total ?? 0 };
}
