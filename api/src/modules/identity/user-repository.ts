import type { InvitationStatus, OrganizationRole } from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';

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
}

/** Whether a user may hold a session now: active (not only invited) and not suspended. */
export const maySignIn = (user: IdentityUser | undefined): user is IdentityUser =>
  user?.status === 'Active' && !user.suspended;

const selectIdentityUser = `
  select id, email, password_hash as "passwordHash", status, organization_id as "organizationId", role,
         requires_password_change as "requiresPasswordChange", email_verified_at is not null as "emailVerified",
         internal_admin as "internalAdmin", suspended_at is not null as "suspended"
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
     set password_hash = $2, requires_password_change = false, updated_at = now(),
         email_verified_at = case when $3::boolean then coalesce(email_verified_at, now())
                                  else email_verified_at end
     where id = $1`,
    [userId, passwordHash, markEmailVerified],
  );
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => uuidPattern.test(value);
