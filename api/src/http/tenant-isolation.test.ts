import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { allEndpoints, type EndpointDefinition } from '@dcipher/shared/contract';
import { decodeJwt } from 'jose';
import type { Queryable } from '../db/database.js';
import { demoOrganization, demoPassword } from '../db/seed-demo-data.js';
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
  const tables = await database.query<{ table: string }>(
    `select c.table_name as "table" from information_schema.columns c
     join information_schema.columns i on i.table_name = c.table_name and i.table_schema = c.table_schema
       and i.column_name = 'id'
     where c.table_schema = 'public' and c.column_name = 'organization_id'`,
  );
  const ids = new Set<string>([organizationId]);
  for (const { table } of tables) {
    for (const row of await database.query<{ id: string }>(
      `select id::text as id from "${table}" where organization_id = $1`,
      [organizationId],
    )) {
      ids.add(row.id);
    }
  }
  const people = await database.query<{ id: string; email: string; firstName: string; lastName: string }>(
    // Test code: the people module's guard applies to product modules.
    `select id::text as id, email, first_name as "firstName", last_name as "lastName" from users
     where organization_id = $1`,
    [organizationId],
  );
  for (const person of people) ids.add(person.id);
  const sessions = await database.query<{ id: string }>(
    `select s.id::text as id from sessions s join users u on u.id = s.user_id where u.organization_id = $1`,
    [organizationId],
  );
  for (const session of sessions) ids.add(session.id);
  return { ids: [...ids], emails: people.map((person) => person.email), people };
}

/** A's data as it stands, to compare after B's attempts. */
async function snapshotOf(database: Queryable, organizationId: string) {
  const [users, sessions, organization] = await Promise.all([
    database.query(
      `select id, email, role, status, first_name, last_name, password_hash from users
       where organization_id = $1 order by id`,
      [organizationId],
    ),
    database.query(
      `select count(*)::integer as live from refresh_tokens t join users u on u.id = t.user_id
       where u.organization_id = $1 and t.revoked_at is null and t.used_at is null`,
      [organizationId],
    ),
    database.query('select * from organizations where id = $1', [organizationId]),
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
    const [organization] = await server.database.query<{ id: string }>(
      `insert into organizations (name, customer_type) values ('B Isolation Ltd', 'Business') returning id`,
    );
    await server.database.query(
      `insert into users (email, first_name, last_name, password_hash, status, organization_id, role, email_verified_at)
       select $1, 'Bea', 'Bee', password_hash, 'Active', $2, 'admin', now() from users where email = 'admin@demo.dcipher.local'`,
      [bEmail, organization?.id],
    );
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
