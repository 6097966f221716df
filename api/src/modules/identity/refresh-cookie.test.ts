// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { demoPassword } from '../../db/seed-demo-data.js';
import { demoAdmin, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { refreshCookieName } from './refresh-cookie.js';

const siteOrigin = 'http://localhost:8000';

/** The refresh cookie a response sets, with its attributes. */
function refreshCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const values = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return values.find((value) => value.startsWith(`${refreshCookieName}=`));
}
const cookieValue = (cookie: string | undefined) =>
  cookie?.split(';')[0]?.slice(refreshCookieName.length + 1);

describe('the browser session cookie (docs/decisions/0032)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ corsOrigins: [siteOrigin, 'http://localhost:3001'] });
  });
  after(() => server.close());

  const browserLogin = () =>
    server.app.inject({
      method: 'POST',
      url: '/login',
      headers: { origin: siteOrigin },
      payload: { email: demoAdmin.email, password: demoPassword },
    });

  it('sets the refresh token of a product page as an HttpOnly, Secure, SameSite=Strict cookie for /token only', async () => {
    const response = await browserLogin();
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.refreshToken, undefined, 'no script can read it from the answer');
    assert.match(body.accessToken, /^ey/);
    const cookie = refreshCookieOf(response.headers['set-cookie']);
    assert.ok(cookie, 'a refresh cookie is set');
    assert.match(cookieValue(cookie) ?? '', /^[\w-]{43}$/);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/token', 'Max-Age=43200']) {
      assert.ok(cookie.split('; ').includes(attribute), `${attribute} in ${cookie}`);
    }
    assert.equal(response.headers['access-control-allow-credentials'], 'true');
  });

  it('answers a browser sign-in with one Set-Cookie per cookie: the device cookie once, the session once', async () => {
    const response = await browserLogin();
    assert.equal(response.statusCode, 200);
    const setCookie = response.headers['set-cookie'];
    const names = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).map(
      (value) => value.split('=')[0],
    );
    assert.deepEqual(names.sort(), ['dcipher_device', refreshCookieName]);
    const script = await server.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: demoAdmin.email, password: demoPassword },
    });
    const scriptCookies = script.headers['set-cookie'];
    assert.deepEqual(
      (Array.isArray(scriptCookies) ? scriptCookies : [scriptCookies ?? '']).map(
        (value) => value.split('=')[0],
      ),
      ['dcipher_device'],
    );
  });

  it('keeps the spec body field for callers that are not browsers (no Origin)', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: demoAdmin.email, password: demoPassword },
    });
    assert.match(response.json().refreshToken, /^[\w-]{43}$/);
    assert.equal(refreshCookieOf(response.headers['set-cookie']), undefined);
  });

  it('exchanges the cookie at POST /token, rotating it, and only for the product origins', async () => {
    const first = cookieValue(refreshCookieOf((await browserLogin()).headers['set-cookie']));
    const cookie = `${refreshCookieName}=${first}`;

    for (const headers of [{ cookie }, { cookie, origin: 'http://evil.example' }]) {
      const refused = await server.app.inject({ method: 'POST', url: '/token', headers, payload: {} });
      // The cookie is not read for a caller that is not a product page: the body field is then missing.
      assert.equal(refused.statusCode, 400, `refused for ${JSON.stringify(headers)}`);
      assert.equal(refused.json().accessToken, undefined);
    }

    const rotated = await server.app.inject({
      method: 'POST',
      url: '/token',
      headers: { cookie, origin: siteOrigin },
      payload: {},
    });
    assert.equal(rotated.statusCode, 200);
    assert.equal(rotated.json().refreshToken, undefined);
    const next = cookieValue(refreshCookieOf(rotated.headers['set-cookie']));
    assert.ok(next && next !== first, 'a new refresh token replaces the used one');

    const again = await server.app.inject({
      method: 'POST',
      url: '/token',
      headers: { cookie: `${refreshCookieName}=${next}`, origin: siteOrigin },
      payload: {},
    });
    assert.equal(again.statusCode, 200);
  });

  it('answers 401 and clears the cookie when there is no usable session', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/token',
      headers: {
        origin: siteOrigin,
        cookie: `${refreshCookieName}=not-a-session-token-aaaaaaaaaaaaaaaaaaaaaa`,
      },
      payload: {},
    });
    assert.equal(response.statusCode, 401);
    assert.match(refreshCookieOf(response.headers['set-cookie']) ?? '', /Max-Age=0/);
  });

  it('signing out clears the cookie and ends the session it names', async () => {
    const login = await browserLogin();
    const cookie = `${refreshCookieName}=${cookieValue(refreshCookieOf(login.headers['set-cookie']))}`;
    const logout = await server.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { origin: siteOrigin, authorization: `Bearer ${login.json().accessToken}` },
      payload: { isForced: false },
    });
    assert.equal(logout.statusCode, 200);
    assert.match(refreshCookieOf(logout.headers['set-cookie']) ?? '', /Max-Age=0/);
    const after = await server.app.inject({
      method: 'POST',
      url: '/token',
      headers: { cookie, origin: siteOrigin },
      payload: {},
    });
    assert.equal(after.statusCode, 401);
  });
});
