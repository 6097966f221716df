// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { defineEndpoint, type IssuedTokenPair, type ValidationReason } from '@dcipher/shared/contract';
import { decodeJwt } from 'jose';
import * as v from 'valibot';
import { demoPassword } from '../../db/seed-demo-data.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import { createUser } from '../../test-support/create-user.js';
import { bodyOf } from '../../test-support/error-body.js';
import { findLinksInEmail, waitForEmailsTo } from '../../test-support/read-outbox.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';

const webUrl = 'https://www.dcipher.test';
const oldPassword = 'Old-Harbour-Lights-2025';
const newPassword = 'New-Harbour-Lights-2026';

/** A bearer endpoint with no `allowedWithExpiredPassword`, standing for every such endpoint of the product. */
const ordinaryBearerEndpoint = defineEndpoint({
  operation: 'testOnlyOrdinary',
  errors: [],
  summary: 'Test only',
  method: 'GET',
  path: '/test-only/ordinary',
  auth: 'bearer',
  permission: 'signed-in',
  response: v.object({ ok: v.literal(true) }),
});

describe('changing a password', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ webUrl });
    registerEndpoint(server.app, ordinaryBearerEndpoint, async () => ({ ok: true }) as const);
  });
  after(() => server.close());

  let addressCount = 0;
  /** A new active user with `oldPassword`, signed in; their address and tokens. */
  const someoneSignedIn = async (): Promise<{ email: string; tokens: IssuedTokenPair }> => {
    addressCount += 1;
    const email = `changing-${addressCount}@example.com`;
    await createUser(server.database, email, oldPassword);
    return { email, tokens: await logIn(server.app, { email, password: oldPassword }) };
  };

  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
  const changePassword = (accessToken: string | undefined, payload: object) =>
    server.app.inject({
      method: 'PUT',
      url: '/change-password',
      payload,
      headers: accessToken ? bearer(accessToken) : {},
    });
  const changeBody = (overrides: object = {}) => ({
    currentPassword: oldPassword,
    newPassword,
    confirmPassword: newPassword,
    ...overrides,
  });
  const refresh = (refreshToken: string) =>
    server.app.inject({ method: 'POST', url: '/token', payload: { refreshToken } });
  const get = (url: string, accessToken: string) =>
    server.app.inject({ method: 'GET', url, headers: bearer(accessToken) });
  const tryLogIn = (email: string, password: string) =>
    server.app.inject({ method: 'POST', url: '/login', payload: { email, password } });

  /** `params` name the API's own rule (its reason); a refusal by the schemas has none. */
  const validationFailure = (issues: Record<string, string>, params?: { reason: ValidationReason }) => ({
    statusCode: 400,
    error: 'Bad Request',
    message: Object.values(issues)[0],
    code: 'VALIDATION_FAILED',
    ...(params && { params }),
    issues,
  });

  describe('PUT /change-password', () => {
    it('sets the new password, ends every earlier session and answers a working token pair', async () => {
      const { email, tokens } = await someoneSignedIn();
      const otherDevice = await logIn(server.app, { email, password: oldPassword });

      const response = await changePassword(tokens.accessToken, changeBody());
      assert.equal(response.statusCode, 200, response.body);
      const pair = response.json<IssuedTokenPair>();
      assert.equal(pair.requiresPasswordChange, false);
      assert.equal(pair.refreshExpiresIn, 43_200);

      assert.equal((await get('/account', pair.accessToken)).statusCode, 200);
      for (const session of [tokens, otherDevice]) {
        const refused = await refresh(session.refreshToken);
        assert.equal(refused.statusCode, 401, 'refresh tokens issued before the change are refused');
        assert.equal(refused.json().code, 'INVALID_REFRESH_TOKEN');
      }
      assert.equal((await refresh(pair.refreshToken)).statusCode, 200, 'the new refresh token works');

      assert.equal((await tryLogIn(email, oldPassword)).statusCode, 401);
      assert.equal((await tryLogIn(email, newPassword)).statusCode, 200);

      const [notice] = await waitForEmailsTo(server.database, email, 1);
      assert.equal(notice?.subject, 'Your Dcipher password was changed');
      assert.deepEqual(findLinksInEmail(notice!), [`${webUrl}/forgot-password`]);
    });

    it('answers a wrong current password on its field and changes nothing', async () => {
      const { email, tokens } = await someoneSignedIn();
      const response = await changePassword(
        tokens.accessToken,
        changeBody({ currentPassword: 'Wrong-One-123!' }),
      );
      assert.equal(response.statusCode, 400);
      assert.deepEqual(
        bodyOf(response),
        validationFailure(
          { currentPassword: 'The current password is not correct.' },
          { reason: 'currentPasswordIncorrect' },
        ),
      );
      assert.equal((await tryLogIn(email, oldPassword)).statusCode, 200);
      assert.equal((await refresh(tokens.refreshToken)).statusCode, 200, 'the session goes on');
    });

    it('refuses the current password as the new one', async () => {
      const { tokens } = await someoneSignedIn();
      const response = await changePassword(
        tokens.accessToken,
        changeBody({ newPassword: oldPassword, confirmPassword: oldPassword }),
      );
      assert.equal(response.statusCode, 400);
      assert.deepEqual(
        bodyOf(response),
        validationFailure({ newPassword: 'New password must be different than the current password' }),
      );
    });

    it('says the passwords do not match under the confirmation', async () => {
      const { tokens } = await someoneSignedIn();
      const response = await changePassword(
        tokens.accessToken,
        changeBody({ confirmPassword: 'Something-Else-1' }),
      );
      assert.equal(response.statusCode, 400);
      assert.deepEqual(bodyOf(response), validationFailure({ confirmPassword: 'Passwords do not match' }));
    });

    it('applies the password policy and requires every field', async () => {
      const { tokens } = await someoneSignedIn();
      const response = await changePassword(tokens.accessToken, { newPassword: 'short' });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json().issues, {
        currentPassword: 'This field is required',
        newPassword: 'Password must contain at least 12 characters',
        confirmPassword: 'This field is required',
      });
    });

    it('needs the bearer token', async () => {
      const response = await changePassword(undefined, changeBody());
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().code, 'UNAUTHORIZED');
    });

    it('counts wrong current passwords as failed sign-ins', async () => {
      const { tokens } = await someoneSignedIn();
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const response = await changePassword(
          tokens.accessToken,
          changeBody({ currentPassword: 'Guess-123456!' }),
        );
        assert.equal(response.statusCode, 400, `attempt ${attempt}`);
      }
      const delayed = await changePassword(tokens.accessToken, changeBody());
      assert.equal(delayed.statusCode, 429);
      assert.equal(delayed.json().message, 'Too many attempts. Please wait 30 seconds and try again.');
    });
  });

  describe('an expired password', () => {
    const expiredEmail = 'expired@demo.dcipher.local';
    const passwordChangeRequired = {
      statusCode: 403,
      error: 'Forbidden',
      message: 'Your password has expired. Set a new one.',
      code: 'PASSWORD_CHANGE_REQUIRED',
    };

    it('signs in, reaches only the account, logout and change-password, then works normally once changed', async () => {
      const tokens = await logIn(server.app, { email: expiredEmail });
      assert.equal(tokens.requiresPasswordChange, true);
      assert.equal(decodeJwt(tokens.accessToken).requiresPasswordChange, true);

      const refused = await get('/test-only/ordinary', tokens.accessToken);
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(bodyOf(refused), passwordChangeRequired);
      assert.equal((await get('/account', tokens.accessToken)).statusCode, 200);

      const otherSession = await logIn(server.app, { email: expiredEmail });
      const logout = await server.app.inject({
        method: 'POST',
        url: '/logout',
        payload: { isForced: false },
        headers: bearer(otherSession.accessToken),
      });
      assert.equal(logout.statusCode, 200);

      const changed = await changePassword(tokens.accessToken, changeBody({ currentPassword: demoPassword }));
      assert.equal(changed.statusCode, 200, changed.body);
      const pair = changed.json<IssuedTokenPair>();
      assert.equal(pair.requiresPasswordChange, false);
      assert.equal(decodeJwt(pair.accessToken).requiresPasswordChange, false);
      assert.equal((await get('/test-only/ordinary', pair.accessToken)).statusCode, 200);

      const login = await tryLogIn(expiredEmail, newPassword);
      assert.equal(login.json().requiresPasswordChange, false);
    });
  });
});
