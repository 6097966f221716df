// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defineEndpoint, errorMessage } from '@dcipher/shared/contract';
import Fastify from 'fastify';
import * as v from 'valibot';
import { errorBodyOf } from '../test-support/error-body.js';
import { ApiError } from './api-error.js';
import { registerEndpoint } from './register-endpoint.js';
import { registerErrorHandling } from './register-error-handling.js';

/** A public endpoint that declares one code of its own and answers whichever code the request names. */
const refusing = defineEndpoint({
  operation: 'testOnlyRefusing',
  summary: 'Test only',
  method: 'GET',
  path: '/test-only/refusing',
  auth: 'public',
  errors: ['SUBSCRIPTION_CONFLICT'],
  query: v.object({ code: v.picklist(['SUBSCRIPTION_CONFLICT', 'LAST_ADMIN', 'TOO_MANY_REQUESTS']) }),
  response: v.object({ ok: v.literal(true) }),
});

async function appAnswering(refuseUndeclaredCodes: boolean) {
  const logged: unknown[] = [];
  const app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
  });
  registerErrorHandling(app, { refuseUndeclaredCodes });
  registerEndpoint(app, refusing, async ({ query }) => {
    if (query.code === 'SUBSCRIPTION_CONFLICT') {
      throw new ApiError('SUBSCRIPTION_CONFLICT', { params: { reason: 'notSubscribed' } });
    }
    if (query.code === 'LAST_ADMIN') throw new ApiError('LAST_ADMIN', { params: { reason: 'memberChange' } });
    throw new ApiError('TOO_MANY_REQUESTS');
  });
  await app.ready();
  return { app, logged };
}

describe('declared error codes (docs/decisions/0058)', () => {
  it("answers a declared code with its status, parameters and the catalogue's text", async () => {
    const { app } = await appAnswering(true);
    const answer = await app.inject({ url: '/test-only/refusing?code=SUBSCRIPTION_CONFLICT' });
    assert.equal(answer.statusCode, 409);
    assert.deepEqual(errorBodyOf(answer), {
      statusCode: 409,
      error: 'Conflict',
      message: errorMessage('SUBSCRIPTION_CONFLICT', { reason: 'notSubscribed' }),
      code: 'SUBSCRIPTION_CONFLICT',
      params: { reason: 'notSubscribed' },
    });
    // One every endpoint may answer, declared once.
    assert.equal((await app.inject({ url: '/test-only/refusing?code=TOO_MANY_REQUESTS' })).statusCode, 429);
    await app.close();
  });

  it('refuses, in tests, to answer a code the endpoint does not declare, and logs it', async () => {
    const { app, logged } = await appAnswering(true);
    const answer = await app.inject({ url: '/test-only/refusing?code=LAST_ADMIN' });
    assert.equal(answer.statusCode, 500);
    assert.equal(answer.json().code, 'INTERNAL');
    assert.match(answer.json().message, /Undeclared error code LAST_ADMIN answered by testOnlyRefusing/);
    assert.equal(logged.length, 1);
    await app.close();
  });

  it('elsewhere answers the undeclared code as it is, and logs it as an error', async () => {
    const { app, logged } = await appAnswering(false);
    const answer = await app.inject({ url: '/test-only/refusing?code=LAST_ADMIN' });
    assert.equal(answer.statusCode, 409);
    assert.equal(answer.json().code, 'LAST_ADMIN');
    assert.match(JSON.stringify(logged), /does not declare/);
    await app.close();
  });
});
