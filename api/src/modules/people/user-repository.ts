import type { InvitationStatus, OrganizationRole } from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';

// The people module alone reads and writes `users` and `organizations` (docs/decisions/0024): every other module
// calls these functions, so a change to how people and memberships are stored is made here only.

/** What signing in and checking a token need to know about a user. */
export interface IdentityUser {
  id: string;
  email: string;
  passwordHash: string | null;
  status: InvitationStatus;
  organizationId: string;
  role: OrganizationRole;
  requiresPasswordChange: boolean;
  /** False until the user opens the link emailed at sign-up; such a user cannot sign in yet. */
  emailVerified: boolean;
  /** Dcipher staff, who may call the internal admin endpoints (suspension, marketing emails); see 0015. */
  internalAdmin: boolean;
  /** Suspended by an internal admin: cannot sign in, and every session has ended. */
  suspended: boolean;
  /**
   * The organization requires two-step verification and this user has not set it up: until they do, only the
   * set-up and a few account calls are open to them (docs/decisions/0034).
   */
  twoStepSetupRequired: boolean;
}

/** Whether a user may hold a session now: active (not only invited) and not suspended. */
export const maySignIn = (user: IdentityUser | undefined): user is IdentityUser =>
  user?.status === 'Active' && !user.suspended;

const selectIdentityUser = `
  select id, email, password_hash as "passwordHash", status, organization_id as "organizationId", role,
         requires_password_change as "requiresPasswordChange", email_verified_at is not null as "emailVerified",
         internal_admin as "internalAdmin", suspended_at is not null as "suspended",
         coalesce((select o.two_step_required from organizations o where o.id = users.organization_id), false)
           and not exists (select 1 from two_factor_settings t where t.user_id = users.id and t.enabled_at is not null)
           as "twoStepSetupRequired"
  from users`;

export async function findUserByEmail(database: Queryable, email: string): Promise<IdentityUser | undefined> {
  const [user] = await database.query<IdentityUser>(`${selectIdentityUser} where email = $1`, [
    email.toLowerCase(),
  ]);
  return user;
}

export async function findUserById(database: Queryable, id: string): Promise<IdentityUser | undefined> {
  // A malformed id cannot name a user; asking would only make PostgreSQL reject the uuid cast.
  if (!isUuid(id)) return undefined;
  const [user] = await database.query<IdentityUser>(`${selectIdentityUser} where id = $1`, [id]);
  return user;
}

/**
 * The user of `id` when `alsoRequire` holds too: an SQL condition on the `users` row with parameters from `$2` on
 * (`alsoRequireParams`), checked in the same statement, so a hot path needs one round trip (the bearer check asks
 * for the user and the liveness of their session at once).
 */
export async function findUserByIdWhere(
  database: Queryable,
  id: string,
  alsoRequire: string,
  alsoRequireParams: readonly unknown[],
): Promise<IdentityUser | undefined> {
  if (!isUuid(id)) return undefined;
  const [user] = await database.query<IdentityUser>(
    `${selectIdentityUser} where id = $1 and (${alsoRequire})`,
    [id, ...alsoRequireParams],
  );
  return user;
}

/**
 * Sets a new password hash (argon2id) and clears `requires_password_change`. `markEmailVerified` when the change
 * proved the user reads the address's mail (a reset link).
 */
export async function replacePassword(
  database: Queryable,
  userId: string,
  passwordHash: string,
  { markEmailVerified }: { markEmailVerified: boolean },
): Promise<void> {
  await database.query(
    `update users
     set password_hash = $2, requires_password_change = false, updated_at = now(), password_changed_at = now(),
         email_verified_at = case when $3::boolean then coalesce(email_verified_at, now())
                                  else email_verified_at end
     where id = $1`,
    [userId, passwordHash, markEmailVerified],
  );
}

/** A user as they were meant to be created; fields left out take the table's defaults. */
export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  company?: string | null;
  jobTitle?: string | null;
  receiveEmails?: boolean;
  /** Null for an invitee (until they accept) and for SSO users. */
  passwordHash: string | null;
  status: InvitationStatus;
  organizationId: string;
  role: OrganizationRole;
  requiresPasswordChange?: boolean;
  /** The address is verified from the start (SSO, the demo seed). */
  emailVerified?: boolean;
  internalAdmin?: boolean;
}

/**
 * Creates the user; answers undefined, creating nothing, when the address already has a user. The unique email
 * decides, so two requests racing for one address cannot both create it.
 */
export async function insertUser(database: Queryable, user: NewUser): Promise<{ id: string } | undefined> {
  const [created] = await database.query<{ id: string }>(
    `insert into users (email, first_name, last_name, phone, company, job_title, receive_emails, password_hash,
                        status, organization_id, role, requires_password_change, email_verified_at,
                        internal_admin)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, case when $13::boolean then now() end, $14)
     on conflict (email) do nothing
     returning id`,
    [
      user.email,
      user.firstName,
      user.lastName,
      user.phone ?? null,
      user.company ?? null,
      user.jobTitle ?? null,
      user.receiveEmails ?? false,
      user.passwordHash,
      user.status,
      user.organizationId,
      user.role,
      user.requiresPasswordChange ?? false,
      user.emailVerified ?? false,
      user.internalAdmin ?? false,
    ],
  );
  return created;
}

/** Which of `emails` already have a user. */
export async function findExistingEmails(
  database: Queryable,
  emails: readonly string[],
): Promise<Set<string>> {
  const rows = await database.query<{ email: string }>('select email from users where email = any($1)', [
    emails,
  ]);
  return new Set(rows.map((row) => row.email));
}

/**
 * Whether an account signs in with `email`. A pending invitee has none: their address may sign up on its own,
 * which withdraws the invitation (docs/decisions/0035).
 */
export async function emailHasUser(database: Queryable, email: string): Promise<boolean> {
  return (
    (await database.query(`select 1 from users where email = $1 and status <> 'InvitationSent'`, [email]))
      .length > 0
  );
}

/** Whether a user other than `userId` signs in with `email`. */
export async function emailTakenByAnotherUser(database: Queryable, email: string, userId: string) {
  return (
    (await database.query('select 1 from users where email = $1 and id <> $2', [email, userId])).length > 0
  );
}

/**
 * The active user at `email`, locked for the caller's transaction; with `unverifiedOnly`, only one whose address
 * is not verified yet. Undefined otherwise (no user, an invitee, or already verified).
 */
export async function lockActiveUserByEmail(
  transaction: Queryable,
  email: string,
  { unverifiedOnly = false } = {},
): Promise<{ id: string } | undefined> {
  const [user] = await transaction.query<{ id: string }>(
    `select id from users where email = $1 and status = 'Active'
       and ($2::boolean is false or email_verified_at is null)
     for update`,
    [email, unverifiedOnly],
  );
  return user;
}

/** Marks the user's address verified (the first date is kept). */
export async function markEmailVerified(database: Queryable, userId: string): Promise<void> {
  await database.query(
    `update users set email_verified_at = coalesce(email_verified_at, now()), updated_at = now()
     where id = $1`,
    [userId],
  );
}

/** Swaps in an address its owner proved they read (an email-change link): the new address is verified. */
export async function replaceEmailWithVerified(
  database: Queryable,
  userId: string,
  newEmail: string,
): Promise<void> {
  await database.query(
    `update users set email = $2, email_verified_at = coalesce(email_verified_at, now()), updated_at = now()
     where id = $1`,
    [userId, newEmail],
  );
}

/**
 * Replaces the address of a user who has not verified theirs, if no other user has the new one; false when
 * nothing changed (verified user, or address taken).
 */
export async function replaceUnverifiedEmail(
  database: Queryable,
  userId: string,
  newEmail: string,
): Promise<boolean> {
  const updated = await database.query(
    `update users set email = $2, updated_at = now()
     where id = $1 and email_verified_at is null
       and not exists (select 1 from users other where other.email = $2)
     returning id`,
    [userId, newEmail],
  );
  return updated.length > 0;
}

/** Suspends the user at `email` (keeping the first date); undefined when no user has it. */
export async function suspendUserByEmail(
  database: Queryable,
  email: string,
): Promise<{ id: string } | undefined> {
  const [user] = await database.query<{ id: string }>(
    `update users set suspended_at = coalesce(suspended_at, now()), updated_at = now()
     where email = $1 returning id`,
    [email],
  );
  return user;
}

/** Lifts the suspension of the user at `email`; undefined when no user has it. */
export async function unsuspendUserByEmail(
  database: Queryable,
  email: string,
): Promise<{ id: string } | undefined> {
  const [user] = await database.query<{ id: string }>(
    'update users set suspended_at = null, updated_at = now() where email = $1 returning id',
    [email],
  );
  return user;
}

/** Clears the marketing opt-in of the user at `email`, if any (an unsubscribe). */
export async function withdrawMarketingConsent(database: Queryable, email: string): Promise<void> {
  await database.query(
    'update users set receive_emails = false, updated_at = now() where email = $1 and receive_emails',
    [email],
  );
}

/** A user with a marketing or account email possibly due, and when they signed up. */
export interface EmailCandidate {
  id: string;
  email: string;
  createdAt: Date;
}

/**
 * Users who may get marketing email as far as their account goes: active, verified, not suspended, opted in
 * (`receive_emails`); only those who signed up in the last `signedUpWithinDays` when given. Oldest first.
 */
export function findMarketingCandidates(
  database: Queryable,
  { signedUpWithinDays }: { signedUpWithinDays?: number } = {},
): Promise<EmailCandidate[]> {
  return database.query<EmailCandidate>(
    `select id, email, created_at as "createdAt" from users
     where status = 'Active' and receive_emails and email_verified_at is not null and suspended_at is null
       and ($1::integer is null or created_at > now() - $1::integer * interval '1 day')
     order by created_at, id`,
    [signedUpWithinDays ?? null],
  );
}

/** Active, not suspended users who signed up more than `afterHours` ago and have not verified their address. */
export function findLongUnverifiedUsers(database: Queryable, afterHours: number): Promise<EmailCandidate[]> {
  return database.query<EmailCandidate>(
    `select id, email, created_at as "createdAt" from users
     where status = 'Active' and email_verified_at is null and suspended_at is null
       and created_at <= now() - $1::integer * interval '1 hour'
     order by created_at, id`,
    [afterHours],
  );
}

/**
 * An SSO sign-in vouches for the address: the user becomes active and verified, and names left empty (an
 * invitee's) are filled in from the identity provider's claims.
 */
export async function adoptSsoUser(
  transaction: Queryable,
  userId: string,
  { firstName, lastName }: { firstName: string; lastName: string },
): Promise<void> {
  await transaction.query(
    `update users
     set status = 'Active', email_verified_at = coalesce(email_verified_at, now()),
         first_name = case when first_name = '' then $2 else first_name end,
         last_name = case when last_name = '' then $3 else last_name end,
         updated_at = now()
     where id = $1 and (status <> 'Active' or email_verified_at is null or first_name = '' or last_name = '')`,
    [userId, firstName, lastName],
  );
}
