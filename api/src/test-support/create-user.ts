import type { Queryable } from '../db/database.js';
import { demoOrganization } from '../db/seed-demo-data.js';
import { createPasswordHasher } from '../modules/identity/password-hasher.js';

const passwordHasher = createPasswordHasher();

/**
 * An active teammate in the demo organization with `password`, made directly in the database, for tests about one
 * user's password or sign-ins; verified unless told otherwise.
 */
export async function createUser(
  database: Queryable,
  email: string,
  password: string,
  { verified = true, requiresPasswordChange = false } = {},
): Promise<{ id: string }> {
  const [user] = await database.query<{ id: string }>(
    `insert into users (email, first_name, last_name, password_hash, status, organization_id, role,
                        requires_password_change, email_verified_at)
     values ($1, 'Test', 'User', $2, 'Active', $3, 'teammate', $4, case when $5::boolean then now() end)
     returning id`,
    [email, await passwordHasher.hash(password), demoOrganization.id, requiresPasswordChange, verified],
  );
  if (!user) throw new Error(`user ${email} was not created`);
  return user;
}
