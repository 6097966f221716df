// engines: any
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { allEndpoints, type EndpointDefinition } from '@dcipher/shared/contract';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import type { Queryable } from '../db/database.js';
import { db } from '../db/kysely.js';
import { demoOrganization, demoPassword } from '../db/seed-demo-data.js';
import { ensureOrganization } from '../modules/people/organization-repository.js';
import { findUserByEmail, insertUser } from '../modules/people/user-repository.js';
import { informationSchema } from '../test-support/information-schema.js';
import { logIn, startTestServer, type TestServer } from '../test-support/test-server.js';
import { declaredFields, toFastifyPath } from './register-endpoint.js';

/**
 * Tenant isolation (issue 10): the admin of organization B calls every bearer endpoint of the contract with
 * organization A's identifiers — its people's ids and addresses, its organization id, the ids of everything it
 * owns (sessions, keys, invitations, resources…), in every path, query and body field that names something.
 * Whatever B gets, no answer holds anything of A, and A's data is the same afterwards. The identifiers are read
 * from the database, so endpoints and tables added later are covered without changing this test.
 */
const bEmail = 'b-admin@isolation.example';

/** Every `id` of every table with an `organization_id`, for organization A, plus its people. */
async function identifiersOf(database: Queryable, organizationId: string) {
  const tables = await informationSchema(database)
    .selectFrom('information_schema.columns as c')
    .innerJoin('information_schema.columns as i', (join) =>
      join
        .onRef('i.tableName', '=', 'c.tableName')
        .onRef('i.tableSchema', '=', 'c.tableSchema')
        .on('i.columnName', '=', 'id'),
    )
    .select('c.tableName as table')
    .where('c.tableSchema', '=', 'public')
    .where('c.columnName', '=', 'organization_id')
    .execute();
  const ids = new Set<string>([organizationId]);
  for (const { table } of tables) {
    const { rows } = await sql<{ id: string }>`
      select id::text as id from ${sql.table(table)} where organization_id = ${organizationId}`.execute(
      db(database),
    );
    for (const row of rows) ids.add(row.id);
  }
  // Test code: the people module's guard applies to product modules.
  const people = await db(database)
    .selectFrom('users')
    .select(['id', 'email', 'firstName', 'lastName'])
    .where('organizationId', '=', organizationId)
    .execute();
  for (const person of people) ids.add(person.id);
  const sessions = await db(database)
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select('sessions.id')
    .where('users.organizationId', '=', organizationId)
    .execute();
  for (const session of sessions) ids.add(session.id);
  return { ids: [...ids], emails: people.map((person) => person.email), people };
}

/** A's data as it stands, to compare after B's attempts. */
async function snapshotOf(database: Queryable, organizationId: string) {
  const [users, sessions, organization] = await Promise.all([
    db(database)
      .selectFrom('users')
      .select(['id', 'email', 'role', 'status', 'firstName', 'lastName', 'passwordHash'])
      .where('organizationId', '=', organizationId)
      .orderBy('id')
      .execute(),
    db(database)
      .selectFrom('refreshTokens')
      .innerJoin('users', 'users.id', 'refreshTokens.userId')
      .select((eb) => eb.fn.countAll<number>().as('live'))
      .where('users.organizationId', '=', organizationId)
      .where('refreshTokens.revokedAt', 'is', null)
      .where('refreshTokens.usedAt', 'is', null)
      .execute(),
    db(database).selectFrom('organizations').selectAll().where('id', '=', organizationId).execute(),
  ]);
  return JSON.stringify({ users, sessions, organization });
}

describe('tenant isolation: organization B never reaches organization A', () => {
  let server: TestServer;
  let bToken: string;
  let a: Awaited<ReturnType<typeof identifiersOf>>;
  let before_: string;

  before(async () => {
    server = await startTestServer();
    // A: the demo organization, with a session, an invitation and whatever else its admin makes through the API.
    const aAdmin = await logIn(server.app);
    await server.app.inject({
      method: 'POST',
      url: '/org-admin/invites',
      headers: { authorization: `Bearer ${aAdmin.accessToken}` },
      payload: { email: 'a-invitee@isolation.example', role: 'teammate' },
    });
    await server.app.inject({
      method: 'POST',
      url: '/api-key',
      headers: { authorization: `Bearer ${aAdmin.accessToken}` },
      payload: { name: 'A integration' },
    });
    // B: another organization with its own admin.
    const organization = { id: randomUUID(), name: 'B Isolation Ltd', customerType: 'Business' } as const;
    await ensureOrganization(server.database, organization);
    await insertUser(server.database, {
      email: bEmail,
      firstName: 'Bea',
      lastName: 'Bee',
      passwordHash:
        (await findUserByEmail(server.database, 'admin@demo.dcipher.local'))?.passwordHash ?? null,
      status: 'Active',
      organizationId: organization.id,
      role: 'admin',
      emailVerified: true,
    });
    bToken = (await logIn(server.app, { email: bEmail, password: demoPassword })).accessToken;
    assert.notEqual(decodeJwt(bToken).organizationId, demoOrganization.id);
    a = await identifiersOf(server.database, demoOrganization.id);
    assert.ok(a.ids.length > 5, 'organization A has things to protect');
    before_ = await snapshotOf(server.database, demoOrganization.id);
  });
  after(() => server.close());

  /** The values to try in a field, by what its name says it holds. */
  const candidatesFor = (field: string): string[] => {
    if (/email/i.test(field)) return a.emails.slice(0, 6);
    if (/domain/i.test(field)) return ['demo.dcipher.local'];
    if (/id$/i.test(field) || field === 'id') return a.ids.slice(0, 40);
    return [];
  };

  /** A's identifiers in an answer, but those B sent itself in that request (an echo tells B nothing). */
  const leaks = (body: string, sent: string) =>
    [...a.ids, ...a.emails, 'Demo Org'].filter((value) => body.includes(value) && !sent.includes(value));

  const bearerEndpoints = allEndpoints.filter((endpoint) => endpoint.auth === 'bearer');

  const attempts = (endpoint: EndpointDefinition) => {
    const params = [...endpoint.path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1] as string);
    const queryKeys = declaredFields(endpoint.query);
    const bodyKeys = declaredFields(endpoint.body?.schema);
    const fields = [...params, ...queryKeys, ...bodyKeys];
    const values = [...new Set(fields.flatMap(candidatesFor))];
    // Each of A's identifiers in every field at once (fields that name nothing get a harmless word).
    return (values.length > 0 ? values : ['x']).map((value) => {
      const valueFor = (field: string) => (candidatesFor(field).length > 0 ? value : 'x');
      const path = toFastifyPath(endpoint.path).replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
        encodeURIComponent(valueFor(name)),
      );
      const query = new URLSearchParams(
        queryKeys.map((key): [string, string] => [key, valueFor(key)]),
      ).toString();
      return {
        url: query ? `${path}?${query}` : path,
        body: endpoint.body ? Object.fromEntries(bodyKeys.map((key) => [key, valueFor(key)])) : undefined,
      };
    });
  };

  for (const endpoint of bearerEndpoints) {
    it(`${endpoint.method} ${endpoint.path} gives B nothing of A`, async () => {
      for (const attempt of attempts(endpoint)) {
        const response = await server.app.inject({
          method: endpoint.method,
          url: attempt.url,
          headers: { authorization: `Bearer ${bToken}` },
          ...(attempt.body && { payload: attempt.body }),
        });
        const declaredUnavailable = ['INTEGRATION_NOT_CONFIGURED', 'INTEGRATION_UNAVAILABLE'].includes(
          (response.json() as { code?: string } | null)?.code ?? '',
        );
        assert.ok(
          response.statusCode < 500 || declaredUnavailable,
          `${attempt.url}: ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
        assert.deepEqual(
          leaks(response.body, decodeURIComponent(attempt.url) + JSON.stringify(attempt.body ?? {})),
          [],
          `${endpoint.method} ${attempt.url} answered ${response.statusCode}`,
        );
        // A refused token (B signed itself out on the way) would hide the rest: sign in again.
        if (response.statusCode === 401)
          bToken = (await logIn(server.app, { email: bEmail, password: demoPassword })).accessToken;
      }
    });
  }

  it("leaves A's people, sessions and organization as they were", async () => {
    assert.equal(await snapshotOf(server.database, demoOrganization.id), before_);
  });
});
