import { type ActivityAction, activityActions } from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import type { Json } from '../../db/schema.generated.js';
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
  await db(database)
    .insertInto('organizationActivity')
    .values({
      organizationId: entry.organizationId,
      actorUserId: entry.actor.userId,
      actorEmail: actor.email,
      actorName: `${actor.firstName} ${actor.lastName}`.trim(),
      action: entry.action,
      subject: entry.subject ?? null,
      details: jsonbSafe(entry.details ?? {}),
    })
    .execute();
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

type ActivityDetails = Record<string, string | number | boolean | null>;

export interface ActivityEntry {
  id: string;
  at: Date;
  actorUserId: string | null;
  actorEmail: string;
  actorName: string;
  action: ActivityAction;
  subject: string | null;
  details: ActivityDetails;
}

/** The stored action: one of the domain's `activityActions`, which `recordActivity` alone writes. */
function activityAction(action: string): ActivityAction {
  const known = activityActions.find((candidate) => candidate === action);
  if (!known) throw new Error(`an activity entry has the unknown action ${action}`);
  return known;
}

/** The stored details: the flat object of strings, numbers, booleans and nulls `recordActivity` writes. */
function activityDetails(stored: Json): ActivityDetails {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).flatMap(([key, value]) =>
      value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? [[key, value]]
        : [],
    ),
  );
}

export interface ActivityQuery {
  organizationId: string;
  /** Only these actions (a category's, or one). */
  actions?: readonly ActivityAction[];
  /** Only this person's changes. */
  actorUserId?: string;
  /** Only changes on or after the start of this UTC day (`YYYY-MM-DD`). */
  fromDay?: string;
  /** Only changes on or before the end of this UTC day (`YYYY-MM-DD`). */
  toDay?: string;
  /** Newest first, `limit` at most, after skipping `offset`. */
  limit: number;
  offset: number;
}

/** The start of a UTC day (`YYYY-MM-DD`), `days` later. */
function startOfDay(day: string, days: number): Date {
  const start = new Date(`${day}T00:00:00.000Z`);
  start.setUTCDate(start.getUTCDate() + days);
  return start;
}

/** One page of an organization's log, newest first, and how many entries match in all. */
export async function listActivity(
  database: Queryable,
  query: ActivityQuery,
): Promise<{ entries: ActivityEntry[]; total: number }> {
  let matching = db(database)
    .selectFrom('organizationActivity')
    .where('organizationId', '=', query.organizationId);
  if (query.actions && query.actions.length > 0) matching = matching.where('action', 'in', query.actions);
  if (query.actorUserId) matching = matching.where('actorUserId', '=', query.actorUserId);
  if (query.fromDay) matching = matching.where('createdAt', '>=', startOfDay(query.fromDay, 0));
  if (query.toDay) matching = matching.where('createdAt', '<', startOfDay(query.toDay, 1));
  const { total } = await matching
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await matching
    .select([
      'id',
      'createdAt as at',
      'actorUserId',
      'actorEmail',
      'actorName',
      'action',
      'subject',
      'details',
    ])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const entries = rows.map((row) => ({
    ...row,
    action: activityAction(row.action),
    details: activityDetails(row.details),
  }));
  return { entries, total: Number(total) };
}
