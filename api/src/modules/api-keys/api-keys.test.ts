// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiKey, IssuedApiKey, ResearchBotToken } from '@dcipher/shared/contract';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { db } from '../../db/kysely.js';
import { demoOrganization, demoPassword, demoUsers } from '../../db/seed-demo-data.js';
import { bodyOf } from '../../test-support/error-body.js';
import { demoAdmin, logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { listActivity } from '../activity-log/activity-log.js';
import { createOrganization } from '../people/organization-repository.js';
import { findUserByEmail, insertUser, suspendUserByEmail } from '../people/user-repository.js';
import { hashApiKeySecret } from './api-key-repository.js';

describe('API keys and research-bot tokens (0037)', () => {
  let server: TestServer;
  let adminToken: string;
  let teammateToken: string;
  let guestToken: string;
  let otherAdminToken: string;

  before(async () => {
    server = await startTestServer();
    adminToken = (await logIn(server.app)).accessToken;
    const byRole = (role: string) => demoUsers.find((user) => user.role === role)!.email;
    teammateToken = (await logIn(server.app, { email: byRole('teammate') })).accessToken;
    guestToken = (await logIn(server.app, { email: byRole('guest') })).accessToken;
    const organization = await createOrganization(server.database, {
      name: 'Other Keys Org',
      customerType: 'Business',
      companySize: null,
      trialDays: 0,
    });
    await insertUser(server.database, {
      email: 'otto@other-keys.test',
      firstName: 'Otto',
      lastName: 'Other',
      passwordHash: (await findUserByEmail(server.database, demoAdmin.email))?.passwordHash ?? null,
      status: 'Active',
      organizationId: organization.id,
      role: 'admin',
      emailVerified: true,
    });
    otherAdminToken = (await logIn(server.app, { email: 'otto@other-keys.test', password: demoPassword }))
      .accessToken;
  });
  after(() => server.close());

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | undefined,
    payload?: object,
  ) =>
    server.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload && { payload }),
    });
  const withKey = (secret: string, url = '/account', header: 'x-api-key' | 'authorization' = 'x-api-key') =>
    server.app.inject({
      method: 'GET',
      url,
      headers: { [header]: header === 'authorization' ? `ApiKey ${secret}` : secret },
    });
  const storedRows = () =>
    db(server.database).selectFrom('apiKeys').selectAll().orderBy('createdAt').execute();

  let issued: IssuedApiKey;

  it('starts empty, then creates a named key whose secret is answered once and stored only as its hash', async () => {
    const empty = await send('GET', '/api-key', adminToken);
    assert.equal(empty.statusCode, 200);
    assert.deepEqual(bodyOf(empty), { keys: [] });

    const created = await send('POST', '/api-key', adminToken, { name: '  Reporting export ' });
    assert.equal(created.statusCode, 201, created.body);
    issued = created.json<IssuedApiKey>();
    assert.match(issued.secret, /^dcp_live_[A-Za-z0-9_-]{43}$/);
    assert.equal(issued.key.name, 'Reporting export');
    assert.equal(issued.key.prefix, issued.secret.slice(0, 13));
    assert.deepEqual(issued.key.createdBy, { name: 'Ada Admin', email: demoAdmin.email });
    assert.equal(issued.key.lastUsedAt, null);

    const rows = await storedRows();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.secretHash, hashApiKeySecret(issued.secret));
    assert.ok(!JSON.stringify(rows).includes(issued.secret), 'the secret itself is nowhere in the table');

    const listed = await send('GET', '/api-key', adminToken);
    assert.ok(!listed.body.includes(issued.secret), 'the list never shows the secret again');
    assert.deepEqual(
      listed.json<{ keys: ApiKey[] }>().keys.map((key) => key.id),
      [issued.key.id],
    );
  });

  it('acts as its creator on the endpoints that accept keys (X-API-Key or Authorization: ApiKey), marking it used', async () => {
    const viaHeader = await withKey(issued.secret);
    assert.equal(viaHeader.statusCode, 200, viaHeader.body);
    assert.equal(viaHeader.json().email, demoAdmin.email);
    const viaAuthorization = await withKey(issued.secret, '/account', 'authorization');
    assert.equal(viaAuthorization.statusCode, 200);
    const [key] = (await send('GET', '/api-key', adminToken)).json<{ keys: ApiKey[] }>().keys;
    assert.ok(key?.lastUsedAt, 'last used is shown');
    assert.ok(Date.now() - Date.parse(key.lastUsedAt) < 60_000);
  });

  it('refuses keys on every endpoint that does not accept them (403), even for their admin creator', async () => {
    for (const url of ['/api-key', '/sso/configs', '/account/sessions']) {
      const response = await withKey(issued.secret, url);
      assert.equal(response.statusCode, 403, url);
      assert.equal(
        response.json().message,
        'API keys cannot call this endpoint: it needs a person signed in. Your account’s API keys page lists the calls a key may make.',
      );
    }
  });

  it('refuses an unknown key (401) without saying more', async () => {
    const response = await withKey('dcp_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    assert.equal(response.statusCode, 401);
    assert.equal(response.json().code, 'API_KEY_INVALID');
  });

  it('renames, and rotates: the new secret is answered once, the old one stops at once', async () => {
    const renamed = await send('PUT', '/api-key', adminToken, { id: issued.key.id, name: 'Nightly export' });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(renamed.json().key.name, 'Nightly export');
    assert.equal(renamed.json().secret, undefined);

    const rotated = await send('PUT', '/api-key', adminToken, { id: issued.key.id, rotate: true });
    assert.equal(rotated.statusCode, 200, rotated.body);
    const secret = rotated.json().secret as string;
    assert.match(secret, /^dcp_live_/);
    assert.notEqual(secret, issued.secret);
    assert.ok(rotated.json().key.rotatedAt);
    assert.equal((await withKey(issued.secret)).statusCode, 401, 'the old secret is refused');
    assert.equal((await withKey(secret)).statusCode, 200, 'the new one works');
    issued = { key: rotated.json().key, secret };

    const nothing = await send('PUT', '/api-key', adminToken, { id: issued.key.id });
    assert.equal(nothing.statusCode, 400);
  });

  it('refuses teammates and guests (403) and no one signed in (401) on every key call', async () => {
    for (const token of [teammateToken, guestToken]) {
      for (const [method, url, payload] of [
        ['GET', '/api-key', undefined],
        ['POST', '/api-key', { name: 'Mine' }],
        ['PUT', '/api-key', { id: issued.key.id, rotate: true }],
        ['DELETE', `/api-key?id=${issued.key.id}`, undefined],
        ['GET', '/api-key/research-bot', undefined],
        ['POST', '/api-key/research-bot', { name: 'Mine' }],
      ] as const) {
        const response = await send(method, url, token, payload);
        assert.equal(response.statusCode, 403, `${method} ${url}`);
        assert.equal(response.json().message, 'Only the admins of your organization can manage API keys.');
      }
    }
    assert.equal((await send('GET', '/api-key', undefined)).statusCode, 401);
  });

  it("never shows, changes or revokes another organization's keys (404), and lists only its own", async () => {
    const theirs = await send('GET', '/api-key', otherAdminToken);
    assert.deepEqual(bodyOf(theirs), { keys: [] });
    const rotate = await send('PUT', '/api-key', otherAdminToken, { id: issued.key.id, rotate: true });
    assert.equal(rotate.statusCode, 404);
    const revoke = await send('DELETE', `/api-key?id=${issued.key.id}`, otherAdminToken);
    assert.equal(revoke.statusCode, 404);
    assert.equal((await withKey(issued.secret)).statusCode, 200, 'the key still works');
    // A research-bot path does not reach a general key either.
    const crossKind = await send('DELETE', `/api-key/research-bot?id=${issued.key.id}`, adminToken);
    assert.equal(crossKind.statusCode, 404);
  });

  it('answers 400 for bad input, never 500', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api-key', { name: '' }],
      ['POST', '/api-key', { name: 'x'.repeat(101) }],
      ['PUT', '/api-key', { id: 'not-a-uuid', name: 'x' }],
      ['DELETE', '/api-key?id=%27%3B', undefined],
      ['DELETE', '/api-key', undefined],
    ] as const) {
      const response = await send(method, url, adminToken, payload);
      assert.equal(response.statusCode, 400, `${method} ${url} ${response.body}`);
    }
  });

  it('revokes: the key is refused at once and gone from the list', async () => {
    const revoked = await send('DELETE', `/api-key?id=${issued.key.id}`, adminToken);
    assert.equal(revoked.statusCode, 200);
    assert.deepEqual(bodyOf(revoked), { revoked: true });
    assert.equal((await withKey(issued.secret)).statusCode, 401);
    assert.deepEqual(bodyOf(await send('GET', '/api-key', adminToken)), { keys: [] });
    assert.equal((await send('DELETE', `/api-key?id=${issued.key.id}`, adminToken)).statusCode, 404);
  });

  it('research-bot keys: exchanged for a short-lived token that bearer endpoints refuse', async () => {
    const created = await send('POST', '/api-key/research-bot', adminToken, { name: 'Slack research bot' });
    assert.equal(created.statusCode, 201, created.body);
    const { secret, key } = created.json<IssuedApiKey>();
    assert.match(secret, /^dcp_bot_/);
    assert.equal(key.kind, 'research-bot');
    assert.equal((await withKey(secret)).statusCode, 401, 'a research-bot key is not a general key');

    const authorized = await server.app.inject({
      method: 'POST',
      url: '/research-bot/authorize',
      headers: { 'x-api-key': secret },
      payload: {},
    });
    assert.equal(authorized.statusCode, 200, authorized.body);
    const token = authorized.json<ResearchBotToken>();
    assert.equal(token.audience, 'dcipher-research-bot');
    assert.equal(token.expiresIn, 300);
    assert.equal(decodeProtectedHeader(token.accessToken).typ, 'research-bot+jwt');
    const jwks = (await server.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const { importJWK } = await import('jose');
    const { payload } = await jwtVerify(token.accessToken, await importJWK(jwks.keys[0], 'RS256'), {
      audience: 'dcipher-research-bot',
    });
    assert.equal(payload.organizationId, demoOrganization.id);

    const asBearer = await send('GET', '/account', token.accessToken);
    assert.equal(asBearer.statusCode, 401, 'bearer endpoints refuse research-bot tokens');

    const inBody = await server.app.inject({
      method: 'POST',
      url: '/research-bot/authorize',
      payload: { apiKey: secret },
    });
    assert.equal(inBody.statusCode, 200);
    const general = await server.app.inject({
      method: 'POST',
      url: '/research-bot/authorize',
      payload: { apiKey: 'dcp_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    assert.equal(general.statusCode, 401);
    const none = await server.app.inject({ method: 'POST', url: '/research-bot/authorize', payload: {} });
    assert.equal(none.statusCode, 401);

    const [listed] = (await send('GET', '/api-key/research-bot', adminToken)).json<{ keys: ApiKey[] }>().keys;
    assert.ok(listed?.lastUsedAt);
    await send('DELETE', `/api-key/research-bot?id=${key.id}`, adminToken);
    const afterRevoke = await server.app.inject({
      method: 'POST',
      url: '/research-bot/authorize',
      payload: { apiKey: secret },
    });
    assert.equal(afterRevoke.statusCode, 401);
  });

  it('gives any signed-in user their own research-bot token', async () => {
    const response = await send('GET', '/research-bot/access-token', guestToken);
    assert.equal(response.statusCode, 200, response.body);
    const token = response.json<ResearchBotToken>();
    assert.equal(token.tokenType, 'Bearer');
    assert.equal((await send('GET', '/account', token.accessToken)).statusCode, 401);
    assert.equal((await send('GET', '/research-bot/access-token', undefined)).statusCode, 401);
  });

  it('records created, renamed, rotated and revoked in the activity log, never a secret', async () => {
    const { entries } = await listActivity(server.database, {
      organizationId: demoOrganization.id,
      limit: 50,
      offset: 0,
    });
    const keyEntries = entries.filter((entry) => entry.action.startsWith('api-key.'));
    assert.deepEqual(keyEntries.map((entry) => `${entry.action} ${entry.subject}`).sort(), [
      'api-key.created Reporting export',
      'api-key.created Slack research bot',
      'api-key.renamed Nightly export',
      'api-key.revoked Nightly export',
      'api-key.revoked Slack research bot',
      'api-key.rotated Nightly export',
    ]);
    assert.ok(keyEntries.every((entry) => entry.actorEmail === demoAdmin.email));
    assert.ok(keyEntries.every((entry) => !/dcp_(live|bot)_[A-Za-z0-9_-]{20,}/.test(JSON.stringify(entry))));
  });

  it('a key stops working when its creator is suspended', async () => {
    const created = await send('POST', '/api-key', otherAdminToken, { name: 'Otto key' });
    const { secret } = created.json<IssuedApiKey>();
    assert.equal((await withKey(secret)).statusCode, 200);
    await suspendUserByEmail(server.database, 'otto@other-keys.test');
    assert.equal((await withKey(secret)).statusCode, 401, "a suspended creator's keys are refused");
  });
});
