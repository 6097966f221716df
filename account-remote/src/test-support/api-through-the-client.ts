import { createApiClient } from '@dcipher/shared/client';
import { allEndpoints, type EndpointDefinition, type ErrorBody } from '@dcipher/shared/contract';
import * as flows from '@dcipher/shared/contract/flows';

type Handler = (input: {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}) => unknown;

/** What the API answers instead of success: thrown by a handler, sent as the response's status and JSON body. */
export class ApiAnswer {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {}
}

const isEndpoint = (value: unknown): value is EndpointDefinition =>
  typeof value === 'object' && value !== null && 'operation' in value && 'path' in value;

/**
 * Every endpoint the screens call: the contract's, and the flows area's until the API registers it in the
 * contract's index (docs/decisions/0071), each once.
 */
const knownEndpoints: readonly EndpointDefinition[] = [
  ...allEndpoints,
  ...(Object.values(flows) as unknown[])
    .filter(isEndpoint)
    .filter((endpoint) => !allEndpoints.some((known) => known.operation === endpoint.operation)),
];

const patternOf = (endpoint: EndpointDefinition) =>
  new RegExp(`^${endpoint.path.replace(/\{([A-Za-z0-9_]+)\}/g, '(?<$1>[^/]+)')}$`);

/**
 * A stand-in for `authenticatedApi().call` that goes through the real client: the handlers (by the endpoint's
 * operation name) answer at the network boundary, a stubbed `fetch`, so the client's parsing and error rendering
 * run as in the browser. A handler may throw an `ApiAnswer` to answer an error body as the API would.
 */
export function answeringThroughTheClient(given: Record<string, Handler | unknown>) {
  const handlers: Record<string, Handler | unknown> = { listInvitationOffers: { offers: [] }, ...given };
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const matched = knownEndpoints
      .filter((endpoint) => endpoint.method === request.method)
      .map((endpoint) => ({ endpoint, match: patternOf(endpoint).exec(url.pathname) }))
      .find(({ match }) => match);
    if (!matched) throw new Error(`no endpoint answers ${request.method} ${url.pathname}`);
    const { endpoint, match } = matched;
    if (!(endpoint.operation in handlers)) throw new Error(`unexpected call: ${endpoint.operation}`);
    const handler = handlers[endpoint.operation];
    const text = await request.text();
    try {
      const output =
        typeof handler === 'function'
          ? await (handler as Handler)({
              params: Object.fromEntries(
                Object.entries(match?.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value)]),
              ),
              query: Object.fromEntries(url.searchParams),
              body: text ? JSON.parse(text) : undefined,
            })
          : handler;
      return Response.json(output, { status: endpoint.successStatus ?? 200 });
    } catch (error) {
      if (error instanceof ApiAnswer) return Response.json(error.body, { status: error.status });
      throw error;
    }
  };
  const client = createApiClient({ baseUrl: 'http://api.test', fetch: fetchStub as typeof fetch });
  return jest.fn((endpoint: EndpointDefinition, input?: unknown) => client.call(endpoint, input as never));
}
