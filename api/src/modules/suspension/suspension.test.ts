// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { demoPassword } from '../../db/seed-demo-data.js';
import { createUser } from '../../test-support/create-user.js';
import { bodyOf } from '../../test-support/error-body.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';

const staff = { email: 'staff@demo.dcipher.local', password: demoPassword };
const password = 'Suspend-Me-2026!';

describe('suspension', () => {
  let server: TestServer;
  let staffToken: string;
  before(async () => {
    server = await startTestServer();
    staffToken = (await logIn(server.app, staff)).accessToken;
  });
  after(() => server.close());

  const put = (action: 'suspend' | 'desuspend', email: string, accessToken?: string) =>
    server.app.inject({
      method: 'PUT',
      url: `/${action}/${encodeURIComponent(email)}`,
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    });

  it('ends every session of a suspended user and refuses their sign-in with the support message', async () => {
    await createUser(server.database, 'suspect@example.com', password);
    const session = await logIn(server.app, { email: 'suspect@example.com', password });

    const response = await put('suspend', 'Suspect@Example.com', staffToken);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(bodyOf(response), { email: 'suspect@example.com', suspended: true });

    // The access token stops working at once, and the refresh token cannot renew the session.
    const account = await server.app.inject({
      method: 'GET',
      url: '/account',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    assert.equal(account.statusCode, 401);
    const refreshed = await server.app.inject({
      method: 'POST',
      url: '/token',
      payload: { refreshToken: session.refreshToken },
    });
    assert.equal(refreshed.statusCode, 401);

    const login = await server.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: 'suspect@example.com', password },
    });
    assert.equal(login.statusCode, 403);
    assert.equal(login.json().code, 'ACCOUNT_SUSPENDED');
    assert.equal(
      login.json().message,
      'Your account has been suspended due to unusual activity. Please contact support.',
    );

    // A wrong password still gets the answer everyone gets: suspension is only told to the account's owner.
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: 'suspect@example.com', password: 'Not-The-Password-1!' },
    });
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.json().message, 'Invalid email or password');
  });

  it('lets a desuspended user sign in again, and both calls can be repeated', async () => {
    await createUser(server.database, 'returning@example.com', password);
    assert.equal((await put('suspend', 'returning@example.com', staffToken)).statusCode, 200);
    assert.equal((await put('suspend', 'returning@example.com', staffToken)).statusCode, 200);

    const response = await put('desuspend', 'returning@example.com', staffToken);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(bodyOf(response), { email: 'returning@example.com', suspended: false });
    assert.equal((await put('desuspend', 'returning@example.com', staffToken)).statusCode, 200);
    await logIn(server.app, { email: 'returning@example.com', password });
  });

  it('is for internal admins only: customers, even organization admins, get 403', async () => {
    const admin = await logIn(server.app);
    for (const action of ['suspend', 'desuspend'] as const) {
      const response = await put(action, 'teammate@demo.dcipher.local', admin.accessToken);
      assert.equal(response.statusCode, 403);
      assert.deepEqual(
        { code: response.json().code, message: response.json().message },
        { code: 'FORBIDDEN', message: 'This action is reserved for Dcipher staff.' },
      );
    }
    await logIn(server.app, { email: 'teammate@demo.dcipher.local' });
  });

  it('needs a bearer token', async () => {
    assert.equal((await put('suspend', 'teammate@demo.dcipher.local')).statusCode, 401);
    assert.equal((await put('desuspend', 'teammate@demo.dcipher.local')).statusCode, 401);
  });

  it('answers 404 for an address without an account and 400 for one that is not an address', async () => {
    const unknown = await put('suspend', 'nobody@example.com', staffToken);
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().message, 'No user has this email address.');
    assert.equal((await put('desuspend', 'nobody@example.com', staffToken)).statusCode, 404);

    const malformed = await put('suspend', 'not-an-address', staffToken);
    assert.equal(malformed.statusCode, 400);
    assert.equal(malformed.json().message, 'Please enter a valid email address');
  });

  it('does not let an internal admin suspend themselves', async () => {
    const response = await put('suspend', staff.email, staffToken);
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().message, 'You cannot suspend your own account.');
  });
});
