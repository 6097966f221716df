import { freeTrialDays, type OrganizationRole } from '@dcipher/shared/domain';
import { findFlow } from '../modules/flows/flows-repository.js';
import { insertFlowWithResource, starterColumns } from '../modules/flows/flows-starter.js';
import { createPasswordHasher, type PasswordHasher } from '../modules/identity/password-hasher.js';
import { ensureOrganization } from '../modules/people/organization-repository.js';
import { findExistingEmails, findUserByEmail, insertUser } from '../modules/people/user-repository.js';
import { ensureResource } from '../modules/roles/roles-repository.js';
import type { Database, Queryable } from './database.js';

/** Everyone in the demo organization signs in with this password (never seeded in production). */
export const demoPassword = 'Dcipher-demo-2026!';

export const demoOrganization = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Demo Org',
  customerType: 'Business',
} as const;

/** Dcipher's own organization, home of the staff (internal admin) demo user. */
export const staffOrganization = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Dcipher',
  customerType: 'Business',
} as const;

export const demoUsers: readonly {
  email: string;
  firstName: string;
  lastName: string;
  role: OrganizationRole;
  /** Signs in, then must set a new password before anything else (the expired-password page). */
  requiresPasswordChange?: boolean;
  /** Dcipher staff in the staff organization: may suspend users and send the marketing emails. */
  internalAdmin?: boolean;
}[] = [
  { email: 'admin@demo.dcipher.local', firstName: 'Ada', lastName: 'Admin', role: 'admin' },
  { email: 'teammate@demo.dcipher.local', firstName: 'Tom', lastName: 'Teammate', role: 'teammate' },
  { email: 'guest@demo.dcipher.local', firstName: 'Gina', lastName: 'Guest', role: 'guest' },
  {
    email: 'expired@demo.dcipher.local',
    firstName: 'Eve',
    lastName: 'Expired',
    role: 'teammate',
    requiresPasswordChange: true,
  },
  {
    email: 'staff@demo.dcipher.local',
    firstName: 'Sam',
    lastName: 'Staff',
    role: 'admin',
    internalAdmin: true,
  },
];

/**
 * The seeded demo and staff accounts this database holds (their published password signs them in, the staff one as
 * an internal admin). A deployed API refuses to start while there are any (docs/decisions/0028, 0057).
 */
export async function findSeededDemoAccounts(database: Queryable): Promise<string[]> {
  const existing = await findExistingEmails(
    database,
    demoUsers.map((user) => user.email),
  );
  return demoUsers.map((user) => user.email).filter((email) => existing.has(email));
}

/**
 * Creates the demo organization and its active users, their email addresses verified, where missing;
 * running it again changes nothing (users already there, even with a changed password, are left alone). Run
 * after migrations, outside production.
 */
export async function seedDemoData(
  database: Database,
  passwordHasher: PasswordHasher = createPasswordHasher(),
): Promise<void> {
  const existingEmails = await findExistingEmails(
    database,
    demoUsers.map((user) => user.email),
  );
  const missing = demoUsers.filter((user) => !existingEmails.has(user.email));
  if (missing.length === 0) {
    await ensureSeedOrganizations(database);
    return seedDemoResources(database);
  }

  // Hashed before the transaction: argon2 is slow and a transaction should not wait on it.
  const passwordHashes = await Promise.all(missing.map(() => passwordHasher.hash(demoPassword)));
  await database.transaction(async (transaction) => {
    await ensureSeedOrganizations(transaction);
    for (const [index, user] of missing.entries()) {
      const organization = user.internalAdmin ? staffOrganization : demoOrganization;
      await insertUser(transaction, {
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        company: organization.name,
        receiveEmails: false,
        passwordHash: passwordHashes[index] ?? null,
        status: 'Active',
        organizationId: organization.id,
        role: user.role,
        requiresPasswordChange: user.requiresPasswordChange ?? false,
        emailVerified: true,
        internalAdmin: user.internalAdmin ?? false,
      });
    }
  });
  await seedDemoResources(database);
}

/**
 * The demo and staff organizations, each in a free trial with its end like every new organization ("Free trial ends
 * in 14 days"): seeded without one they showed "Trialing" with no days left, and usage had no trial period. A
 * database seeded before gets the end on its next seed; a trial end already set stays.
 */
async function ensureSeedOrganizations(database: Queryable): Promise<void> {
  for (const organization of [demoOrganization, staffOrganization]) {
    await ensureOrganization(database, { ...organization, trialDays: freeTrialDays });
  }
}

/** A few items of the demo organization, owned by its admin, so sharing has something to show (0038). */
export const demoResources = [
  { id: '7d3c1a52-5b8e-4f1a-9c2d-3e4f5a6b7c81', type: 'studio-project', name: 'Customer feedback study' },
  { id: '7d3c1a52-5b8e-4f1a-9c2d-3e4f5a6b7c82', type: 'workflow', name: 'Weekly news digest' },
  { id: '7d3c1a52-5b8e-4f1a-9c2d-3e4f5a6b7c83', type: 'file', name: 'Interview transcripts.pdf' },
] as const;

/**
 * The demo's workflow is a real one, the catalogue's news briefing on its sample, so that opening it from Sharing
 * or the workflows list shows a workflow and not "not found" (issue 36). It has not run yet.
 */
const demoWorkflow = { resource: demoResources[1], predefinedFlowId: 'news-briefing' } as const;

async function seedDemoResources(database: Database): Promise<void> {
  const owner = (await findUserByEmail(database, demoUsers[0]?.email ?? ''))?.id;
  if (!owner) return;
  await database.transaction(async (transaction) => {
    if (await findFlow(transaction, { id: demoWorkflow.resource.id })) return;
    await insertFlowWithResource(transaction, {
      id: demoWorkflow.resource.id,
      name: demoWorkflow.resource.name,
      organizationId: demoOrganization.id,
      ownerUserId: owner,
      ...starterColumns(demoWorkflow.predefinedFlowId),
    });
  });
  for (const resource of demoResources) {
    await ensureResource(database, {
      id: resource.id,
      organizationId: demoOrganization.id,
      type: resource.type,
      name: resource.name,
      ownerUserId: owner,
    });
  }
}
