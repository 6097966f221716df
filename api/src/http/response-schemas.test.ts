// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { contract } from '@dcipher/shared/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { bodyOf } from '../test-support/error-body.js';
import { checkAnswersAgainstTheContract, registerEndpoint } from './register-endpoint.js';
import { registerErrorHandling } from './register-error-handling.js';

/**
 * The contract drives Fastify (docs/decisions/0062): every route's answer is serialised from its declared response,
 * so a field a handler returns that the contract does not declare never leaves the server; in tests, an answer the
 * declared response does not allow fails.
 */
describe('answers serialised from the declared response', () => {
  let app: FastifyInstance;
  let strictApp: FastifyInstance;

  before(async () => {
    app = Fastify();
    registerErrorHandling(app, { refuseUndeclaredCodes: false });
    // A row read with more columns than the contract declares, as a careless query would.
    registerEndpoint(app, contract.system.health, async () => ({
      status: 'ok' as const,
      database: 'ok' as const,
      passwordHash: '$argon2id$secret',
      internalNote: 'never for callers',
    }));
    strictApp = Fastify();
    registerErrorHandling(strictApp, { refuseUndeclaredCodes: false });
    checkAnswersAgainstTheContract(strictApp);
    registerEndpoint(
      strictApp,
      contract.system.health,
      async () => ({ status: 'ok', database: 'unreachable' }) as never,
    );
    await Promise.all([app.ready(), strictApp.ready()]);
  });
  after(async () => {
    await app.close();
    await strictApp.close();
  });

  it('a field the contract does not declare does not leave the server', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(bodyOf(response), { status: 'ok', database: 'ok' });
    assert.doesNotMatch(response.body, /argon2id|never for callers/);
  });

  it('in tests, an answer its declared response does not allow fails loudly', async () => {
    const response = await strictApp.inject({ method: 'GET', url: '/health' });
    assert.equal(response.statusCode, 500);
  });
});
