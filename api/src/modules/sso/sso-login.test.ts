// engines: any
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startDevOidcProvider } from '@dcipher/dev-oidc';
import type {
  IssuedTokenPair,
  SignInAttempt,
  TwoFactorChallenge,
  TwoFactorSetup,
} from '@dcipher/shared/contract';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { db } from '../../db/kysely.js';
import { demoOrganization, demoPassword } from '../../db/seed-demo-data.js';
import { createUser } from '../../test-support/create-user.js';
import { signInAtDevProvider } from '../../test-support/dev-identity-provider.js';
import { errorBodyOf } from '../../test-support/error-body.js';
import { demoAdmin, logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { ensureOrganization } from '../people/organization-repository.js';
import { findUserByEmail, insertUser, suspendUserByEmail } from '../people/user-repository.js';

const webUrl = 'https://www.dcipher.test';
const redirectUri = `${webUrl}/login/sso`;
const clientSecret = 'dev-client-secret-5b1e07';

type DevProvider = Awaited<ReturnType<typeof startDevOidcProvider>>;

/** How the API stores a state: its SHA-256. */
const stateHash = (state: string) => createHash('sha256').update(state).digest('hex');

describe('/sso/login', () => {
  let server: TestServer;
  let provider: DevProvider;
  /** A second organization's provider, whose ID tokens carry no email (it comes from userinfo). */
  let userinfoProvider: DevProvider;
  const logLines: string[] = [];
  let address = 0;
  /** Each test signs in from its own address, so the per-IP limit is only met where a test means to. */
  const nextAddress = () => `203.0.113.${++address}`;

  before(async () => {
    const clients = [{ client_id: 'dcipher', client_secret: clientSecret, redirect_uris: [redirectUri] }];
    provider = await startDevOidcProvider({
      clients,
      accounts: {
        'unverified@demo.dcipher.local': { email_verified: false },
        'unclaimed@demo.dcipher.local': { email_verified: undefined },
        'nameless@demo.dcipher.local': { given_name: undefined, family_name: undefined, name: undefined },
      },
    });
    userinfoProvider = await startDevOidcProvider({ clients, emailInIdToken: false });
    server = await startTestServer({ webUrl }, { logStream: { write: (line) => logLines.push(line) } });

    const adminToken = (await logIn(server.app)).accessToken;
    const saved = await server.app.inject({
      method: 'POST',
      url: '/sso/configs',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: {
        issuerUrl: provider.issuer,
        clientId: 'dcipher',
        clientSecret,
        emailDomains: ['demo.dcipher.local'],
      },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    // Sign-in routes verified domains only; development aids verify reserved test names without DNS.
    await verify(adminToken, 'demo.dcipher.local');

    const organizationId = randomUUID();
    await ensureOrganization(server.database, {
      id: organizationId,
      name: 'Userinfo Org',
      customerType: 'Business',
    });
    await insertUser(server.database, {
      email: 'uma@userinfo.test',
      firstName: 'Uma',
      lastName: 'Admin',
      // The demo password's hash.
      passwordHash: (await findUserByEmail(server.database, demoAdmin.email))?.passwordHash ?? null,
      status: 'Active',
      organizationId,
      role: 'admin',
      emailVerified: true,
    });
    const otherAdmin = await logIn(server.app, { email: 'uma@userinfo.test', password: demoPassword });
    const otherSaved = await server.app.inject({
      method: 'POST',
      url: '/sso/configs',
      headers: { authorization: `Bearer ${otherAdmin.accessToken}` },
      payload: {
        issuerUrl: userinfoProvider.issuer,
        clientId: 'dcipher',
        clientSecret,
        emailDomains: ['userinfo.test'],
      },
    });
    assert.equal(otherSaved.statusCode, 200, otherSaved.body);
    await verify(otherAdmin.accessToken, 'userinfo.test');
  });

  async function verify(token: string, domain: string) {
    const verified = await server.app.inject({
      method: 'POST',
      url: '/sso/configs/domains/verify',
      headers: { authorization: `Bearer ${token}` },
      payload: { domain },
    });
    assert.equal(verified.statusCode, 200, verified.body);
  }
  after(async () => {
    await server.close();
    await Promise.all([provider.stop(), userinfoProvider.stop()]);
  });

  const startLogin = (email: unknown, remoteAddress = nextAddress()) =>
    server.app.inject({ method: 'POST', url: '/sso/login', payload: { email }, remoteAddress });
  const callback = (payload: object) =>
    server.app.inject({ method: 'POST', url: '/sso/login/callback', payload });
  const account = (accessToken: string) =>
    server.app.inject({
      method: 'GET',
      url: '/account',
      headers: { authorization: `Bearer ${accessToken}` },
    });

  /** POST /sso/login for `email`, then the browser's round trip through the provider, signing in as `idpEmail`. */
  async function authorize(email: string, idpEmail = email) {
    const started = await startLogin(email);
    assert.equal(started.statusCode, 200, started.body);
    const returned = await signInAtDevProvider(started.json().authorizationUrl, idpEmail);
    assert.equal(`${returned.origin}${returned.pathname}`, redirectUri);
    const parameters = Object.fromEntries(returned.searchParams);
    return parameters as { code: string; state: string; iss?: string };
  }

  const userRow = async (email: string) => {
    return db(server.database)
      .selectFrom('users')
      .select(({ eb }) => [
        'firstName',
        'lastName',
        'role',
        'status',
        eb('emailVerifiedAt', 'is not', null).as('verified'),
        'organizationId',
        eb('passwordHash', 'is not', null).as('hasPassword'),
      ])
      .where('email', '=', email)
      .executeTakeFirst();
  };

  it('answers the authorization URL of the domain’s provider: code flow, PKCE S256, state, nonce, the redirect URI', async () => {
    const response = await startLogin('Teammate@Demo.Dcipher.local');
    assert.equal(response.statusCode, 200);
    const url = new URL(response.json().authorizationUrl);
    assert.equal(url.origin, provider.issuer);
    const query = Object.fromEntries(url.searchParams);
    assert.equal(query.client_id, 'dcipher');
    assert.equal(query.response_type, 'code');
    assert.equal(query.scope, 'openid email profile');
    assert.equal(query.redirect_uri, redirectUri);
    assert.equal(query.code_challenge_method, 'S256');
    assert.match(query.code_challenge ?? '', /^[\w-]{43}$/);
    assert.ok((query.state?.length ?? 0) >= 43, 'a random state');
    assert.ok((query.nonce?.length ?? 0) >= 43, 'a random nonce');
    assert.equal(query.login_hint, 'teammate@demo.dcipher.local');
    // Only the state's hash is stored; the verifier stays with the API.
    const stored = await db(server.database)
      .selectFrom('ssoLoginAttempts')
      .select(['stateHash', 'codeVerifier'])
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    assert.notEqual(stored?.stateHash, query.state);
    assert.ok(!url.href.includes(stored?.codeVerifier ?? '-'));
  });

  it('signs an existing member in: a token pair like /login’s that opens the account', async () => {
    const returned = await authorize('teammate@demo.dcipher.local');
    assert.equal(returned.iss, provider.issuer);
    const response = await callback(returned);
    assert.equal(response.statusCode, 200, response.body);
    const tokens = response.json<IssuedTokenPair>();
    assert.deepEqual(Object.keys(tokens).sort(), [
      'accessToken',
      'refreshExpiresIn',
      'refreshToken',
      'requiresPasswordChange',
    ]);
    assert.equal(tokens.requiresPasswordChange, false);
    assert.ok(Math.abs(tokens.refreshExpiresIn - 12 * 60 * 60) <= 5, 'a normal 12-hour session');

    const me = await account(tokens.accessToken);
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().email, 'teammate@demo.dcipher.local');

    const refreshed = await server.app.inject({
      method: 'POST',
      url: '/token',
      payload: { refreshToken: tokens.refreshToken },
    });
    assert.equal(refreshed.statusCode, 200, 'the refresh token renews the session');
  });

  it('refuses a replayed callback: the state works once', async () => {
    const returned = await authorize('admin@demo.dcipher.local');
    assert.equal((await callback(returned)).statusCode, 200);
    const replayed = await callback(returned);
    assert.equal(replayed.statusCode, 400);
    assert.deepEqual(errorBodyOf(replayed), {
      statusCode: 400,
      error: 'Bad Request',
      message: 'This single sign-on attempt has expired or was already used. Please start again.',
      code: 'SSO_ATTEMPT_INVALID',
    });
  });

  it('refuses a tampered or unknown state', async () => {
    const returned = await authorize('admin@demo.dcipher.local');
    const lastCharacter = returned.state.endsWith('A') ? 'B' : 'A';
    const tampered = await callback({ ...returned, state: `${returned.state.slice(0, -1)}${lastCharacter}` });
    assert.equal(tampered.statusCode, 400);
    assert.equal(tampered.json().code, 'SSO_ATTEMPT_INVALID');
    assert.equal((await callback({ ...returned, state: 'made-up' })).statusCode, 400);
  });

  it('refuses an attempt older than 10 minutes', async () => {
    const returned = await authorize('admin@demo.dcipher.local');
    await db(server.database)
      .updateTable('ssoLoginAttempts')
      .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
      .where('usedAt', 'is', null)
      .execute();
    const response = await callback(returned);
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().code, 'SSO_ATTEMPT_INVALID');
  });

  it("refuses an ID token whose nonce is another attempt's", async () => {
    // Attempt A is completed at the provider; its code is then presented with attempt B's state. B is given A's
    // PKCE verifier, so the provider redeems the code and only the nonce tells the two apart.
    const first = await authorize('admin@demo.dcipher.local');
    const second = await startLogin('admin@demo.dcipher.local');
    const secondState = new URL(second.json().authorizationUrl).searchParams.get('state')!;
    await db(server.database)
      .updateTable('ssoLoginAttempts')
      .set(({ selectFrom }) => ({
        codeVerifier: selectFrom('ssoLoginAttempts')
          .select('codeVerifier')
          .where('stateHash', '=', stateHash(first.state)),
      }))
      .where('stateHash', '=', stateHash(secondState))
      .execute();
    const response = await callback({ ...first, state: secondState });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(errorBodyOf(response), {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Your identity provider could not sign you in. Please try again.',
      code: 'SSO_FAILED',
    });
    // The log says why: the ID token's nonce claim did not match the attempt's.
    assert.ok(
      logLines.some(
        (line) => line.includes('SSO sign-in failed') && line.includes('OAUTH_JWT_CLAIM_COMPARISON_FAILED'),
      ),
    );
  });

  it('answers 400 when the provider refuses the code (unknown code, wrong PKCE verifier)', async () => {
    const returned = await authorize('admin@demo.dcipher.local');
    const response = await callback({ ...returned, code: 'not-a-code' });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().code, 'SSO_FAILED');
    assert.equal(response.json().message, 'Your identity provider could not sign you in. Please try again.');

    // The code is bound to its attempt's verifier: redeemed with another one, the provider refuses it.
    const first = await authorize('admin@demo.dcipher.local');
    await db(server.database)
      .updateTable('ssoLoginAttempts')
      .set({ codeVerifier: 'a'.repeat(43) })
      .where('stateHash', '=', stateHash(first.state))
      .execute();
    const wrongVerifier = await callback(first);
    assert.equal(wrongVerifier.statusCode, 400);
    assert.equal(wrongVerifier.json().code, 'SSO_FAILED');
  });

  it('creates a first-time user just in time: a verified, active teammate named from the ID token', async () => {
    const email = 'new.person@demo.dcipher.local';
    assert.equal(await userRow(email), undefined);
    const response = await callback(await authorize(email));
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(await userRow(email), {
      firstName: 'New',
      lastName: 'Person',
      role: 'teammate',
      status: 'Active',
      verified: true,
      organizationId: demoOrganization.id,
      hasPassword: false,
    });
    const me = await account(response.json<IssuedTokenPair>().accessToken);
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().email, email);

    // Signing in again finds the same user.
    assert.equal((await callback(await authorize(email))).statusCode, 200);
    const { count } = await db(server.database)
      .selectFrom('users')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    assert.equal(Number(count), 1);
  });

  it('names a first-time user from the email when the provider sends no names', async () => {
    const response = await callback(await authorize('nameless@demo.dcipher.local'));
    assert.equal(response.statusCode, 200, response.body);
    const row = await userRow('nameless@demo.dcipher.local');
    assert.deepEqual([row?.firstName, row?.lastName], ['nameless', '']);
  });

  it('marks the address of an unverified member verified, and activates an invited one', async () => {
    await createUser(server.database, 'pending@demo.dcipher.local', 'Unused-Password-2026', {
      verified: false,
    });
    await insertUser(server.database, {
      email: 'invited.member@demo.dcipher.local',
      firstName: '',
      lastName: '',
      passwordHash: null,
      status: 'InvitationSent',
      organizationId: demoOrganization.id,
      role: 'guest',
    });
    assert.equal((await callback(await authorize('pending@demo.dcipher.local'))).statusCode, 200);
    assert.equal((await userRow('pending@demo.dcipher.local'))?.verified, true);

    const invited = await callback(await authorize('invited.member@demo.dcipher.local'));
    assert.equal(invited.statusCode, 200, invited.body);
    const row = await userRow('invited.member@demo.dcipher.local');
    assert.deepEqual(
      [row?.status, row?.verified, row?.role, row?.firstName, row?.lastName],
      ['Active', true, 'guest', 'Invited', 'Member'],
    );
  });

  it('refuses a suspended user with the login’s suspended answer', async () => {
    await createUser(server.database, 'suspended.member@demo.dcipher.local', 'Unused-Password-2026');
    await suspendUserByEmail(server.database, 'suspended.member@demo.dcipher.local');
    const response = await callback(await authorize('suspended.member@demo.dcipher.local'));
    assert.equal(response.statusCode, 403);
    assert.deepEqual(errorBodyOf(response), {
      statusCode: 403,
      error: 'Forbidden',
      message: 'Your account has been suspended due to unusual activity. Please contact support.',
      code: 'ACCOUNT_SUSPENDED',
    });
    const attempt = await db(server.database)
      .selectFrom('signInAttempts')
      .innerJoin('users', 'users.id', 'signInAttempts.userId')
      .select(['signInAttempts.method', 'signInAttempts.outcome'])
      .where('users.email', '=', 'suspended.member@demo.dcipher.local')
      .executeTakeFirst();
    assert.deepEqual(attempt, { method: 'sso', outcome: 'suspended' }, 'the sign-in history shows it');
  });

  it('asks a member with two-step verification for the code before answering tokens', async () => {
    const email = 'two.step@demo.dcipher.local';
    const password = 'Two-Step-Member-2026';
    await createUser(server.database, email, password);
    const { accessToken } = await logIn(server.app, { email, password });
    const bearer = { authorization: `Bearer ${accessToken}` };
    const setup = (
      await server.app.inject({ method: 'POST', url: '/account/two-factor/setup', headers: bearer })
    ).json<TwoFactorSetup>();
    const totp = new TOTP({ issuer: 'Dcipher', label: email, secret: Secret.fromBase32(setup.secret) });
    const enabled = await server.app.inject({
      method: 'POST',
      url: '/account/two-factor/enable',
      headers: bearer,
      payload: { code: totp.generate() },
    });
    assert.equal(enabled.statusCode, 200, enabled.body);

    const response = await callback(await authorize(email));
    assert.equal(response.statusCode, 200, response.body);
    const challenge = response.json<TwoFactorChallenge>();
    assert.deepEqual(Object.keys(challenge).sort(), ['challengeToken', 'expiresIn', 'twoFactorRequired']);

    const completed = await server.app.inject({
      method: 'POST',
      url: '/login/two-factor',
      payload: {
        challengeToken: challenge.challengeToken,
        code: totp.generate({ timestamp: Date.now() + 30_000 }),
      },
    });
    assert.equal(completed.statusCode, 200, completed.body);
    const tokens = completed.json<IssuedTokenPair>();
    assert.equal((await account(tokens.accessToken)).statusCode, 200);
    const history = (
      await server.app.inject({
        method: 'GET',
        url: '/account/sign-in-history',
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      })
    ).json<SignInAttempt[]>();
    assert.deepEqual(
      history.slice(0, 3).map(({ method, outcome }) => `${method} ${outcome}`),
      ['two-step-code success', 'sso two-step-required', 'password success'],
    );
  });

  it('refuses an address that belongs to a user of another organization, and does not move them', async () => {
    // staff@ shares the configured domain but is a member of the Dcipher staff organization.
    const response = await callback(await authorize('staff@demo.dcipher.local'));
    assert.equal(response.statusCode, 403);
    assert.deepEqual(errorBodyOf(response), {
      statusCode: 403,
      error: 'Forbidden',
      message:
        "Your email address belongs to another organization's account. Log in with your password instead.",
      code: 'FORBIDDEN',
      params: { reason: 'ssoOtherOrganization' },
    });
    assert.notEqual((await userRow('staff@demo.dcipher.local'))?.organizationId, demoOrganization.id);
  });

  it('refuses an email the provider marks unverified; an absent email_verified is trusted', async () => {
    const unverified = await callback(await authorize('unverified@demo.dcipher.local'));
    assert.equal(unverified.statusCode, 403);
    assert.equal(
      unverified.json().message,
      'Your identity provider has not verified your email address. Log in with your password instead.',
    );
    assert.equal(await userRow('unverified@demo.dcipher.local'), undefined, 'nobody was created');

    const unclaimed = await callback(await authorize('unclaimed@demo.dcipher.local'));
    assert.equal(unclaimed.statusCode, 200, unclaimed.body);
  });

  it('refuses an email outside the configuration’s domains, whatever address the login started with', async () => {
    const response = await callback(await authorize('admin@demo.dcipher.local', 'someone@elsewhere.test'));
    assert.equal(response.statusCode, 403);
    assert.equal(
      response.json().message,
      'Your identity provider signed you in with an email address your organization has not set up for single sign-on.',
    );
    assert.equal(await userRow('someone@elsewhere.test'), undefined);
  });

  it("routes each domain to its organization's provider, reading the email from userinfo when the ID token has none", async () => {
    const started = await startLogin('jo.ann@userinfo.test');
    assert.equal(new URL(started.json().authorizationUrl).origin, userinfoProvider.issuer);
    const returned = await signInAtDevProvider(started.json().authorizationUrl, 'jo.ann@userinfo.test');
    const response = await callback(Object.fromEntries(returned.searchParams));
    assert.equal(response.statusCode, 200, response.body);
    const row = await userRow('jo.ann@userinfo.test');
    assert.deepEqual([row?.firstName, row?.lastName, row?.role], ['Jo', 'Ann', 'teammate']);
    assert.notEqual(row?.organizationId, demoOrganization.id);
  });

  it('answers 404 with the known message when no organization set up SSO for the domain', async () => {
    const response = await startLogin('ada@nowhere.test');
    assert.equal(response.statusCode, 404);
    assert.deepEqual(errorBodyOf(response), {
      statusCode: 404,
      error: 'Not Found',
      message: 'Single sign-on is not set up for your email address. Log in with your password.',
      code: 'SSO_NOT_SET_UP',
    });
  });

  it('validates both bodies (400 with a message per field)', async () => {
    const badEmail = await startLogin('not-an-email');
    assert.equal(badEmail.statusCode, 400);
    assert.deepEqual(badEmail.json().issues, { email: 'Please enter a valid email address' });
    const empty = await callback({});
    assert.equal(empty.statusCode, 400);
    assert.deepEqual(empty.json().issues, {
      code: 'This field is required',
      state: 'This field is required',
    });
  });

  it('the dev provider sends a cancelled sign-in back with error=access_denied', async () => {
    const started = await startLogin('admin@demo.dcipher.local');
    const returned = await signInAtDevProvider(started.json().authorizationUrl, '', { cancel: true });
    assert.equal(`${returned.origin}${returned.pathname}`, redirectUri);
    assert.equal(returned.searchParams.get('error'), 'access_denied');
    assert.ok(returned.searchParams.get('state'));
  });

  it('answers 400 when the provider cannot be reached at sign-in', async () => {
    await userinfoProvider.stop();
    const response = await startLogin('jo.ann@userinfo.test');
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().code, 'SSO_FAILED');
  });

  it('limits sign-in starts per IP address (429 after 30 in 10 minutes)', async () => {
    const remoteAddress = '198.51.100.7';
    for (let attempt = 0; attempt < 30; attempt += 1) {
      assert.equal((await startLogin('ada@nowhere.test', remoteAddress)).statusCode, 404);
    }
    const limited = await startLogin('ada@nowhere.test', remoteAddress);
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().code, 'TOO_MANY_REQUESTS');
    assert.ok(Number(limited.headers['retry-after']) > 0);
  });

  it('never writes the client secret, codes or states to the log', () => {
    assert.ok(logLines.some((line) => line.includes('SSO sign-in failed')));
    assert.ok(logLines.every((line) => !line.includes(clientSecret)));
    assert.ok(logLines.every((line) => !line.includes('code=') && !line.includes('state=')));
  });
});
