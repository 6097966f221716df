import assert from 'node:assert/strict';

/**
 * An error answer's body without its request id, once the id is checked: every error answer carries the id its
 * log line has, also in the `X-Request-Id` header (docs/decisions/0063).
 */
export function errorBodyOf(response: {
  json(): unknown;
  headers: Record<string, unknown>;
}): Record<string, unknown> {
  const { requestId, ...body } = response.json() as Record<string, unknown>;
  assert.equal(typeof requestId, 'string', 'an error answer carries its request id');
  // The API sets the header (createServer); a bare Fastify app of a unit test does not.
  if (response.headers['x-request-id'] !== undefined) {
    assert.equal(response.headers['x-request-id'], requestId, 'the body and the header name one request id');
  }
  return body;
}

/**
 * An answer's body as tests compare it: an error's without its request id (checked as `errorBodyOf` does), any
 * other as it is.
 */
export function bodyOf(response: {
  statusCode: number;
  json(): unknown;
  headers: Record<string, unknown>;
}): unknown {
  return response.statusCode >= 400 ? errorBodyOf(response) : response.json();
}
