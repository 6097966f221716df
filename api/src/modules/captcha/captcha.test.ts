// engines: any
import assert from 'node:assert/strict';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  type CaptchaChallenge,
  CaptchaChallengeSchema,
  captchaField,
  defineEndpoint,
} from '@dcipher/shared/contract';
import * as v from 'valibot';
import { db } from '../../db/kysely.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import { bodyOf } from '../../test-support/error-body.js';
import { solveCaptcha, solveCaptchaChallenge } from '../../test-support/solve-captcha.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { captchaChallengeLifetimeSeconds, createAltchaCaptchaVerifier } from './altcha-captcha-verifier.js';
import { loadOrCreateCaptchaHmacKey } from './captcha-hmac-key.js';
import { createUsedCaptchaChallenges } from './used-captcha-challenges.js';

const message = 'Please verify that you are a human';

/** A stand-in for sign-up: a form body with the captcha field, checked with `app.requireHuman`. */
const guardedEndpoint = defineEndpoint({
  operation: 'submitGuardedForm',
  errors: [],
  summary: 'Test-only form guarded by the captcha',
  method: 'POST',
  path: '/test-only/guarded-form',
  auth: 'public',
  body: { name: 'guardedFormInput', schema: v.object({ ...captchaField }) },
  response: v.object({ accepted: v.literal(true) }),
});

const decode = (payload: string) => JSON.parse(atob(payload));
const encode = (value: unknown) => btoa(JSON.stringify(value));

describe('captcha', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    registerEndpoint(server.app, guardedEndpoint, async ({ body }) => {
      await server.app.requireHuman(body.captcha);
      return { accepted: true } as const;
    });
  });
  after(() => server.close());

  const submit = (payload: object) =>
    server.app.inject({ method: 'POST', url: guardedEndpoint.path, payload });

  const refusal = {
    statusCode: 400,
    error: 'Bad Request',
    message,
    code: 'VALIDATION_FAILED',
    issues: { captcha: message },
  };
  /** The same refusal by the API's own check of the solution (a schema refuses a missing one). */
  const unverified = { ...refusal, params: { reason: 'captcha' } };

  /** A verifier on the test database with its own key, for the reasons behind a refusal. */
  const verifierWith = (options: { hmacKey?: string; now?: () => number } = {}) =>
    createAltchaCaptchaVerifier({
      hmacKey: options.hmacKey ?? 'a-test-key-that-is-long-enough-0123456789',
      maxNumber: 1000,
      usedChallenges: createUsedCaptchaChallenges(server.database),
      ...(options.now && { now: options.now }),
    });

  describe('GET /captcha/challenge', () => {
    it('answers a signed SHA-256 challenge that expires in 10 minutes and is never cached', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/captcha/challenge' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'no-store');
      const challenge = response.json<CaptchaChallenge>();
      assert.ok(v.is(CaptchaChallengeSchema, challenge), response.body);
      assert.equal(challenge.parameters.algorithm, 'SHA-256');
      assert.match(challenge.signature, /^[0-9a-f]{64}$/);
      const secondsLeft = challenge.parameters.expiresAt - Date.now() / 1000;
      assert.ok(secondsLeft > 590 && secondsLeft <= 600, String(secondsLeft));
    });

    it('answers a different challenge each time', async () => {
      const [first, second] = await Promise.all(
        [1, 2].map(() => server.app.inject({ method: 'GET', url: '/captcha/challenge' })),
      );
      assert.notEqual(first?.json().signature, second?.json().signature);
    });
  });

  describe('app.requireHuman', () => {
    it('accepts a solved challenge once and refuses it when replayed', async () => {
      const captcha = await solveCaptcha(server.app);
      const accepted = await submit({ captcha });
      assert.equal(accepted.statusCode, 200, accepted.body);
      assert.deepEqual(bodyOf(accepted), { accepted: true });

      const replayed = await submit({ captcha });
      assert.equal(replayed.statusCode, 400);
      assert.deepEqual(bodyOf(replayed), unverified);
    });

    it('refuses a missing or empty captcha with the spec message', async () => {
      for (const body of [{}, { captcha: '' }, { captcha: null }]) {
        const response = await submit(body);
        assert.equal(response.statusCode, 400);
        assert.deepEqual(bodyOf(response), refusal, JSON.stringify(body));
      }
      // Called directly, as a handler would with a value from elsewhere.
      for (const payload of [undefined, '']) {
        await assert.rejects(server.app.requireHuman(payload), (error: Error & { issues?: unknown }) => {
          assert.equal(error.message, message);
          assert.deepEqual(error.issues, { captcha: message });
          return true;
        });
      }
    });

    it('refuses a tampered, malformed or foreign payload the same way', async () => {
      const solved = decode(await solveCaptcha(server.app));
      const otherKeyPayload = await solveCaptchaChallenge(
        await verifierWith({ hmacKey: 'another-key-that-is-long-enough-9876543210' }).createChallenge(),
      );
      const payloads = [
        encode({ ...solved, solution: { ...solved.solution, counter: solved.solution.counter + 1 } }),
        encode({
          ...solved,
          challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, keyPrefix: '00' } },
        }),
        'not base64 json',
        encode({ challenge: null, solution: null, test: true }),
        otherKeyPayload,
      ];
      for (const captcha of payloads) {
        const response = await submit({ captcha });
        assert.equal(response.statusCode, 400, captcha);
        assert.deepEqual(bodyOf(response), unverified);
      }
    });
  });

  describe('ALTCHA verifier', () => {
    it('verifies a solution computed with the altcha-lib solver once, then calls it replayed', async () => {
      const verifier = verifierWith();
      const payload = await solveCaptchaChallenge(await verifier.createChallenge());
      assert.deepEqual(await verifier.verify(payload), { verified: true });
      assert.deepEqual(await verifier.verify(payload), { verified: false, refusal: 'replayed' });
    });

    it('remembers used challenges across verifiers on one database (API replicas)', async () => {
      const challenge = await verifierWith().createChallenge();
      const payload = await solveCaptchaChallenge(challenge);
      assert.deepEqual(await verifierWith().verify(payload), { verified: true });
      assert.deepEqual(await verifierWith().verify(payload), { verified: false, refusal: 'replayed' });
    });

    it('lets exactly one of two concurrent submissions of a solution through', async () => {
      const verifier = verifierWith();
      const payload = await solveCaptchaChallenge(await verifier.createChallenge());
      const results = await Promise.all([verifier.verify(payload), verifier.verify(payload)]);
      assert.equal(results.filter((result) => result.verified).length, 1);
    });

    it('refuses a challenge older than 10 minutes, even when correctly solved', async () => {
      const elevenMinutesAgo = () => Date.now() - (captchaChallengeLifetimeSeconds + 60) * 1000;
      const stale = await verifierWith({ now: elevenMinutesAgo }).createChallenge();
      const payload = await solveCaptchaChallenge(stale);
      assert.deepEqual(await verifierWith().verify(payload), { verified: false, refusal: 'expired' });
    });

    it('tells the reasons apart', async () => {
      const verifier = verifierWith();
      const solved = decode(await solveCaptchaChallenge(await verifier.createChallenge()));
      const wrongKey = encode({ ...solved, solution: { ...solved.solution, derivedKey: '00'.repeat(32) } });
      assert.deepEqual(await verifier.verify(undefined), { verified: false, refusal: 'missing' });
      assert.deepEqual(await verifier.verify(''), { verified: false, refusal: 'missing' });
      assert.deepEqual(await verifier.verify(42), { verified: false, refusal: 'missing' });
      assert.deepEqual(await verifier.verify('%%%'), { verified: false, refusal: 'malformed' });
      assert.deepEqual(await verifier.verify(encode({ challenge: solved.challenge })), {
        verified: false,
        refusal: 'malformed',
      });
      assert.deepEqual(await verifier.verify(wrongKey), { verified: false, refusal: 'invalid' });
      // A refused payload is not spent: the right solution still goes through.
      assert.deepEqual(await verifier.verify(encode(solved)), { verified: true });
    });

    it('purges used challenges once they are long expired, keeping the others', async () => {
      const usedChallenges = createUsedCaptchaChallenges(server.database);
      const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
      const inTenMinutes = new Date(Date.now() + 10 * 60 * 1000);
      assert.equal(await usedChallenges.recordFirstUse('old-signature', dayAgo), true);
      assert.equal(await usedChallenges.recordFirstUse('fresh-signature', inTenMinutes), true);
      await usedChallenges.purgeExpired();
      const rows = await db(server.database)
        .selectFrom('captchaUsedChallenges')
        .select('signature')
        .where('signature', 'in', ['old-signature', 'fresh-signature'])
        .execute();
      assert.deepEqual(
        rows.map((row) => row.signature),
        ['fresh-signature'],
      );
    });
  });

  describe('HMAC key', () => {
    let keysDir: string;
    before(async () => {
      keysDir = path.join(await mkdtemp(path.join(tmpdir(), 'dcipher-captcha-')), 'keys');
    });
    after(() => rm(path.dirname(keysDir), { recursive: true, force: true }));

    it('is generated once into the keys directory, readable by the owner only, and reused', async () => {
      const first = await loadOrCreateCaptchaHmacKey(undefined, keysDir);
      assert.match(first, /^[0-9a-f]{64}$/);
      assert.equal(await loadOrCreateCaptchaHmacKey(undefined, keysDir), first);
      const { mode } = await stat(path.join(keysDir, 'captcha-hmac.key'));
      assert.equal(mode & 0o777, 0o600);
    });

    it('is the configured one when set, and a fresh one in memory without a directory', async () => {
      const configured = 'c'.repeat(40);
      assert.equal(await loadOrCreateCaptchaHmacKey(configured, keysDir), configured);
      const inMemory = await loadOrCreateCaptchaHmacKey(undefined, undefined);
      assert.notEqual(inMemory, await loadOrCreateCaptchaHmacKey(undefined, undefined));
    });
  });
});
