import type { Queryable } from '../db/database.js';
import { demoOrganization } from '../db/seed-demo-data.js';
import { createPasswordHasher } from '../modules/identity/password-hasher.js';
import { insertUser } from '../modules/people/user-repository.js';

const passwordHasher = createPasswordHasher();

/**
 * An active teammate in the demo organization with `password`, made through the people module, for tests about one
 * user's password or sign-ins; verified unless told otherwise.
 */
export async function createUser(
  database: Queryable,
  email: string,
  password: string,
  { verified = true, requiresPasswordChange = false } = {},
): Promise<{ id: string }> {
  const user = await insertUser(database, {
    email,
    firstName: 'Test',
    lastName: 'User',
    passwordHash: await passwordHasher.hash(password),
    status: 'Active',
    organizationId: demoOrganization.id,
    role: 'teammate',
    requiresPasswordChange,
    emailVerified: verified,
  });
  if (!user) throw new Error(`user ${email} was not created`);
  return user;
}
