import type { CustomerType, InvitationStatus, OrganizationRole } from '@dcipher/shared/domain';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';
import { type Db, db } from '../../db/kysely.js';

/** The database's clock, as a value. */
const now = () => sql<Date>`now()`;

// The people module alone reads and writes `users` and `organizations` (docs/decisions/0024): every other module
// calls these functions, so a change to how people and memberships are stored is made here only.

/** What signing in and checking a token need to know about a user. */
export interface IdentityUser {
  id: string;
  email: string;
  passwordHash: string | null;
  status: InvitationStatus;
  organizationId: string;
  /** The organization's customer type: it decides the organization features (docs/decisions/0085). */
  customerType: CustomerType;
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

/**
 * `users` with what `IdentityUser` says of each, on a Kysely of the caller's (a prepared statement's): the caller adds
 * the `where`. Another module reading a user with a condition of its own in the same statement (the bearer check)
 * builds on this, so what a user is stays defined here.
 */
export function identityUsers(kysely: Db) {
  return kysely.selectFrom('users').select((eb) => [
    'users.id',
    'users.email',
    'users.passwordHash',
    'users.status',
    'users.organizationId',
    sql<CustomerType>`(select organizations.customer_type from organizations where organizations.id = users.organization_id)`.as(
      'customerType',
    ),
    'users.role',
    'users.requiresPasswordChange',
    eb('users.emailVerifiedAt', 'is not', null).$castTo<boolean>().as('emailVerified'),
    'users.internalAdmin',
    eb('users.suspendedAt', 'is not', null).$castTo<boolean>().as('suspended'),
    eb
      .and([
        eb.fn.coalesce(
          eb
            .selectFrom('organizations')
            .select('organizations.twoStepRequired')
            .whereRef('organizations.id', '=', 'users.organizationId'),
          sql.lit(false),
        ),
        eb.not(
          eb.exists(
            eb
              .selectFrom('twoFactorSettings')
              .select('twoFactorSettings.userId')
              .whereRef('twoFactorSettings.userId', '=', 'users.id')
              .where('twoFactorSettings.enabledAt', 'is not', null),
          ),
        ),
      ])
      .$castTo<boolean>()
      .as('twoStepSetupRequired'),
  ]);
}

const selectIdentityUser = (database: Queryable) => identityUsers(db(database));

export async function findUserByEmail(database: Queryable, email: string): Promise<IdentityUser | undefined> {
  return selectIdentityUser(database).where('users.email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findUserById(database: Queryable, id: string): Promise<IdentityUser | undefined> {
  // A malformed id cannot name a user; asking would only make PostgreSQL reject the uuid cast.
  if (!isUuid(id)) return undefined;
  return selectIdentityUser(database).where('users.id', '=', id).executeTakeFirst();
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
  await db(database)
    .updateTable('users')
    .set((eb) => ({
      passwordHash,
      requiresPasswordChange: false,
      updatedAt: now(),
      passwordChangedAt: now(),
      ...(markEmailVerified && { emailVerifiedAt: eb.fn.coalesce('emailVerifiedAt', now()) }),
    }))
    .where('id', '=', userId)
    .execute();
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
  return db(database)
    .insertInto('users')
    .values({
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone ?? null,
      company: user.company ?? null,
      jobTitle: user.jobTitle ?? null,
      receiveEmails: user.receiveEmails ?? false,
      passwordHash: user.passwordHash,
      status: user.status,
      organizationId: user.organizationId,
      role: user.role,
      requiresPasswordChange: user.requiresPasswordChange ?? false,
      emailVerifiedAt: user.emailVerified ? now() : null,
      internalAdmin: user.internalAdmin ?? false,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Which of `emails` already have a user. */
export async function findExistingEmails(
  database: Queryable,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db(database).selectFrom('users').select('email').where('email', 'in', emails).execute();
  return new Set(rows.map((row) => row.email));
}

/**
 * Whether an account signs in with `email`. A pending invitee has none: their address may sign up on its own,
 * which withdraws the invitation (docs/decisions/0035).
 */
export async function emailHasUser(database: Queryable, email: string): Promise<boolean> {
  const user = await db(database)
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('status', '<>', 'InvitationSent')
    .executeTakeFirst();
  return user !== undefined;
}

/** Whether a user other than `userId` signs in with `email`. */
export async function emailTakenByAnotherUser(database: Queryable, email: string, userId: string) {
  const user = await db(database)
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '<>', userId)
    .executeTakeFirst();
  return user !== undefined;
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
  return db(transaction)
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('status', '=', 'Active')
    .$if(unverifiedOnly, (query) => query.where('emailVerifiedAt', 'is', null))
    .forUpdate()
    .executeTakeFirst();
}

/** Marks the user's address verified (the first date is kept). */
export async function markEmailVerified(database: Queryable, userId: string): Promise<void> {
  await db(database)
    .updateTable('users')
    .set((eb) => ({ emailVerifiedAt: eb.fn.coalesce('emailVerifiedAt', now()), updatedAt: now() }))
    .where('id', '=', userId)
    .execute();
}

/** Swaps in an address its owner proved they read (an email-change link): the new address is verified. */
export async function replaceEmailWithVerified(
  database: Queryable,
  userId: string,
  newEmail: string,
): Promise<void> {
  await db(database)
    .updateTable('users')
    .set((eb) => ({
      email: newEmail,
      emailVerifiedAt: eb.fn.coalesce('emailVerifiedAt', now()),
      updatedAt: now(),
    }))
    .where('id', '=', userId)
    .execute();
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
  const updated = await db(database)
    .updateTable('users')
    .set({ email: newEmail, updatedAt: now() })
    .where('id', '=', userId)
    .where('emailVerifiedAt', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('users as other').select('other.id').where('other.email', '=', newEmail)),
      ),
    )
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** Suspends the user at `email` (keeping the first date); undefined when no user has it. */
export async function suspendUserByEmail(
  database: Queryable,
  email: string,
): Promise<{ id: string } | undefined> {
  return db(database)
    .updateTable('users')
    .set((eb) => ({ suspendedAt: eb.fn.coalesce('suspendedAt', now()), updatedAt: now() }))
    .where('email', '=', email)
    .returning('id')
    .executeTakeFirst();
}

/** Lifts the suspension of the user at `email`; undefined when no user has it. */
export async function unsuspendUserByEmail(
  database: Queryable,
  email: string,
): Promise<{ id: string } | undefined> {
  return db(database)
    .updateTable('users')
    .set({ suspendedAt: null, updatedAt: now() })
    .where('email', '=', email)
    .returning('id')
    .executeTakeFirst();
}

/** Clears the marketing opt-in of the user at `email`, if any (an unsubscribe). */
export async function withdrawMarketingConsent(database: Queryable, email: string): Promise<void> {
  await db(database)
    .updateTable('users')
    .set({ receiveEmails: false, updatedAt: now() })
    .where('email', '=', email)
    .where('receiveEmails', '=', true)
    .execute();
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
  return db(database)
    .selectFrom('users')
    .select(['id', 'email', 'createdAt'])
    .where('status', '=', 'Active')
    .where('receiveEmails', '=', true)
    .where('emailVerifiedAt', 'is not', null)
    .where('suspendedAt', 'is', null)
    .$if(signedUpWithinDays !== undefined, (query) =>
      query.where('createdAt', '>', sql<Date>`now() - ${signedUpWithinDays}::integer * interval '1 day'`),
    )
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** Active, not suspended users who signed up more than `afterHours` ago and have not verified their address. */
export function findLongUnverifiedUsers(database: Queryable, afterHours: number): Promise<EmailCandidate[]> {
  return db(database)
    .selectFrom('users')
    .select(['id', 'email', 'createdAt'])
    .where('status', '=', 'Active')
    .where('emailVerifiedAt', 'is', null)
    .where('suspendedAt', 'is', null)
    .where('createdAt', '<=', sql<Date>`now() - ${afterHours}::integer * interval '1 hour'`)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
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
  await db(transaction)
    .updateTable('users')
    .set((eb) => ({
      status: 'Active',
      emailVerifiedAt: eb.fn.coalesce('emailVerifiedAt', now()),
      firstName: eb.case().when('firstName', '=', '').then(firstName).else(eb.ref('firstName')).end(),
      lastName: eb.case().when('lastName', '=', '').then(lastName).else(eb.ref('lastName')).end(),
      updatedAt: now(),
    }))
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('status', '<>', 'Active'),
        eb('emailVerifiedAt', 'is', null),
        eb('firstName', '=', ''),
        eb('lastName', '=', ''),
      ]),
    )
    .execute();
}
