import * as v from 'valibot';
import { contract, defineEndpoint } from '../contract/index.js';
import { ApiError, createApiClient, RequiredParameterError } from './index.js';

interface Recorded {
  url: string;
  method: string;
  authorization: string | null;
  body: string;
}

function fakeServer(status: number, payload: unknown | ((url: string) => unknown)) {
  const requests: Recorded[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({
      url: request.url,
      method: request.method,
      authorization: request.headers.get('authorization'),
      body: await request.text(),
    });
    const answer = typeof payload === 'function' ? payload(request.url) : payload;
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  };
  return { requests, fetch: fetchImpl as typeof fetch };
}

const tokens = { accessToken: 'a', refreshToken: 'r', requiresPasswordChange: false, refreshExpiresIn: 60 };

describe('API client derived from the contract', () => {
  it('refuses a missing body with the spec message, sending nothing', async () => {
    const server = fakeServer(200, tokens);
    const api = createApiClient({ baseUrl: 'http://api.test', fetch: server.fetch });
    // @ts-expect-error the body is required by the contract
    await expect(api.call(contract.auth.login, {})).rejects.toThrow(
      'Required parameter credentials was null or undefined when calling login.',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a missing path or required query parameter by name', async () => {
    const getFlowStatus = defineEndpoint({
      operation: 'getFlowStatus',
      summary: 'test',
      method: 'GET',
      path: '/flows/{flowId}/status',
      auth: 'bearer',
      permission: 'signed-in',
      errors: [],
      params: v.object({ flowId: v.string() }),
      query: v.object({ taskId: v.string(), verbose: v.optional(v.boolean()) }),
      response: v.unknown(),
    });
    const server = fakeServer(200, {});
    const api = createApiClient({ baseUrl: 'http://api.test', fetch: server.fetch });
    const missingPath = api.call(getFlowStatus, {
      params: { flowId: undefined as unknown as string },
      query: { taskId: 't' },
    });
    await expect(missingPath).rejects.toBeInstanceOf(RequiredParameterError);
    await expect(missingPath).rejects.toThrow(
      'Required parameter flowId was null or undefined when calling getFlowStatus.',
    );
    await expect(
      api.call(getFlowStatus, { params: { flowId: 'f 1' }, query: { taskId: null as unknown as string } }),
    ).rejects.toThrow('Required parameter taskId was null or undefined when calling getFlowStatus.');
    await api.call(getFlowStatus, { params: { flowId: 'f 1' }, query: { taskId: 't' } });
    expect(server.requests[0]?.url).toBe('http://api.test/flows/f%201/status?taskId=t');
  });

  it('sends the bearer token only to (A) endpoints', async () => {
    const server = fakeServer(200, (url: string) => (url.endsWith('/logout') ? { loggedOut: true } : tokens));
    const api = createApiClient({
      baseUrl: 'http://api.test',
      fetch: server.fetch,
      getAccessToken: () => 'tok',
    });
    await api.call(contract.auth.login, { body: { email: 'a@b.co', password: 'x' } });
    await api.call(contract.auth.logout, { body: { isForced: true } });
    expect(server.requests.map((request) => [request.method, request.url, request.authorization])).toEqual([
      ['POST', 'http://api.test/login', null],
      ['POST', 'http://api.test/logout', 'Bearer tok'],
    ]);
    expect(JSON.parse(server.requests[1]?.body ?? '')).toEqual({ isForced: true });
  });

  it('sends it to a public endpoint that also takes it (running a workflow as the signed-in person)', async () => {
    const run = defineEndpoint({
      operation: 'runFlow',
      summary: 'test',
      method: 'POST',
      path: '/flows/{flowId}/run',
      auth: 'public',
      acceptsBearer: true,
      errors: [],
      params: v.object({ flowId: v.string() }),
      response: v.unknown(),
    });
    const server = fakeServer(202, {});
    await createApiClient({
      baseUrl: 'http://api.test',
      fetch: server.fetch,
      getAccessToken: () => 'tok',
    }).call(run, { params: { flowId: 'f1' } });
    await createApiClient({ baseUrl: 'http://api.test', fetch: server.fetch }).call(run, {
      params: { flowId: 'f1' },
    });
    expect(server.requests.map((request) => request.authorization)).toEqual(['Bearer tok', null]);
  });

  it('turns a catalogue message into a typed error with that text', async () => {
    const server = fakeServer(401, {
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
    const api = createApiClient({ baseUrl: 'http://api.test', fetch: server.fetch });
    const failure = await api
      .call(contract.auth.login, { body: { email: 'a@b.co', password: 'x' } })
      .catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      message: 'Invalid email or password',
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('falls back to "Server error" for unknown messages and malformed answers', async () => {
    const unknown = fakeServer(500, { statusCode: 500, error: 'Internal', message: 'db exploded at line 3' });
    const api = createApiClient({ baseUrl: 'http://api.test', fetch: unknown.fetch });
    await expect(api.call(contract.system.health)).rejects.toThrow(/^Server error$/);
    const malformed = fakeServer(200, { unexpected: true });
    const api2 = createApiClient({ baseUrl: 'http://api.test', fetch: malformed.fetch });
    await expect(api2.call(contract.system.health)).rejects.toThrow(/^Server error$/);
  });

  it("shows the contract's message for a known code whose text the client does not know", async () => {
    const server = fakeServer(403, {
      statusCode: 403,
      error: 'Forbidden',
      message: 'Nope, says a newer API',
      code: 'FORBIDDEN',
    });
    const api = createApiClient({ baseUrl: 'http://api.test', fetch: server.fetch });
    await expect(api.call(contract.system.health)).rejects.toMatchObject({
      message: 'You do not have permission to do this.',
      status: 403,
      code: 'FORBIDDEN',
    });
    const newer = fakeServer(409, {
      statusCode: 409,
      error: 'Conflict',
      message: 'Something new',
      code: 'NEWER_CODE',
    });
    const api2 = createApiClient({ baseUrl: 'http://api.test', fetch: newer.fetch });
    await expect(api2.call(contract.system.health)).rejects.toMatchObject({
      message: 'Server error',
      code: undefined,
    });
  });

  it('retries an (A) call once with a refreshed token after a 401', async () => {
    let calls = 0;
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      calls += 1;
      const ok = request.headers.get('authorization') === 'Bearer fresh';
      return ok
        ? Response.json({ loggedOut: true })
        : Response.json({ statusCode: 401, error: 'Unauthorized', message: 'expired' }, { status: 401 });
    }) as typeof fetch;
    const api = createApiClient({
      baseUrl: 'http://api.test',
      fetch: fetchImpl,
      getAccessToken: () => 'stale',
      refreshAccessToken: async () => 'fresh',
    });
    await expect(api.call(contract.auth.logout, { body: { isForced: false } })).resolves.toEqual({
      loggedOut: true,
    });
    expect(calls).toBe(2);
  });
});
