import { type CallOptions, createApiClient } from '@dcipher/shared/client';
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
  const handlers: Record<string, Handler | unknown> = {
    listInvitationOffers: { offers: [] },
    listFlowUploads: { uploads: [], total: 0, page: 1, pageSize: 10 },
    ...given,
  };
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    return answer(request.method, request.url, async () => {
      const text = await request.text();
      return text ? JSON.parse(text) : undefined;
    });
  };
  /** The handler's answer to one request; a multipart body reaches the handler as its parts (`{ file }`). */
  const answer = async (
    method: string,
    address: string,
    bodyOf: () => Promise<unknown>,
  ): Promise<Response> => {
    const url = new URL(address);
    const matched = knownEndpoints
      .filter((endpoint) => endpoint.method === method)
      .map((endpoint) => ({ endpoint, match: patternOf(endpoint).exec(url.pathname) }))
      .find(({ match }) => match);
    if (!matched) throw new Error(`no endpoint answers ${method} ${url.pathname}`);
    const { endpoint, match } = matched;
    if (!(endpoint.operation in handlers)) throw new Error(`unexpected call: ${endpoint.operation}`);
    const handler = handlers[endpoint.operation];
    const body = await bodyOf();
    try {
      const output =
        typeof handler === 'function'
          ? await (handler as Handler)({
              params: Object.fromEntries(
                Object.entries(match?.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value)]),
              ),
              query: Object.fromEntries(url.searchParams),
              body,
            })
          : handler;
      return Response.json(output, { status: endpoint.successStatus ?? 200 });
    } catch (error) {
      if (error instanceof ApiAnswer) return Response.json(error.body, { status: error.status });
      throw error;
    }
  };
  const client = createApiClient({
    baseUrl: 'http://api.test',
    fetch: fetchStub as typeof fetch,
    createXhr: () => new UploadingRequest(answer) as unknown as XMLHttpRequest,
  });
  return jest.fn((endpoint: EndpointDefinition, input?: unknown, options?: CallOptions) =>
    client.call(endpoint, input as never, options),
  );
}

type Answer = (method: string, address: string, bodyOf: () => Promise<unknown>) => Promise<Response>;

/**
 * The part of XMLHttpRequest the client's file uploads use (docs/decisions/0114): the form's parts go to the
 * handler, and upload progress is reported as the browser would, half of the bytes first, then all of them once
 * the handler has been reached (a handler that waits keeps the bar at half).
 */
class UploadingRequest {
  status = 0;
  responseText = '';
  private method = 'GET';
  private address = '';
  private readonly listeners = new Map<string, (() => void)[]>();
  private readonly progressListeners: ((event: ProgressEvent) => void)[] = [];
  private contentType = 'application/json';
  withCredentials = false;
  readonly upload = {
    addEventListener: (type: string, listener: (event: ProgressEvent) => void) => {
      if (type === 'progress') this.progressListeners.push(listener);
    },
  };

  constructor(private readonly answer: Answer) {}

  open(method: string, address: string) {
    this.method = method;
    this.address = address;
  }
  setRequestHeader() {}
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? this.contentType : null;
  }
  private emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  private progress(loaded: number, total: number) {
    for (const listener of this.progressListeners) {
      listener({ lengthComputable: true, loaded, total } as ProgressEvent);
    }
  }
  send(body: FormData) {
    const file = body.get('file') as File | null;
    const total = Math.max(file?.size ?? 0, 2);
    void (async () => {
      await Promise.resolve();
      this.progress(Math.floor(total / 2), total);
      try {
        const response = await this.answer(this.method, this.address, async () =>
          Object.fromEntries(body.entries()),
        );
        this.progress(total, total);
        this.status = response.status;
        this.contentType = response.headers.get('content-type') ?? 'application/json';
        this.responseText = await response.text();
        this.emit('load');
      } catch {
        this.emit('error');
      }
    })();
  }
}
