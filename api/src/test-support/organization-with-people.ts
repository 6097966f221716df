import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { createPasswordHasher } from '../modules/identity/password-hasher.js';
import { createOrganization } from '../modules/people/organization-repository.js';
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
    await server.database.query(
      `insert into users (email, first_name, last_name, password_hash, status, organization_id, role, email_verified_at)
       values ($1, 'Test', $2, $3, 'Active', $4, $5, now())`,
      [email, role, await passwordHash, organization.id, role],
    );
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
