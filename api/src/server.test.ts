// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { allEndpoints, ErrorBodySchema } from '@dcipher/shared/contract';
import * as v from 'valibot';
import { toFastifyPath } from './http/register-endpoint.js';
import { bodyOf, errorBodyOf } from './test-support/error-body.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';

describe('server', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    server.app.get('/test-only/failure', async () => {
      throw new Error('database password is hunter2');
    });
  });
  after(() => server.close());

  it('answers /health after asking the database', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/health' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(bodyOf(response), { status: 'ok', database: 'ok' });
  });

  it('has a route for every endpoint of the contract', () => {
    const missing = allEndpoints.filter(
      (endpoint) => !server.app.hasRoute({ method: endpoint.method, url: toFastifyPath(endpoint.path) }),
    );
    assert.deepEqual(
      missing.map((endpoint) => `${endpoint.method} ${endpoint.path}`),
      [],
    );
  });

  it('answers unknown routes with 404 in the error shape', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/no-such-thing' });
    assert.equal(response.statusCode, 404);
    const body = bodyOf(response);
    assert.ok(v.is(ErrorBodySchema, body));
    assert.deepEqual(body, {
      statusCode: 404,
      error: 'Not Found',
      message: 'Sorry, the page you are looking for cannot be found.',
      code: 'NOT_FOUND',
    });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(errorBodyOf(response), {
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request body is not valid JSON',
      code: 'VALIDATION_FAILED',
      params: {
        reason: 'invalidJson',
      },
    });
  });

  it('answers a body that is not JSON with 400', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<credentials/>',
    });
    assert.equal(response.statusCode, 400);
    assert.equal(
      response.json().message,
      'The request body must be sent as JSON (Content-Type: application/json)',
    );
  });

  it('answers a JSON body that is not an object with 400', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/login', payload: [1, 2] });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().message, 'The request body must be a JSON object');
  });

  it('hides unexpected errors behind "Server error"', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/test-only/failure' });
    assert.equal(response.statusCode, 500);
    assert.deepEqual(errorBodyOf(response), {
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Server error',
      code: 'INTERNAL',
    });
    assert.doesNotMatch(response.body, /hunter2|at /);
  });

  it('allows the configured origins, with the Authorization header', async () => {
    const response = await server.app.inject({
      method: 'OPTIONS',
      url: '/account',
      headers: {
        origin: 'http://localhost:3001',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    assert.equal(response.statusCode, 204);
    assert.equal(response.headers['access-control-allow-origin'], 'http://localhost:3001');
    assert.match(String(response.headers['access-control-allow-headers']), /Authorization/);
  });

  it('does not allow other origins', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(response.headers['access-control-allow-origin'], undefined);
  });

  it('serves an OpenAPI document generated from the contract', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(response.statusCode, 200);
    const document = response.json();
    assert.equal(document.openapi, '3.1.0');
    for (const endpoint of allEndpoints) {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      assert.equal(operation?.operationId, endpoint.operation, `${endpoint.method} ${endpoint.path}`);
    }
    const login = document.paths['/login'].post;
    const credentials = login.requestBody.content['application/json'].schema;
    assert.deepEqual(credentials.required, ['email', 'password']);
    assert.equal(credentials.properties.email.format, 'email');
    // GET /account also takes an API key (docs/decisions/0037); PUT does not.
    assert.deepEqual(document.paths['/account'].get.security, [{ bearer: [] }, { apiKey: [] }]);
    assert.deepEqual(document.paths['/account'].put.security, [{ bearer: [] }]);
    assert.deepEqual(document.components.securitySchemes.apiKey, {
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
    });
  });

  it('describes the marketing site endpoints in the OpenAPI document', async () => {
    const { paths } = (await server.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.equal(paths['/contact-requests'].post.operationId, 'createContactRequest');
    assert.equal(paths['/white-paper'].post.operationId, 'requestWhitePaper');
    assert.equal(paths['/pricing-plans'].get.operationId, 'listPricingPlans');
    assert.equal(paths['/pricing-plans/pay-as-you-go-prices'].get.operationId, 'listPayAsYouGoPrices');

    const contactRequest = paths['/contact-requests'].post;
    const input = contactRequest.requestBody.content['application/json'].schema;
    assert.deepEqual(input.required, ['firstName', 'lastName', 'email', 'company', 'topic', 'message']);
    assert.deepEqual(input.properties.topic.enum, ['sales', 'support', 'partnership', 'press', 'other']);
    assert.equal(input.properties.message.maxLength, 5000);
    assert.ok(contactRequest.responses['201']);
    assert.equal(contactRequest.security, undefined);

    const plan = paths['/pricing-plans'].get.responses['200'].content['application/json'].schema.items;
    const prices = plan.properties.prices.anyOf.find((schema: { type: string }) => schema.type === 'object');
    assert.deepEqual(prices.required, ['usd', 'eur', 'gpb']);
    assert.equal(prices.properties.gpb.type, 'integer');
  });
});
