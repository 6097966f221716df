// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { db } from '../../db/kysely.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { findLinksInEmail, readOutbox } from '../../test-support/read-outbox.js';
import { demoAdmin, startTestServer, type TestServer } from '../../test-support/test-server.js';

const webUrl = 'https://www.dcipher.test';

describe('POST /register/quick', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ webUrl });
  });
  after(() => server.close());

  let addressCount = 0;
  /** Each call from its own IP address unless told, so only the per-IP test meets that limit. */
  const quickRegister = (payload: object, remoteAddress?: string) => {
    addressCount += 1;
    return server.app.inject({
      method: 'POST',
      url: '/register/quick',
      payload,
      remoteAddress: remoteAddress ?? `192.0.2.${addressCount}`,
    });
  };

  const countUsers = async () =>
    Number(
      (
        await db(server.database)
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('emails a new address a link to the sign-up form with the address in it, creating nothing', async () => {
    const users = await countUsers();
    const response = await quickRegister({ email: ' Grace.Hopper+Trial@Example.com ' });
    assert.equal(response.statusCode, 202, response.body);
    assert.deepEqual(bodyOf(response), { email: 'grace.hopper+trial@example.com', sent: true });
    assert.equal(await countUsers(), users);

    const [message, ...more] = await readOutbox(server.database, 'grace.hopper+trial@example.com');
    assert.ok(message);
    assert.equal(more.length, 0);
    assert.equal(message.subject, 'Finish creating your Dcipher account');
    const links = findLinksInEmail(message).filter((url) => url.startsWith(`${webUrl}/signup?`));
    assert.deepEqual(links, [`${webUrl}/signup?email=grace.hopper%2Btrial%40example.com`]);
    assert.equal(new URL(links[0]!).searchParams.get('email'), 'grace.hopper+trial@example.com');
    assert.match(message.text, /14-day free trial/);
  });

  it('gives an address that has an account the same answer and emails it the existing-account notice', async () => {
    const response = await quickRegister({ email: demoAdmin.email.toUpperCase() });
    assert.equal(response.statusCode, 202);
    assert.deepEqual(bodyOf(response), { email: demoAdmin.email, sent: true });

    const [message, ...more] = await readOutbox(server.database, demoAdmin.email);
    assert.ok(message);
    assert.equal(more.length, 0);
    assert.equal(message.subject, 'Someone tried to sign up with your email address');
    assert.ok(findLinksInEmail(message).includes(`${webUrl}/login`));
    assert.ok(!findLinksInEmail(message).some((url) => url.includes('/signup')));
  });

  it('sends an address at most 3 sign-up emails an hour, silently, counting the other sign-up emails', async () => {
    const email = 'busy@example.com';
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await quickRegister({ email });
      assert.equal(response.statusCode, 202);
      assert.deepEqual(bodyOf(response), { email, sent: true });
    }
    assert.equal((await readOutbox(server.database, email)).length, 3);

    // Asking for verification links of an unknown address counts towards the same limit.
    const other = 'shared-limit@example.com';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/send-confirmation',
        payload: { email: other },
        remoteAddress: '192.0.2.250',
      });
      assert.equal(response.statusCode, 202);
    }
    const response = await quickRegister({ email: other });
    assert.equal(response.statusCode, 202);
    assert.deepEqual(bodyOf(response), { email: other, sent: true });
    assert.deepEqual(await readOutbox(server.database, other), []);
  });

  it('allows 10 requests per IP address an hour, then answers 429 and sends nothing', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await quickRegister({ email: `visitor-${attempt}@example.com` }, '203.0.113.9');
      assert.equal(response.statusCode, 202);
    }
    const limited = await quickRegister({ email: 'visitor-10@example.com' }, '203.0.113.9');
    assert.equal(limited.statusCode, 429);
    assert.deepEqual(errorBodyOf(limited), {
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests. Please wait a few minutes and try again.',
      code: 'TOO_MANY_REQUESTS',
    });
    assert.ok(Number(limited.headers['retry-after']) > 0);
    assert.deepEqual(await readOutbox(server.database, 'visitor-10@example.com'), []);
    assert.equal((await quickRegister({ email: 'visitor-10@example.com' }, '203.0.113.10')).statusCode, 202);
  });

  it('answers a missing or invalid address with 400 and the field message', async () => {
    const cases: [object, string][] = [
      [{}, 'This field is required'],
      [{ email: '   ' }, 'This field is required'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [
        { email: `${'a'.repeat(250)}@example.com` },
        'Your input exceeds the maximum allowed length of 254 characters',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await quickRegister(payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 400,
        error: 'Bad Request',
        message,
        code: 'VALIDATION_FAILED',
        issues: { email: message },
      });
    }
    assert.deepEqual(await readOutbox(server.database, 'not-an-email'), []);
  });
});
