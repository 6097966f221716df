// engines: any
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startDevOidcProvider } from '@dcipher/dev-oidc';
import { type SsoConfig, SsoConfigSchema } from '@dcipher/shared/contract';
import * as v from 'valibot';
import { db } from '../../db/kysely.js';
import { demoPassword, demoUsers } from '../../db/seed-demo-data.js';
import { callAs } from '../../test-support/call-as.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { demoAdmin, logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { ensureOrganization } from '../people/organization-repository.js';
import { findUserByEmail, insertUser } from '../people/user-repository.js';
import { createSecretBox } from './secret-box.js';
import { createSsoService } from './sso-service.js';

const webUrl = 'https://www.dcipher.test';
const redirectUri = `${webUrl}/login/sso`;
const clientSecret = 'dev-client-secret-7f3a9c';

/** A port nothing listens on: a server is started there and closed again. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('/sso/configs', () => {
  let server: TestServer;
  let provider: Awaited<ReturnType<typeof startDevOidcProvider>>;
  const logLines: string[] = [];
  let adminToken: string;
  let teammateToken: string;
  let otherAdminToken: string;

  before(async () => {
    provider = await startDevOidcProvider({
      clients: [{ client_id: 'dcipher', client_secret: clientSecret, redirect_uris: [redirectUri] }],
    });
    server = await startTestServer({ webUrl }, { logStream: { write: (line) => logLines.push(line) } });
    adminToken = (await logIn(server.app)).accessToken;
    const teammate = demoUsers.find((user) => user.role === 'teammate')!;
    teammateToken = (await logIn(server.app, { email: teammate.email })).accessToken;
    // The admin of a second organization.
    const organizationId = randomUUID();
    await ensureOrganization(server.database, {
      id: organizationId,
      name: 'Other Org',
      customerType: 'Business',
    });
    await insertUser(server.database, {
      email: 'olga@other.test',
      firstName: 'Olga',
      lastName: 'Other',
      // The demo password's hash.
      passwordHash: (await findUserByEmail(server.database, demoAdmin.email))?.passwordHash ?? null,
      status: 'Active',
      organizationId,
      role: 'admin',
      emailVerified: true,
    });
    otherAdminToken = (await logIn(server.app, { email: 'olga@other.test', password: demoPassword }))
      .accessToken;
  });
  after(async () => {
    await server.close();
    await provider.stop();
  });

  const callApi = callAs(() => server.app);
  const call = (method: 'GET' | 'POST' | 'DELETE', token: string | undefined, payload?: object) =>
    callApi(method, '/sso/configs', token, payload);
  const form = (overrides: Record<string, unknown> = {}) => ({
    issuerUrl: provider.issuer,
    clientId: 'dcipher',
    clientSecret,
    emailDomains: ['acme.test'],
    ...overrides,
  });
  const storedSecret = async () => {
    const row = await db(server.database)
      .selectFrom('ssoConfigs')
      .select('clientSecret')
      .where('organizationId', '=', '00000000-0000-4000-8000-000000000001')
      .executeTakeFirst();
    return row?.clientSecret;
  };

  it('answers null while the organization has no configuration: an empty state, not a 404 (issue 36)', async () => {
    const response = await call('GET', adminToken);
    assert.deepEqual([response.statusCode, response.json()], [200, null]);
  });

  it('saves a configuration whose issuer answers discovery, and answers it with the redirect URI but no secret', async () => {
    const response = await call('POST', adminToken, form({ emailDomains: [' ACME.test ', '@acme.test'] }));
    assert.equal(response.statusCode, 200, response.body);
    const config = v.parse(SsoConfigSchema, response.json());
    assert.deepEqual(
      { ...config, createdAt: undefined, updatedAt: undefined, domains: undefined },
      {
        issuerUrl: provider.issuer,
        clientId: 'dcipher',
        emailDomains: ['acme.test'],
        requireSso: false,
        clientSecretSet: true,
        redirectUri,
        createdAt: undefined,
        updatedAt: undefined,
        domains: undefined,
      },
    );
    assert.equal(config.domains.length, 1);
    assert.equal(config.domains[0]?.verified, false, 'a new domain starts unverified');
    assert.equal(config.domains[0]?.recordName, '_dcipher-verification.acme.test');
    assert.match(config.domains[0]?.recordValue ?? '', /^dcipher-verification=[A-Za-z0-9_-]{43}$/);
    assert.ok(!response.body.includes(clientSecret));
    const stored = await storedSecret();
    assert.ok(
      stored && !stored.includes(clientSecret),
      'the column holds the secret encrypted, not as given',
    );
    assert.match(stored ?? '', /^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/);

    const read = await call('GET', adminToken);
    assert.equal(read.statusCode, 200);
    assert.deepEqual(bodyOf(read), config);
    assert.ok(!read.body.includes(clientSecret), 'GET never answers the secret');
    assert.ok(!('clientSecret' in read.json()));
  });

  it('replaces the configuration; a left-out secret keeps the stored one', async () => {
    const before = (await call('GET', adminToken)).json<SsoConfig>();
    const response = await call(
      'POST',
      adminToken,
      form({ clientSecret: undefined, emailDomains: ['acme.test', 'acme-labs.test'] }),
    );
    assert.equal(response.statusCode, 200, response.body);
    const after = response.json<SsoConfig>();
    assert.deepEqual(after.emailDomains, ['acme.test', 'acme-labs.test']);
    assert.equal(after.createdAt, before.createdAt);
    const sealedBefore = await storedSecret();
    assert.ok(sealedBefore && !sealedBefore.includes(clientSecret));
    // The kept secret still works: the identity provider accepted it at discovery (a wrong one fails sign-in,
    // which sso-login.test.ts covers); here it is the very same sealed value.

    const { count } = await db(server.database)
      .selectFrom('ssoConfigs')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(count), 1, 'one configuration per organization');
  });

  it('refuses a domain another organization verified (409), naming it', async () => {
    // Development aids verify reserved test domains without DNS (domain-verification.test.ts uses real lookups).
    const verified = await server.app.inject({
      method: 'POST',
      url: '/sso/configs/domains/verify',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { domain: 'acme-labs.test' },
    });
    assert.equal(verified.statusCode, 200, verified.body);
    const response = await call(
      'POST',
      otherAdminToken,
      form({ emailDomains: ['other.test', 'acme-labs.test'] }),
    );
    assert.equal(response.statusCode, 409);
    assert.deepEqual(errorBodyOf(response), {
      statusCode: 409,
      error: 'Conflict',
      message: 'The email domain acme-labs.test already uses single sign-on with another organization.',
      code: 'EMAIL_DOMAIN_TAKEN',
      params: {
        domain: 'acme-labs.test',
        reason: 'configuredElsewhere',
      },
      issues: {
        emailDomains:
          'The email domain acme-labs.test already uses single sign-on with another organization.',
      },
    });
    assert.equal((await call('GET', otherAdminToken)).json(), null, 'nothing was saved');
  });

  it('answers 400 naming the issuer when its discovery document cannot be fetched', async () => {
    const issuerUrl = `http://127.0.0.1:${await closedPort()}`;
    for (const unreachable of [issuerUrl, `${provider.issuer}/no-such-tenant`]) {
      const response = await call(
        'POST',
        otherAdminToken,
        form({ issuerUrl: unreachable, emailDomains: ['other.test'] }),
      );
      assert.equal(response.statusCode, 400);
      const message = `We could not reach the identity provider at ${unreachable}. Check the address and try again.`;
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 400,
        error: 'Bad Request',
        message,
        code: 'IDENTITY_PROVIDER_UNREACHABLE',
        params: { issuerUrl: unreachable },
        issues: { issuerUrl: message },
      });
    }
  });

  it('requires the client secret when there is no configuration to keep it from', async () => {
    const response = await call(
      'POST',
      otherAdminToken,
      form({ clientSecret: '', emailDomains: ['other.test'] }),
    );
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json().issues, { clientSecret: 'This field is required' });
  });

  describe('validation (400 with a message per field)', () => {
    for (const [field, value, message] of [
      ['issuerUrl', 'not a url', 'URL is not valid'],
      ['issuerUrl', 'ftp://idp.example.com', 'URL is not valid'],
      ['issuerUrl', 'https://idp.example.com/?tenant=1', 'URL is not valid'],
      ['issuerUrl', '', 'This field is required'],
      ['clientId', '', 'This field is required'],
      ['emailDomains', [], 'This field is required'],
      ['emailDomains', ['acme'], 'Please enter valid email domains, such as example.com'],
      ['emailDomains', ['ada@acme.test'], 'Please enter valid email domains, such as example.com'],
      ['emailDomains', ['-acme.test'], 'Please enter valid email domains, such as example.com'],
      ['emailDomains', 'acme.test', 'This field is required'],
      [
        'emailDomains',
        Array.from({ length: 21 }, (_, index) => `d${index}.test`),
        'Enter at most 20 email domains.',
      ],
    ] as const) {
      it(`answers "${message}" for ${field} ${JSON.stringify(value).slice(0, 40)}`, async () => {
        const response = await call('POST', adminToken, form({ [field]: value }));
        assert.equal(response.statusCode, 400);
        assert.equal(response.json().message, message);
        assert.deepEqual(response.json().issues, { [field]: message });
      });
    }

    it('names every missing field', async () => {
      const response = await call('POST', adminToken, {});
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json().issues, {
        issuerUrl: 'This field is required',
        clientId: 'This field is required',
        emailDomains: 'This field is required',
      });
    });
  });

  describe('an admin-only area', () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      it(`refuses ${method} to a teammate (403) and to no one signed in (401)`, async () => {
        const response = await call(method, teammateToken, method === 'POST' ? form() : undefined);
        assert.equal(response.statusCode, 403);
        assert.deepEqual(errorBodyOf(response), {
          statusCode: 403,
          error: 'Forbidden',
          message: 'Only the admins of your organization can manage single sign-on.',
          code: 'FORBIDDEN',
          params: {
            reason: 'permission',
            action: ({ GET: 'read', POST: 'update', DELETE: 'delete' } as const)[method],
            resource: 'account-sso-settings',
          },
        });
        assert.equal((await call(method, undefined, method === 'POST' ? form() : undefined)).statusCode, 401);
      });
    }

    it('left the configuration as it was', async () => {
      assert.deepEqual((await call('GET', adminToken)).json<SsoConfig>().emailDomains, [
        'acme.test',
        'acme-labs.test',
      ]);
    });
  });

  it('deletes the configuration (then none), which frees its domains for another organization', async () => {
    const response = await call('DELETE', adminToken);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(bodyOf(response), { deleted: true });
    assert.deepEqual((await call('GET', adminToken)).json(), null);
    const again = await call('DELETE', adminToken);
    assert.equal(again.statusCode, 404);
    assert.equal(again.json().message, 'Single sign-on is not set up for your organization.');

    const taken = await call('POST', otherAdminToken, form({ emailDomains: ['acme-labs.test'] }));
    assert.equal(taken.statusCode, 200, taken.body);
  });

  it('never writes the client secret to the log', () => {
    assert.ok(logLines.length > 0, 'the server logged');
    assert.ok(logLines.every((line) => !line.includes(clientSecret)));
  });

  it('without development aids (staging, production), refuses an issuer that is not https (before any request to it)', async () => {
    const sso = createSsoService({
      config: { devAids: false, webUrl },
      database: server.database,
      identity: { signInVerifiedUser: () => Promise.reject(new Error('not called')) },
      log: server.app.log,
      secretBox: createSecretBox(Buffer.alloc(32, 7)),
      verifyDomain: () => Promise.reject(new Error('not called')),
    });
    await assert.rejects(
      sso.saveConfig(
        { organizationId: '00000000-0000-4000-8000-000000000001', userId: 'nobody' },
        {
          issuerUrl: provider.issuer,
          clientId: 'dcipher',
          clientSecret,
          emailDomains: ['acme.test'],
          requireSso: false,
        },
      ),
      (error: Error & { statusCode?: number; issues?: unknown }) => {
        assert.equal(error.statusCode, 400);
        assert.deepEqual(error.issues, {
          issuerUrl: "The identity provider's address must start with https://",
        });
        return true;
      },
    );
  });
  it('seals at start the secrets stored as given before encryption (migration 0024)', async () => {
    const organizationId = '00000000-0000-4000-8000-000000000001';
    await db(server.database)
      .insertInto('ssoConfigs')
      .values({
        organizationId,
        issuerUrl: 'https://login.legacy.example',
        clientId: 'legacy',
        clientSecret: 'legacy-plain-secret',
        emailDomains: ['legacy.example'],
      })
      .onConflict((conflict) =>
        conflict
          .column('organizationId')
          .doUpdateSet(({ ref }) => ({ clientSecret: ref('excluded.clientSecret') })),
      )
      .execute();
    const secretBox = createSecretBox(Buffer.alloc(32, 3));
    const sso = createSsoService({
      config: { devAids: true, webUrl },
      database: server.database,
      identity: { signInVerifiedUser: () => Promise.reject(new Error('not called')) },
      log: server.app.log,
      secretBox,
      verifyDomain: () => Promise.reject(new Error('not called')),
    });
    await sso.sealStoredSecrets();
    const sealed = await storedSecret();
    assert.ok(sealed && !sealed.includes('legacy-plain-secret'));
    assert.equal(secretBox.open(sealed), 'legacy-plain-secret');
    await sso.sealStoredSecrets();
    assert.equal(await storedSecret(), sealed, 'sealing twice changes nothing');
  });
});
