// engines: any
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it, type TestContext } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { db } from '../../db/kysely.js';
import { createUser } from '../../test-support/create-user.js';
import { individualSignUp } from '../../test-support/sign-up.js';
import { solveCaptcha } from '../../test-support/solve-captcha.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

/**
 * What an outside probe measured before email was queued (issue 11): with a mail server that takes 300 ms, the
 * endpoints that email only known addresses (or only unknown ones) answered 300 ms slower for them. Here the same
 * slow server is on loopback, and for each endpoint known and unknown addresses alternate over several runs.
 *
 * The bound, 100 ms between the medians: any request that waited for one delivery would be at least 300 ms slower,
 * so 100 ms cannot hide that, while leaving room for what the runs vary by on a busy machine (register hashes a
 * password with argon2 each time, and creating a new account's organization is a few more writes: on a quiet
 * machine under 10 ms apart, but 26 ms was seen once while the machine's two cores were building elsewhere).
 */
const smtpDelayMilliseconds = 300;
const maxMedianDifferenceMilliseconds = 100;
const runs = 9;
const password = 'Harbour-Lights-2026';

describe('no account enumeration by timing, with a slow SMTP server', () => {
  const delivered: string[] = [];
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        setTimeout(() => {
          delivered.push(...session.envelope.rcptTo.map((recipient) => recipient.address));
          callback();
        }, smtpDelayMilliseconds);
      });
    },
  });
  let server: TestServer;

  before(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    server = await startTestServer({
      mail: { from: 'Dcipher <no-reply@dcipher.io>', smtpUrl: `smtp://127.0.0.1:${port}` },
      captcha: { maxNumber: 100 },
      webUrl: 'https://www.dcipher.test',
    });
  });
  after(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  let requestCount = 0;
  /** Each request from its own IP address: the per-IP limits are not what this measures. */
  const nextAddress = () => {
    requestCount += 1;
    return `198.18.${Math.floor(requestCount / 250)}.${(requestCount % 250) + 1}`;
  };

  /** Until the background sender has delivered everything queued, so no delivery overlaps a measured request. */
  async function queueIdle(): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { count } = await db(server.database)
        .selectFrom('emailOutbox')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', '=', 'queued')
        .executeTakeFirstOrThrow();
      if (Number(count) === 0) return;
      if (Date.now() > deadline) throw new Error('the email queue did not empty');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  type Probe = () => Promise<{
    prepare: () => Promise<object>;
    send: (body: object) => Promise<LightMyRequestResponse>;
  }>;

  interface Measured {
    milliseconds: number;
    statusCode: number;
    body: unknown;
  }

  async function measure(next: Probe): Promise<Measured> {
    const { prepare, send } = await next();
    const body = await prepare();
    await queueIdle();
    const started = performance.now();
    const response = await send(body);
    const milliseconds = performance.now() - started;
    return { milliseconds, statusCode: response.statusCode, body: response.json() };
  }

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  };

  /**
   * Alternates known and unknown addresses (which goes first alternates too, against drift), after one unmeasured
   * round of each; asserts equal answers (`normalize` removes what names the request, such as its address) and
   * close medians.
   */
  async function compare(
    t: TestContext,
    probes: { known: Probe; unknown: Probe },
    normalize: (body: unknown) => unknown = (body) => body,
  ): Promise<void> {
    await measure(probes.known);
    await measure(probes.unknown);
    const known: Measured[] = [];
    const unknown: Measured[] = [];
    for (let run = 0; run < runs; run += 1) {
      if (run % 2 === 0) {
        known.push(await measure(probes.known));
        unknown.push(await measure(probes.unknown));
      } else {
        unknown.push(await measure(probes.unknown));
        known.push(await measure(probes.known));
      }
    }
    const answers = new Set(
      [...known, ...unknown].map((m) => JSON.stringify([m.statusCode, normalize(m.body)])),
    );
    assert.equal(answers.size, 1, `different answers: ${[...answers].join(' | ')}`);
    const knownMedian = median(known.map((m) => m.milliseconds));
    const unknownMedian = median(unknown.map((m) => m.milliseconds));
    t.diagnostic(
      `median ${knownMedian.toFixed(1)} ms known, ${unknownMedian.toFixed(1)} ms unknown ` +
        `(difference ${Math.abs(knownMedian - unknownMedian).toFixed(1)} ms over ${runs} runs each)`,
    );
    assert.ok(
      Math.abs(knownMedian - unknownMedian) < maxMedianDifferenceMilliseconds,
      `known ${knownMedian.toFixed(1)} ms, unknown ${unknownMedian.toFixed(1)} ms`,
    );
  }

  let addressCount = 0;
  const newAddress = (label: string) => {
    addressCount += 1;
    return `${label}-${addressCount}@example.com`;
  };

  /** Waits until the slow server has received an email for each address. */
  async function assertDeliveredTo(addresses: string[]): Promise<void> {
    await queueIdle();
    const missing = addresses.filter((address) => !delivered.includes(address));
    assert.deepEqual(missing, [], 'emails not delivered to the SMTP server');
    const failed = await db(server.database)
      .selectFrom('emailOutbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '<>', 'sent')
      .executeTakeFirstOrThrow();
    assert.equal(Number(failed.count), 0);
  }

  it('POST /register: an address with an account (notices left or used up) and a new one', async (t) => {
    const existing = newAddress('registered');
    await createUser(server.database, existing, password);
    const newAccounts: string[] = [];
    const register =
      (email: () => string): Probe =>
      async () => ({
        prepare: async () => ({
          ...individualSignUp({ email: email(), password }),
          captcha: await solveCaptcha(server.app),
        }),
        send: (payload) =>
          server.app.inject({ method: 'POST', url: '/register', payload, remoteAddress: nextAddress() }),
      });
    await compare(
      t,
      {
        // The first 3 get the "you already have an account" notice, the rest nothing (the hourly cap).
        known: register(() => existing),
        unknown: register(() => {
          const email = newAddress('new-account');
          newAccounts.push(email);
          return email;
        }),
      },
      (body) => {
        const { paymentSetupToken, email, ...rest } = body as Record<string, unknown>;
        return { ...rest, email: typeof email, paymentSetupToken: typeof paymentSetupToken };
      },
    );
    await assertDeliveredTo([existing, ...newAccounts]);
  });

  it('POST /send-confirmation: an unverified account and an unknown address', async (t) => {
    const unverified: string[] = [];
    for (let index = 0; index <= runs; index += 1) {
      const email = newAddress('unverified');
      await createUser(server.database, email, password, { verified: false });
      unverified.push(email);
    }
    let next = 0;
    const sendConfirmation =
      (email: () => string): Probe =>
      async () => ({
        prepare: async () => ({ email: email() }),
        send: (payload) =>
          server.app.inject({
            method: 'POST',
            url: '/send-confirmation',
            payload,
            remoteAddress: nextAddress(),
          }),
      });
    await compare(t, {
      known: sendConfirmation(() => unverified[next++]!),
      unknown: sendConfirmation(() => newAddress('nobody')),
    });
    await assertDeliveredTo(unverified);
  });

  it('POST /reset-password: an active account and an unknown address', async (t) => {
    const accounts: string[] = [];
    for (let index = 0; index <= runs; index += 1) {
      const email = newAddress('forgetful');
      await createUser(server.database, email, password);
      accounts.push(email);
    }
    let next = 0;
    const resetPassword =
      (email: () => string): Probe =>
      async () => ({
        prepare: async () => ({ email: email() }),
        send: (payload) =>
          server.app.inject({
            method: 'POST',
            url: '/reset-password',
            payload,
            remoteAddress: nextAddress(),
          }),
      });
    await compare(t, {
      known: resetPassword(() => accounts[next++]!),
      unknown: resetPassword(() => newAddress('nobody')),
    });
    await assertDeliveredTo(accounts);
  });

  it('POST /register/quick: an address with an account and a new one', async (t) => {
    const accounts: string[] = [];
    for (let index = 0; index <= runs; index += 1) {
      const email = newAddress('quick-known');
      await createUser(server.database, email, password);
      accounts.push(email);
    }
    const newcomers: string[] = [];
    let next = 0;
    const quickRegister =
      (email: () => string): Probe =>
      async () => ({
        prepare: async () => ({ email: email() }),
        send: (payload) =>
          server.app.inject({
            method: 'POST',
            url: '/register/quick',
            payload,
            remoteAddress: nextAddress(),
          }),
      });
    await compare(
      t,
      {
        known: quickRegister(() => accounts[next++]!),
        unknown: quickRegister(() => {
          const email = newAddress('quick-new');
          newcomers.push(email);
          return email;
        }),
      },
      (body) => ({ ...(body as object), email: typeof (body as { email?: unknown }).email }),
    );
    await assertDeliveredTo([...accounts, ...newcomers]);
  });
});
