// engines: any
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { IntegrationAccessToken } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { HttpOAuthProvider } from '../../adapters/integrations/http-oauth-provider.js';
import { ProviderUnavailableError } from '../../adapters/integrations/oauth-provider.js';
import { db } from '../../db/kysely.js';
import { createServer } from '../../server.js';
import { createUser } from '../../test-support/create-user.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { logIn, startTestServer, type TestServer, testConfig } from '../../test-support/test-server.js';
import { findUserByEmail } from '../people/user-repository.js';

/** What the stand-in token endpoint received. */
interface TokenRequest {
  path: string;
  contentType: string | undefined;
  form: Record<string, string>;
}

/**
 * A real HTTP server on the loopback interface standing in for Miro's and SurveyMonkey's token endpoints; the
 * authorization code decides the answer.
 */
async function startFakeProvider() {
  const requests: TokenRequest[] = [];
  let issued = 0;
  const server: Server = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({ path: request.url ?? '', contentType: request.headers['content-type'], form });
      const answer = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      issued += 1;
      switch (form.code) {
        case 'refused':
          return answer(400, { error: 'invalid_grant', error_description: 'code expired' });
        case 'server-error':
          return answer(500, { error: 'server_error' });
        case 'no-token':
          return answer(200, { token_type: 'bearer' });
        case 'not-json':
          response.writeHead(200, { 'content-type': 'text/html' });
          return response.end('<html>maintenance</html>');
      }
      if (request.url === '/miro/token') {
        return answer(200, {
          user_id: '3458764513820540928',
          team_id: form.code === 'other-team' ? 'team-2' : 'team-1',
          access_token: `miro-access-${issued}`,
          refresh_token: `miro-refresh-${issued}`,
          expires_in: 3599,
          scope: 'boards:read boards:write',
          token_type: 'bearer',
        });
      }
      return answer(200, {
        access_token: `surveymonkey-access-${issued}`,
        token_type: 'bearer',
        access_url: 'https://api.surveymonkey.com',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const miroClient = {
  clientId: 'miro-client-id',
  clientSecret: 'miro-secret-value',
  redirectUri: 'https://app.test/miro',
};
const surveyMonkeyClient = {
  clientId: 'sm-client-id',
  clientSecret: 'sm-secret-value',
  redirectUri: 'https://app.test/surveymonkey',
};

describe('Miro and SurveyMonkey token exchanges', () => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  let server: TestServer;
  /** The same database, with no integration configured. */
  let unconfigured: FastifyInstance;
  const logLines: string[] = [];
  let accessToken: string;
  let userId: string;

  before(async () => {
    provider = await startFakeProvider();
    server = await startTestServer(
      {
        integrations: {
          miro: { ...miroClient, tokenUrl: `${provider.url}/miro/token` },
          surveymonkey: { ...surveyMonkeyClient, tokenUrl: `${provider.url}/surveymonkey/token` },
        },
      },
      { logStream: { write: (line) => void logLines.push(line) } },
    );
    unconfigured = await createServer(testConfig(), { database: server.database });
    const email = 'connects-tools@example.com';
    ({ id: userId } = await createUser(server.database, email, 'Harbour-Lights-2026'));
    ({ accessToken } = await logIn(server.app, { email, password: 'Harbour-Lights-2026' }));
  });
  after(async () => {
    await unconfigured.close();
    await server.close();
    await provider.close();
  });

  /** Signed in as the test user unless `token` is given (null: no Authorization header at all). */
  const get = (url: string, token: string | null = accessToken, app = server.app) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const savedRows = () =>
    db(server.database)
      .selectFrom('integrationTokens')
      .select(['provider', 'teamId', 'accessToken', 'refreshToken'])
      .where('userId', '=', userId)
      .orderBy('provider')
      .orderBy('teamId')
      .execute();

  const assertError = (
    response: Awaited<ReturnType<typeof get>>,
    statusCode: number,
    error: string,
    message: string,
    code: string,
    params?: object,
  ) => {
    assert.equal(response.statusCode, statusCode, response.body);
    assert.deepEqual(bodyOf(response), { statusCode, error, message, code, ...(params && { params }) });
  };

  describe('GET /auth/miro/accessToken', () => {
    it('exchanges the code with the client credentials and answers the access token, not the refresh token', async () => {
      const before = Date.now();
      const response = await get('/auth/miro/accessToken?authCode=good-code');
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['cache-control'], 'no-store');
      const answer = response.json<IntegrationAccessToken>();
      const { expiresAt, ...rest } = answer;
      assert.deepEqual(Object.keys(answer).sort(), ['accessToken', 'expiresAt', 'provider', 'teamId']);
      assert.equal(rest.provider, 'miro');
      assert.equal(rest.teamId, 'team-1');
      assert.match(rest.accessToken, /^miro-access-\d+$/);
      const lifetime = Date.parse(expiresAt ?? '') - before;
      assert.ok(lifetime > 3_590_000 && lifetime < 3_605_000, `expires in ${lifetime} ms`);

      const sent = provider.requests.at(-1);
      assert.equal(sent?.path, '/miro/token');
      assert.equal(sent?.contentType, 'application/x-www-form-urlencoded');
      assert.deepEqual(sent?.form, {
        client_id: 'miro-client-id',
        client_secret: 'miro-secret-value',
        code: 'good-code',
        redirect_uri: 'https://app.test/miro',
        grant_type: 'authorization_code',
      });

      const [saved] = (await savedRows()).filter((row) => row.provider === 'miro');
      assert.equal(saved?.accessToken, rest.accessToken);
      assert.match(saved?.refreshToken ?? '', /^miro-refresh-\d+$/, 'the refresh token stays on the server');
    });

    it('answers a code Miro refuses with 400 and asks to connect again', async () => {
      assertError(
        await get('/auth/miro/accessToken?authCode=refused'),
        400,
        'Bad Request',
        'Miro did not accept the authorization code. Connect Miro again.',
        'INTEGRATION_CODE_REJECTED',
        { integration: 'Miro' },
      );
    });

    it('answers 502 when Miro fails or answers without a token', async () => {
      for (const code of ['server-error', 'no-token', 'not-json']) {
        assertError(
          await get(`/auth/miro/accessToken?authCode=${code}`),
          502,
          'Bad Gateway',
          'Miro could not be reached. Try again in a few minutes.',
          'INTEGRATION_UNAVAILABLE',
          { integration: 'Miro' },
        );
      }
    });

    it('requires the authorization code', async () => {
      for (const url of [
        '/auth/miro/accessToken',
        '/auth/miro/accessToken?authCode=',
        '/auth/miro/accessToken?authCode=%20',
      ]) {
        const response = await get(url);
        assert.equal(response.statusCode, 400, url);
        assert.deepEqual(errorBodyOf(response), {
          statusCode: 400,
          error: 'Bad Request',
          message: 'This field is required',
          code: 'VALIDATION_FAILED',
          issues: { authCode: 'This field is required' },
        });
      }
    });
  });

  describe('GET /auth/miro/latest-saved-access-token', () => {
    it("answers the caller's newest token for the team", async () => {
      const first = (await get('/auth/miro/accessToken?authCode=again')).json<IntegrationAccessToken>();
      const other = (await get('/auth/miro/accessToken?authCode=other-team')).json<IntegrationAccessToken>();
      const newest = (await get('/auth/miro/accessToken?authCode=newest')).json<IntegrationAccessToken>();
      assert.notEqual(first.accessToken, newest.accessToken);

      const response = await get(`/auth/miro/latest-saved-access-token?userId=${userId}&teamId=team-1`);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'no-store');
      assert.deepEqual(bodyOf(response), newest);

      const otherTeam = await get(`/auth/miro/latest-saved-access-token?userId=${userId}&teamId=team-2`);
      assert.deepEqual(bodyOf(otherTeam), other);
      assert.deepEqual(
        (await savedRows()).filter((row) => row.provider === 'miro').map((row) => row.teamId),
        ['team-1', 'team-2'],
        'one saved token per team',
      );
    });

    it("refuses another user's id with 403", async () => {
      const admin = await findUserByEmail(server.database, 'admin@demo.dcipher.local');
      for (const id of [admin?.id, 'not-a-uuid']) {
        assertError(
          await get(`/auth/miro/latest-saved-access-token?userId=${id}&teamId=team-1`),
          403,
          'Forbidden',
          'You can only read your own Miro access tokens.',
          'FORBIDDEN',
          { reason: 'otherUsersIntegrationTokens', integration: 'Miro' },
        );
      }
    });

    it('answers 404 when nothing is saved for the team', async () => {
      assertError(
        await get(`/auth/miro/latest-saved-access-token?userId=${userId}&teamId=no-such-team`),
        404,
        'Not Found',
        'No saved Miro access token. Connect Miro first.',
        'NOT_FOUND',
        { reason: 'integrationToken', integration: 'Miro' },
      );
    });

    it('requires userId and teamId', async () => {
      const response = await get('/auth/miro/latest-saved-access-token');
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json().issues, {
        userId: 'This field is required',
        teamId: 'This field is required',
      });
    });
  });

  describe('GET /auth/surveymonkey/accessToken', () => {
    it('exchanges the code and answers a token without expiry or team', async () => {
      const response = await get('/auth/surveymonkey/accessToken?authCode=sm-code');
      assert.equal(response.statusCode, 200, response.body);
      const answer = response.json<IntegrationAccessToken>();
      assert.match(answer.accessToken, /^surveymonkey-access-\d+$/);
      assert.deepEqual(
        { ...answer, accessToken: '' },
        {
          provider: 'surveymonkey',
          accessToken: '',
          expiresAt: null,
          teamId: null,
        },
      );
      assert.deepEqual(provider.requests.at(-1), {
        path: '/surveymonkey/token',
        contentType: 'application/x-www-form-urlencoded',
        form: {
          client_id: 'sm-client-id',
          client_secret: 'sm-secret-value',
          code: 'sm-code',
          redirect_uri: 'https://app.test/surveymonkey',
          grant_type: 'authorization_code',
        },
      });
      const [saved] = (await savedRows()).filter((row) => row.provider === 'surveymonkey');
      assert.deepEqual(saved, {
        provider: 'surveymonkey',
        teamId: '',
        accessToken: answer.accessToken,
        refreshToken: null,
      });
    });

    it('answers a refused code with 400 and a failing SurveyMonkey with 502', async () => {
      assertError(
        await get('/auth/surveymonkey/accessToken?authCode=refused'),
        400,
        'Bad Request',
        'SurveyMonkey did not accept the authorization code. Connect SurveyMonkey again.',
        'INTEGRATION_CODE_REJECTED',
        { integration: 'SurveyMonkey' },
      );
      assertError(
        await get('/auth/surveymonkey/accessToken?authCode=server-error'),
        502,
        'Bad Gateway',
        'SurveyMonkey could not be reached. Try again in a few minutes.',
        'INTEGRATION_UNAVAILABLE',
        { integration: 'SurveyMonkey' },
      );
    });
  });

  it('answers all three with 401 without a valid bearer token', async () => {
    for (const url of [
      '/auth/miro/accessToken?authCode=good-code',
      `/auth/miro/latest-saved-access-token?userId=${userId}&teamId=team-1`,
      '/auth/surveymonkey/accessToken?authCode=sm-code',
    ]) {
      for (const token of [null, 'not-a-token']) {
        assertError(await get(url, token), 401, 'Unauthorized', 'Unauthorized', 'UNAUTHORIZED');
      }
    }
  });

  it('answers 503 when the provider is not configured on the server', async () => {
    // That server has its own signing keys: sign in there.
    const { accessToken: token } = await logIn(unconfigured, {
      email: 'connects-tools@example.com',
      password: 'Harbour-Lights-2026',
    });
    assertError(
      await get('/auth/miro/accessToken?authCode=good-code', token, unconfigured),
      503,
      'Service Unavailable',
      'Miro is not configured on this server.',
      'INTEGRATION_NOT_CONFIGURED',
      { integration: 'Miro' },
    );
    assertError(
      await get('/auth/surveymonkey/accessToken?authCode=sm-code', token, unconfigured),
      503,
      'Service Unavailable',
      'SurveyMonkey is not configured on this server.',
      'INTEGRATION_NOT_CONFIGURED',
      { integration: 'SurveyMonkey' },
    );
  });

  it('allows 10 exchanges per user and provider per 10 minutes, then answers 429', async () => {
    const email = 'busy-connector@example.com';
    await createUser(server.database, email, 'Harbour-Lights-2026');
    const { accessToken: busy } = await logIn(server.app, { email, password: 'Harbour-Lights-2026' });
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      assert.equal((await get('/auth/miro/accessToken?authCode=refused', busy)).statusCode, 400);
    }
    const response = await get('/auth/miro/accessToken?authCode=good-code', busy);
    assert.equal(response.statusCode, 429);
    assert.ok(Number(response.headers['retry-after']) > 0);
    assert.equal(response.json().code, 'TOO_MANY_REQUESTS');
    assert.equal((await get('/auth/surveymonkey/accessToken?authCode=sm-code', busy)).statusCode, 200);
  });

  it('never writes tokens, codes or client secrets to the log', async () => {
    const log = logLines.join('\n');
    assert.match(log, /authorization code refused/, 'the failures were logged');
    assert.match(log, /token endpoint failed/);
    for (const secret of [
      'miro-access-',
      'miro-refresh-',
      'surveymonkey-access-',
      'miro-secret-value',
      'sm-secret-value',
      'good-code',
      'sm-code',
      accessToken,
    ]) {
      assert.equal(log.includes(secret), false, `the log contains ${secret}`);
    }
  });
});

describe('HttpOAuthProvider', () => {
  it('reports an unreachable token endpoint as unavailable', async () => {
    // A port nothing listens on: bound, then released.
    const probe = createHttpServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const provider = new HttpOAuthProvider('miro', 'Miro', {
      ...miroClient,
      tokenUrl: `http://127.0.0.1:${port}/token`,
    });
    await assert.rejects(provider.exchangeCode('any'), ProviderUnavailableError);
  });
});
