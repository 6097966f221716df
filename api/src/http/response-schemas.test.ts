// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { allEndpoints, contract } from '@dcipher/shared/contract';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import Fastify, { type FastifyInstance } from 'fastify';
import { bodyOf } from '../test-support/error-body.js';
import { lazySerializers } from './lazy-serializers.js';
import { checkAnswersAgainstTheContract, registerEndpoint, responseJsonSchema } from './register-endpoint.js';
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

/**
 * The API compiles a route's serializer when the route first answers (docs/decisions/0152), not at start, so a
 * declared response fast-json-stringify cannot compile would fail that route's first answer instead of the start:
 * every endpoint's is compiled here, with the compiler the server uses.
 */
describe('every declared response compiles to a serializer', () => {
  it('for each endpoint of the contract', () => {
    // The server's compiler, asked to compile at once (the server has no shared schemas or serializer options).
    const compileNow = SerializerSelector()(undefined, undefined);
    const refused: string[] = [];
    for (const endpoint of allEndpoints) {
      try {
        compileNow({
          method: endpoint.method,
          url: endpoint.path,
          httpStatus: String(endpoint.successStatus ?? 200),
          schema: responseJsonSchema(endpoint.response),
        });
      } catch (error) {
        refused.push(`${endpoint.operation}: ${error}`);
      }
    }
    assert.ok(allEndpoints.length > 100, `${allEndpoints.length} endpoints`);
    assert.deepEqual(refused, []);
  });

  it('compiles when first used: a refused schema fails its first answer, not before', () => {
    const compile = lazySerializers()(undefined, undefined);
    const serialize = compile({
      method: 'GET',
      url: '/broken',
      httpStatus: '200',
      schema: { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } },
    });
    assert.throws(() => serialize({ a: 1 }), /missing|\$ref|resolve/i);
  });

  it('writes what the serializer compiled at start writes', () => {
    const schema = responseJsonSchema(contract.system.health.response);
    const serialize = lazySerializers()(undefined, undefined)({
      method: 'GET',
      url: '/health',
      httpStatus: '200',
      schema,
    });
    const answer = { status: 'ok', database: 'ok', extra: 'dropped' };
    assert.equal(serialize(answer), '{"status":"ok","database":"ok"}');
    assert.equal(serialize(answer), serialize({ ...answer }), 'the same on its next answers');
  });
});
