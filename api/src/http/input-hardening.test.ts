// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { demoAdmin, logIn, startTestServer, type TestServer } from '../test-support/test-server.js';

const contact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  jobTitle: 'Engineer',
  topic: 'Sales',
  message: 'Hello',
  receiveEmails: false,
};

/** The smaller points of issue 11: NUL characters, echoed input, and the headers of every answer. */
describe('input hardening and response headers', () => {
  let server: TestServer;
  let production: TestServer;
  before(async () => {
    server = await startTestServer();
    production = await startTestServer({ environment: 'production', devAids: false });
  });
  after(async () => {
    await server.close();
    await production.close();
  });

  const post = (url: string, payload: unknown, remoteAddress = '10.7.0.1') =>
    server.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

  it('refuses a NUL character in any text field with 400 naming the field, never 500', async () => {
    for (const field of ['firstName', 'lastName', 'company', 'jobTitle', 'message', 'phone'] as const) {
      const response = await post(
        '/contact-requests',
        { ...contact, [field]: `x\u0000y` },
        `10.7.1.${field.length}`,
      );
      assert.equal(response.statusCode, 400, `${field}: ${response.body}`);
      assert.ok(response.json().issues[field], `${field} is named`);
      assert.ok(!response.body.includes('\u0000'));
    }
    const nested = await post('/register', { email: 'a@example.com', firstName: ['\u0000'] }, '10.7.2.1');
    assert.equal(nested.statusCode, 400);
  });

  it('never repeats the input in a refusal: values, made-up keys, URLs', async () => {
    const script = '<script>alert(1)</script>';
    const answers = [
      await post('/contact-requests', { ...contact, email: `${script}@x` }, '10.7.3.1'),
      await post('/contact-requests', { ...contact, topic: script }, '10.7.3.2'),
      await post('/contact-requests', { ...contact, firstName: { [script]: script } }, '10.7.3.3'),
      await post('/contact-requests', { ...contact, [script]: '\u0000' }, '10.7.3.4'),
      await server.app.inject({ method: 'PUT', url: `/suspend/${encodeURIComponent(script.repeat(40))}` }),
      await server.app.inject({ method: 'GET', url: `/invitations?token=${encodeURIComponent(script)}` }),
      await server.app.inject({ method: 'GET', url: '/%E0%A4%A' }),
    ];
    for (const answer of answers) {
      assert.ok(answer.statusCode >= 400 && answer.statusCode < 500, answer.body);
      assert.ok(!answer.body.includes('<script>') && !answer.body.includes('alert'), answer.body);
    }
  });

  it('sends nosniff, no referrer, no framing, no caching on every answer', async () => {
    const token = (await logIn(server.app)).accessToken;
    for (const response of [
      await server.app.inject({ method: 'GET', url: '/health' }),
      await server.app.inject({
        method: 'GET',
        url: '/account',
        headers: { authorization: `Bearer ${token}` },
      }),
      await server.app.inject({ method: 'GET', url: '/no-such-route' }),
      await post('/login', { email: demoAdmin.email, password: 'wrong-password-123' }, '10.7.4.1'),
    ]) {
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.equal(response.headers['referrer-policy'], 'no-referrer');
      assert.equal(response.headers['x-frame-options'], 'DENY');
      assert.match(String(response.headers['content-security-policy']), /frame-ancestors 'none'/);
      assert.equal(response.headers['cache-control'], 'no-store');
      assert.equal(response.headers['strict-transport-security'], undefined, 'HSTS only in production');
    }
    const signedIn = await post(
      '/login',
      { email: demoAdmin.email, password: 'Dcipher-demo-2026!' },
      '10.7.4.2',
    );
    assert.equal(signedIn.headers['cache-control'], 'no-store', 'an answer carrying tokens is never cached');
    // The public keys say how long they may be cached.
    const keys = await server.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    assert.equal(keys.headers['cache-control'], 'public, max-age=300');
  });

  it('adds HSTS in production', async () => {
    const response = await production.app.inject({ method: 'GET', url: '/health' });
    assert.match(String(response.headers['strict-transport-security']), /max-age=31536000/);
  });
});
