// engines: any
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startDevOidcProvider } from '@dcipher/dev-oidc';
import type { SsoConfig, SsoConnectionTestResult } from '@dcipher/shared/contract';
import { ssoMessages } from '@dcipher/shared/validation';
import { db } from '../../db/kysely.js';
import { demoOrganization, demoPassword, demoUsers } from '../../db/seed-demo-data.js';
import { signInAtDevProvider } from '../../test-support/dev-identity-provider.js';
import { errorBodyOf } from '../../test-support/error-body.js';
import { startLoopbackDnsServer } from '../../test-support/loopback-dns-server.js';
import { findLinksInEmail, latestEmailTo } from '../../test-support/read-outbox.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { listActivity } from '../activity-log/activity-log.js';
import { ensureOrganization } from '../people/organization-repository.js';
import { findUserByEmail, insertUser } from '../people/user-repository.js';
import { testIdentityProviderConnection } from './connection-test.js';

const webUrl = 'https://www.dcipher.test';
const clientSecret = 'domain-test-secret-51c2';
/** Not a reserved test name, so verifying it takes a real DNS lookup (at the loopback server). */
const ownedDomain = 'acme-industries.com';

/** A server answering each path with a fixed status, type and body; `{origin}` in a body becomes its own origin. */
async function fixedServer(routes: Record<string, [number, string, string]>) {
  const server: Server = createServer((request, response) => {
    const [status, type, body] = routes[request.url ?? ''] ?? [404, 'text/plain', 'not found'];
    response.writeHead(status, { 'content-type': type });
    response.end(body.replaceAll('{origin}', origin));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { origin, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('SSO domains: verified by DNS TXT record before they route sign-ins (0036)', () => {
  let server: TestServer;
  let dns: Awaited<ReturnType<typeof startLoopbackDnsServer>>;
  let provider: Awaited<ReturnType<typeof startDevOidcProvider>>;
  let attackerProvider: Awaited<ReturnType<typeof startDevOidcProvider>>;
  let ownerToken: string;
  let attackerToken: string;
  let teammateToken: string;
  let attackerOrganizationId: string;

  before(async () => {
    dns = await startLoopbackDnsServer();
    const clients = [
      { client_id: 'dcipher', client_secret: clientSecret, redirect_uris: [`${webUrl}/login/sso`] },
    ];
    provider = await startDevOidcProvider({ clients });
    attackerProvider = await startDevOidcProvider({ clients });
    server = await startTestServer({ webUrl, sso: { dnsResolvers: [dns.address] } });
    ownerToken = (await logIn(server.app)).accessToken;
    const teammate = demoUsers.find((user) => user.role === 'teammate')!;
    teammateToken = (await logIn(server.app, { email: teammate.email })).accessToken;
    // A self-registered trial organization that tries to claim the real owner's domain.
    attackerOrganizationId = await organizationWithAdmin(
      'Mallory Trial',
      'mallory@mallory.test',
      'Mallory',
      'Trial',
    );
    attackerToken = (await logIn(server.app, { email: 'mallory@mallory.test', password: demoPassword }))
      .accessToken;
  });
  after(async () => {
    await server.close();
    await Promise.all([dns.stop(), provider.stop(), attackerProvider.stop()]);
  });

  /** Another organization and its active, verified admin, who signs in with the demo password; answers its id. */
  const organizationWithAdmin = async (name: string, email: string, firstName: string, lastName: string) => {
    const organizationId = randomUUID();
    await ensureOrganization(server.database, { id: organizationId, name, customerType: 'Business' });
    await insertUser(server.database, {
      email,
      firstName,
      lastName,
      passwordHash: (await findUserByEmail(server.database, demoUsers[0]!.email))?.passwordHash ?? null,
      status: 'Active',
      organizationId,
      role: 'admin',
      emailVerified: true,
    });
    return organizationId;
  };

  const send = (
    method: 'GET' | 'POST' | 'DELETE',
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
  const save = (token: string, issuer: string, emailDomains: string[], extra: object = {}) =>
    send('POST', '/sso/configs', token, {
      issuerUrl: issuer,
      clientId: 'dcipher',
      clientSecret,
      emailDomains,
      ...extra,
    });
  const verify = (token: string, domain: string) =>
    send('POST', '/sso/configs/domains/verify', token, { domain });
  const recordOf = (config: SsoConfig, domain: string) =>
    config.domains.find((entry) => entry.domain === domain);
  const startSso = (email: string) =>
    server.app.inject({ method: 'POST', url: '/sso/login', payload: { email } });

  it('refuses public mail domains outright (400), naming the domain', async () => {
    for (const domain of [
      'gmail.com',
      'outlook.com',
      'yahoo.com',
      'hotmail.com',
      'icloud.com',
      'proton.me',
    ]) {
      const response = await save(attackerToken, attackerProvider.issuer, ['mallory.test', domain]);
      assert.equal(response.statusCode, 400, domain);
      assert.equal(
        response.json().issues.emailDomains,
        `${domain} is a public email provider: single sign-on needs a domain your organization owns.`,
      );
    }
    // Nothing was saved: none is set up ("none yet" is an empty answer, not a 404: decision 0115).
    const configs = await send('GET', '/sso/configs', attackerToken);
    assert.equal(configs.statusCode, 200);
    assert.equal(configs.json(), null, 'nothing was saved');
  });

  it("an attacker's unverified claim routes nothing and does not block the real owner", async () => {
    const claimed = await save(attackerToken, attackerProvider.issuer, [ownedDomain]);
    assert.equal(claimed.statusCode, 200, claimed.body);
    assert.equal(recordOf(claimed.json(), ownedDomain)?.verified, false);
    const start = await startSso(`ceo@${ownedDomain}`);
    assert.equal(start.statusCode, 404, 'unverified: sign-ins of the domain are not sent to any provider');
    assert.equal(start.json().code, 'SSO_NOT_SET_UP');

    const owner = await save(ownerToken, provider.issuer, [ownedDomain, 'demo.dcipher.local']);
    assert.equal(owner.statusCode, 200, owner.body);
    assert.notEqual(
      recordOf(owner.json(), ownedDomain)?.recordValue,
      recordOf(claimed.json(), ownedDomain)?.recordValue,
      'each organization proves control with its own token',
    );
  });

  it("the attacker's own identity provider cannot sign in an address of a domain it only claimed", async () => {
    const claimed = await save(attackerToken, attackerProvider.issuer, ['mallory.test', ownedDomain]);
    assert.equal(claimed.statusCode, 200, claimed.body);
    // Its own (reserved, development-aid) domain verifies, so its sign-in starts.
    assert.equal((await verify(attackerToken, 'mallory.test')).statusCode, 200);
    const start = await startSso('mallory@mallory.test');
    assert.equal(start.statusCode, 200, start.body);
    const back = await signInAtDevProvider(start.json().authorizationUrl, `victim@${ownedDomain}`);
    const callback = await server.app.inject({
      method: 'POST',
      url: '/sso/login/callback',
      payload: Object.fromEntries(back.searchParams),
    });
    assert.equal(callback.statusCode, 403, callback.body);
    assert.equal(
      callback.json().message,
      'Your identity provider signed you in with an email address your organization has not set up for single sign-on.',
    );
    const created = await db(server.database)
      .selectFrom('users')
      .select('id')
      .where('email', '=', `victim@${ownedDomain}`)
      .executeTakeFirst();
    assert.equal(created, undefined, 'no account was created in the attacker organization');
  });

  it('refuses to verify until the TXT record holds the token, saying what DNS answered', async () => {
    const missing = await verify(ownerToken, ownedDomain);
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().code, 'DOMAIN_VERIFICATION_FAILED');
    assert.equal(
      missing.json().message,
      `We could not verify the domain: there is no TXT record at _dcipher-verification.${ownedDomain} yet. Add a TXT record at _dcipher-verification.${ownedDomain} with the value shown, wait a few minutes for DNS to update, then press Verify again.`,
    );
    assert.ok(
      dns.queries.includes(`_dcipher-verification.${ownedDomain}`),
      'the configured resolver was asked',
    );

    dns.records.set(`_dcipher-verification.${ownedDomain}`, ['v=spf1 -all', 'dcipher-verification=wrong']);
    const wrong = await verify(ownerToken, ownedDomain);
    assert.equal(wrong.statusCode, 400);
    assert.match(wrong.json().message, /does not hold this organization's token/);
    assert.equal(
      recordOf((await send('GET', '/sso/configs', ownerToken)).json(), ownedDomain)?.verified,
      false,
    );
  });

  it('verifies the domain once the record is there; SSO sign-in then goes to its provider', async () => {
    const config = (await send('GET', '/sso/configs', ownerToken)).json<SsoConfig>();
    const record = recordOf(config, ownedDomain)!;
    assert.equal(record.recordName, `_dcipher-verification.${ownedDomain}`);
    // The attacker's token is published too (they cannot, but even so it must not help them).
    const attackerRecord = recordOf((await send('GET', '/sso/configs', attackerToken)).json(), ownedDomain)!;
    dns.records.set(record.recordName, [record.recordValue, attackerRecord.recordValue]);

    const verified = await verify(ownerToken, ownedDomain);
    assert.equal(verified.statusCode, 200, verified.body);
    assert.equal(recordOf(verified.json(), ownedDomain)?.verified, true);
    assert.ok(recordOf(verified.json(), ownedDomain)?.verifiedAt);

    const start = await startSso(`ceo@${ownedDomain}`);
    assert.equal(start.statusCode, 200, start.body);
    assert.ok(start.json().authorizationUrl.startsWith(provider.issuer), "the owner's identity provider");
  });

  it("refuses another organization's verify or new claim of a verified domain (409)", async () => {
    const stolen = await verify(attackerToken, ownedDomain);
    assert.equal(stolen.statusCode, 409);
    assert.equal(
      stolen.json().message,
      `The email domain ${ownedDomain} is verified by another organization and already uses single sign-on there.`,
    );
    await organizationWithAdmin('Late Org', 'late@late.test', 'Late', 'Admin');
    const lateToken = (await logIn(server.app, { email: 'late@late.test', password: demoPassword }))
      .accessToken;
    const claim = await save(lateToken, attackerProvider.issuer, [ownedDomain]);
    assert.equal(claim.statusCode, 409);
    assert.equal(claim.json().code, 'EMAIL_DOMAIN_TAKEN');
  });

  it('answers 404 for a domain that is not one of the configuration, and 403 to a teammate', async () => {
    const unknown = await verify(ownerToken, 'elsewhere.example.org');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().message, 'This domain is not one of your single sign-on domains.');
    const teammate = await verify(teammateToken, ownedDomain);
    assert.equal(teammate.statusCode, 403);
    assert.equal(
      (await send('POST', '/sso/configs/test', teammateToken, { issuerUrl: provider.issuer })).statusCode,
      403,
    );
  });

  it('"members must sign in with SSO": password sign-in of a verified domain is refused, pointing to SSO', async () => {
    assert.equal((await verify(ownerToken, 'demo.dcipher.local')).statusCode, 200);
    const required = await save(ownerToken, provider.issuer, [ownedDomain, 'demo.dcipher.local'], {
      clientSecret: undefined,
      requireSso: true,
    });
    assert.equal(required.statusCode, 200, required.body);
    assert.equal(required.json().requireSso, true);
    const teammate = demoUsers.find((user) => user.role === 'teammate')!;
    const refused = await server.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: teammate.email, password: demoPassword },
    });
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(errorBodyOf(refused), {
      statusCode: 403,
      error: 'Forbidden',
      code: 'SSO_REQUIRED',
      message:
        'Your organization requires you to sign in with single sign-on. Choose "Log in with SSO" and enter your work email.',
    });
    const wrongPassword = await server.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: teammate.email, password: 'Not-the-password-1!' },
    });
    assert.equal(wrongPassword.statusCode, 401, 'only someone who knows the password learns SSO is required');

    // An invitation cannot hand out a password either: the invitee is told to accept it by signing in with SSO.
    const invitee = 'new.hire@demo.dcipher.local';
    assert.equal(
      (await send('POST', '/org-admin/invites', ownerToken, { email: invitee, role: 'teammate' })).statusCode,
      201,
    );
    const link = findLinksInEmail(await latestEmailTo(server.database, invitee)).find((url) =>
      url.includes('/signup?invitation='),
    );
    const invitationToken = new URL(link!).searchParams.get('invitation')!;
    const described = await send(
      'GET',
      `/invitations?token=${encodeURIComponent(invitationToken)}`,
      undefined,
    );
    assert.equal(described.json().signInWithSso, true);
    const accepted = await send('POST', '/invitations', undefined, {
      token: invitationToken,
      firstName: 'Nina',
      lastName: 'Hire',
      password: 'Harbour-Lights-2026',
      confirmPassword: 'Harbour-Lights-2026',
    });
    assert.equal(accepted.statusCode, 403);
    assert.equal(accepted.json().code, 'SSO_REQUIRED');
    const stillInvited = await db(server.database)
      .selectFrom('users')
      .select(['status', 'passwordHash'])
      .where('email', '=', invitee)
      .executeTakeFirst();
    assert.deepEqual(stillInvited, { status: 'InvitationSent', passwordHash: null });

    const relaxed = await save(ownerToken, provider.issuer, [ownedDomain, 'demo.dcipher.local'], {
      clientSecret: undefined,
      requireSso: false,
    });
    assert.equal(relaxed.statusCode, 200);
    ownerToken = (await logIn(server.app)).accessToken;
    const relaxedInvitation = await send(
      'GET',
      `/invitations?token=${encodeURIComponent(invitationToken)}`,
      undefined,
    );
    assert.equal(relaxedInvitation.json().signInWithSso, false);
  });

  it('a removed domain loses its verification; deleting frees the domain; each change is in the activity log', async () => {
    const removed = await save(ownerToken, provider.issuer, ['demo.dcipher.local'], {
      clientSecret: undefined,
    });
    assert.equal(removed.statusCode, 200);
    assert.equal((await startSso(`ceo@${ownedDomain}`)).statusCode, 404);
    assert.equal((await send('DELETE', '/sso/configs', ownerToken)).statusCode, 200);

    const { entries } = await listActivity(server.database, {
      organizationId: demoOrganization.id,
      limit: 50,
      offset: 0,
    });
    // Entries of one transaction share a time, so their order among themselves is not defined: compare sorted.
    const actions = entries.map((entry) => `${entry.action} ${entry.subject ?? ''}`.trim()).sort();
    assert.deepEqual(
      actions,
      [
        `sso.configured ${provider.issuer}`,
        'member.invited new.hire@demo.dcipher.local',
        `sso.domain-added demo.dcipher.local`,
        `sso.domain-added ${ownedDomain}`,
        `sso.domain-verified ${ownedDomain}`,
        'sso.domain-verified demo.dcipher.local',
        `sso.configured ${provider.issuer}`,
        `sso.configured ${provider.issuer}`,
        `sso.configured ${provider.issuer}`,
        `sso.domain-removed ${ownedDomain}`,
        `sso.removed ${provider.issuer}`,
      ].sort(),
    );
    assert.ok(
      entries.every((entry) => !JSON.stringify(entry).includes(clientSecret)),
      'never the secret',
    );
    const attacker = await listActivity(server.database, {
      organizationId: attackerOrganizationId,
      limit: 50,
      offset: 0,
    });
    assert.ok(attacker.entries.every((entry) => entry.actorEmail === 'mallory@mallory.test'));
  });

  describe('Test connection (POST /sso/configs/test)', () => {
    const test = async (issuerUrl: string) => {
      const response = await send('POST', '/sso/configs/test', ownerToken, { issuerUrl });
      assert.equal(response.statusCode, 200, response.body);
      return response.json<SsoConnectionTestResult>();
    };

    it('refuses private, link-local and cloud metadata addresses with a 400 on issuerUrl, fetching nothing', async () => {
      // Development aids let the loopback dev provider through (loopback only); every other range stays refused.
      for (const issuerUrl of [
        'http://169.254.169.254/latest/meta-data',
        'https://10.0.0.1',
        'https://192.168.1.1/realms/x',
        'https://[fd00:ec2::254]',
        'https://[::ffff:a9fe:a9fe]',
        'http://100.100.100.200',
      ]) {
        const response = await send('POST', '/sso/configs/test', ownerToken, { issuerUrl });
        assert.equal(response.statusCode, 400, `${issuerUrl}: ${response.body}`);
        assert.deepEqual(response.json().issues, { issuerUrl: ssoMessages.addressRefused });
        assert.equal(response.json().message, ssoMessages.addressRefused);
        const saved = await send('POST', '/sso/configs', ownerToken, {
          issuerUrl,
          clientId: 'dcipher',
          clientSecret: 'a-client-secret',
          emailDomains: ['metadata.test'],
        });
        assert.equal(saved.statusCode, 400, `${issuerUrl}: ${saved.body}`);
        assert.deepEqual(saved.json().issues, { issuerUrl: ssoMessages.addressRefused });
      }
    });

    it('answers ok with the endpoints of a valid discovery document', async () => {
      const result = await test(provider.issuer);
      assert.equal(result.ok, true);
      assert.equal(result.discoveryUrl, `${provider.issuer}/.well-known/openid-configuration`);
      assert.ok(result.authorizationEndpoint && result.tokenEndpoint && result.jwksUri);
    });

    it('says exactly what is wrong: unreachable, HTTP error, not JSON, another issuer, missing endpoints', async () => {
      const fake = await fixedServer({
        '/html/.well-known/openid-configuration': [200, 'text/html', '<html>Sign in</html>'],
        '/other/.well-known/openid-configuration': [
          200,
          'application/json',
          '{"issuer":"https://login.other.example","authorization_endpoint":"{origin}/a","token_endpoint":"{origin}/t","jwks_uri":"{origin}/k"}',
        ],
        '/partial/.well-known/openid-configuration': [
          200,
          'application/json',
          '{"issuer":"{origin}/partial","authorization_endpoint":"{origin}/a"}',
        ],
      });
      const closed = await fixedServer({});
      await closed.stop();
      try {
        const unreachable = await test(closed.origin);
        assert.equal(unreachable.problem, 'unreachable');
        assert.match(
          unreachable.message,
          /^We could not connect to 127\.0\.0\.1:\d+ \(ECONNREFUSED\)\. Check the issuer address\.$/,
        );

        const notFound = await test(`${fake.origin}/missing`);
        assert.equal(notFound.problem, 'http-error');
        assert.match(notFound.message, /answered HTTP 404/);

        const html = await test(`${fake.origin}/html`);
        assert.equal(html.problem, 'not-json');

        const other = await test(`${fake.origin}/other`);
        assert.equal(other.problem, 'issuer-mismatch');
        assert.equal(
          other.message,
          `The provider names its issuer https://login.other.example, not ${fake.origin}/other. Enter its issuer exactly as it names it.`,
        );

        const partial = await test(`${fake.origin}/partial`);
        assert.equal(partial.problem, 'missing-endpoints');
        assert.equal(partial.message, 'The discovery document has no valid token_endpoint, jwks_uri.');
      } finally {
        await fake.stop();
      }
    });

    it('without development aids, refuses plain http before any request', async () => {
      let called = false;
      const result = await testIdentityProviderConnection('http://idp.example.com', {
        allowHttp: false,
        fetchImpl: async () => {
          called = true;
          return new Response('{}');
        },
      });
      assert.equal(result.problem, 'https-required');
      assert.equal(called, false);
    });

    it('gives up on a silent provider after the short timeout, saying so', async () => {
      const result = await testIdentityProviderConnection('https://idp.example.com', {
        allowHttp: false,
        fetchImpl: (_url, init) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          }),
      });
      assert.equal(result.problem, 'timeout');
      assert.match(result.message, /did not answer within 5 seconds/);
    });
  });
});
