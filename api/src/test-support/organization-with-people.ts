import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { createPasswordHasher } from '../modules/identity/password-hasher.js';
import { createOrganization } from '../modules/people/organization-repository.js';
import { insertUser } from '../modules/people/user-repository.js';
import { logIn } from './test-server.js';

export const testPassword = 'Harbour-Lights-2026';
let passwordHash: Promise<string> | undefined;
let count = 0;

/**
 * A fresh organization on its 14-day trial with a verified admin, teammate and guest, each signed in: what the
 * billing and usage tests start from.
 */
export async function organizationWithPeople(
  server: { app: FastifyInstance; database: Database },
  {
    customerType = 'Business',
    label = 'org',
  }: { customerType?: 'Individual' | 'Business'; label?: string } = {},
) {
  passwordHash ??= createPasswordHasher().hash(testPassword);
  count += 1;
  const organization = await createOrganization(server.database, {
    name: `${label} ${count}`,
    customerType,
    companySize: null,
    trialDays: 14,
  });
  const people = {} as Record<'admin' | 'teammate' | 'guest', { email: string; token: string }>;
  for (const role of ['admin', 'teammate', 'guest'] as const) {
    const email = `${label}-${role}-${count}-${organization.id.slice(0, 8)}@example.com`;
    await insertUser(server.database, {
      email,
      firstName: 'Test',
      lastName: role,
      passwordHash: await passwordHash,
      status: 'Active',
      organizationId: organization.id,
      role,
      emailVerified: true,
    });
    people[role] = { email, token: (await logIn(server.app, { email, password: testPassword })).accessToken };
  }
  return {
    id: organization.id,
    admin: people.admin.token,
    teammate: people.teammate.token,
    guest: people.guest.token,
    adminEmail: people.admin.email,
  };
}
