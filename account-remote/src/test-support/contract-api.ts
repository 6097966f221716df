import { ApiError } from '@dcipher/shared/client';
import {
  allEndpoints,
  type EndpointDefinition,
  type ErrorBody,
  type SubscriptionSummary,
} from '@dcipher/shared/contract';
import * as flows from '@dcipher/shared/contract/flows';
import { HttpResponse, http, matchRequestUrl } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The API the remote's component tests talk to (docs/decisions/0119): an MSW server at the network boundary, which
 * answers every contract endpoint (method and path from the contract) by the endpoint's operation name
 * from what the test gave `answerWith`. The screens call the real `authenticatedApi()` — the real client, its
 * parsing of answers against the contract and its rendering of errors — with no `jest.mock` of the client.
 * `contract-api-setup.ts` starts it for every test file and forgets the answers after each test.
 */
export const apiBaseUrl = 'http://api.test';

/** What a handler gets: the path's params, the query (strings) and the JSON body (a file upload's parts). */
export type HandlerInput = {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
};
type Handler = (input: HandlerInput) => unknown;

/** What the API answers instead of success: thrown by a handler, sent as the response's status and JSON body. */
export class ApiAnswer {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {}
}

/** Thrown by a handler: no answer at all, as when the network fails (the client's `fetch` rejects). */
export class NetworkFailure {}

const isEndpoint = (value: unknown): value is EndpointDefinition =>
  typeof value === 'object' && value !== null && 'operation' in value && 'path' in value;

/** Every endpoint the screens call: the contract's, and the flows area's not registered in its index, each once. */
export const knownEndpoints: readonly EndpointDefinition[] = [
  ...allEndpoints,
  ...(Object.values(flows) as unknown[])
    .filter(isEndpoint)
    .filter((endpoint) => !allEndpoints.some((known) => known.operation === endpoint.operation)),
];

/** A call the API received, as it received it. */
export interface ReceivedCall extends HandlerInput {
  operation: string;
  /** The bearer token it was sent with, if any (sign-up's payment-setup token, docs/decisions/0021). */
  token?: string;
}

/**
 * A plan in its free trial, as a new customer's is: what the account area's plan banner reads on every screen, and
 * shows nothing for. A test about the plan answers its own.
 */
export const trialSummary: SubscriptionSummary = {
  state: 'trialing',
  label: 'Free trial ends in 9 days',
  daysLeft: 9,
  plan: null,
  endsAt: '2026-12-03T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  scheduledPlan: null,
  hasPaymentMethod: false,
  currency: 'usd',
  currencyChosen: false,
  trialPlan: null,
  trialIncludes: { id: 'business-monthly', name: 'Business' },
};

/**
 * Answers most screens need and few tests are about: the invitations offered to the account (none), its uploads
 * (none), and its plan (a trial).
 */
const usualAnswers: Record<string, Handler | unknown> = {
  listInvitationOffers: { offers: [] },
  listFlowUploads: { uploads: [], total: 0, page: 1, pageSize: 10 },
  getSubscriptionSummary: trialSummary,
};

let answers: Record<string, Handler | unknown> = { ...usualAnswers };
const received: ReceivedCall[] = [];

async function bodyOf(request: Request): Promise<unknown> {
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    return Object.fromEntries((await request.formData()).entries());
  }
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * A handler's input shaped as the screen gave it to the client: `params` and `query` are always there to read, but
 * an empty one (and an absent body) is not enumerable, so `toHaveBeenCalledWith({ params: { id } })` matches a call
 * that sent only params, as it did when tests mocked the client.
 */
function handlerInput(
  params: Record<string, string>,
  query: Record<string, string>,
  body: unknown,
): HandlerInput {
  const input = {} as HandlerInput;
  const set = (name: keyof HandlerInput, value: unknown, shown: boolean) =>
    Object.defineProperty(input, name, { value, enumerable: shown, writable: true, configurable: true });
  set('params', params, Object.keys(params).length > 0);
  set('query', query, Object.keys(query).length > 0);
  set('body', body, body !== undefined);
  return input;
}

// Longer static paths first, so `/flows/uploads` is never taken for `/flows/{flowId}`.
const staticSegments = (endpoint: EndpointDefinition) =>
  endpoint.path.split('/').filter((segment) => segment && !segment.startsWith('{')).length;
const routes = [...knownEndpoints]
  .sort((a, b) => staticSegments(b) - staticSegments(a))
  .map((endpoint) => ({ endpoint, path: `${apiBaseUrl}${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}` }));

/** The contract's endpoint a request for `url` is for, with its path's params; undefined when it is for none. */
function routeOf(
  method: string,
  url: URL,
): { endpoint: EndpointDefinition; params: Record<string, string> } | undefined {
  for (const { endpoint, path } of routes) {
    if (endpoint.method !== method) continue;
    const match = matchRequestUrl(url, path);
    if (match.matches) return { endpoint, params: (match.params ?? {}) as Record<string, string> };
  }
  return undefined;
}

/** Requests to the API for no endpoint of the contract (method and path), since the last test ended. */
const unmatched: string[] = [];
/** Calls of an endpoint this test gave no answer for (operation names), since the last test ended. */
const unanswered: string[] = [];
/** Calls whose answer threw something no answer stands for (operation and error), since the last test ended. */
const failedHandlers: string[] = [];

/**
 * One MSW handler for the whole contract, which finds the endpoint itself: MSW asks every handler it has to parse
 * each request (its URL and cookies), so one handler per endpoint (about 130) cost each request as many parses, a
 * sixth of the busiest screen test's CPU. A request for no endpoint fails as the network would (the client's `fetch`
 * rejects), and fails the test when it ends (`resetContractApi`): MSW would send it on to the network, since this
 * handler matched its address. A call of an endpoint the test gave no answer for, or whose answer throws what no
 * answer stands for (not an `ApiAnswer`, `NetworkFailure` or `ApiError`), is answered 500 and fails the test when it
 * ends too: thrown to MSW, it was only logged, and the test passed whatever the screen did with it.
 */
const handlers = [
  http.all(`${apiBaseUrl}/*`, async ({ request }) => {
    const url = new URL(request.url);
    const route = routeOf(request.method, url);
    if (!route) {
      unmatched.push(`${request.method} ${url.pathname}`);
      return HttpResponse.error();
    }
    const { endpoint, params } = route;
    if (!(endpoint.operation in answers)) {
      unanswered.push(endpoint.operation);
      return HttpResponse.json(
        {
          statusCode: 500,
          error: 'Internal Server Error',
          message: `unexpected call: ${endpoint.operation}`,
        },
        { status: 500 },
      );
    }
    const input = handlerInput(params, Object.fromEntries(url.searchParams), await bodyOf(request));
    const bearer = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
    received.push({
      operation: endpoint.operation,
      params: input.params,
      query: input.query,
      body: input.body,
      ...(bearer === undefined ? {} : { token: bearer }),
    });
    const answer = answers[endpoint.operation];
    try {
      const output = typeof answer === 'function' ? await (answer as Handler)(input) : answer;
      return output === undefined
        ? new HttpResponse(null, { status: endpoint.successStatus ?? 204 })
        : HttpResponse.json(output as never, { status: endpoint.successStatus ?? 200 });
    } catch (error) {
      if (error instanceof ApiAnswer) return HttpResponse.json(error.body, { status: error.status });
      if (error instanceof NetworkFailure) return HttpResponse.error();
      // A client error thrown as the screen would receive it: answered as the API's error body for its code.
      if (error instanceof ApiError) {
        return HttpResponse.json(
          {
            statusCode: error.status,
            error: 'Error',
            message: error.message,
            ...(error.code && { code: error.code }),
            ...(error.params !== undefined && { params: error.params }),
            ...(Object.keys(error.issues).length > 0 && { issues: error.issues }),
          },
          { status: error.status },
        );
      }
      // Anything else is a fault in the test's handler: answered 500, and the test fails when it ends.
      failedHandlers.push(`${endpoint.operation} (${String(error)})`);
      return HttpResponse.json(
        { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' },
        { status: 500 },
      );
    }
  }),
];

export const apiServer = setupServer(...handlers);

/**
 * What the API answers in this test, by operation name: a value, or a handler of the call's input (it may throw an
 * `ApiAnswer`, or return a promise that never settles to show loading). A call no answer names fails the test.
 */
export function answerWith(given: Record<string, Handler | unknown>): void {
  answers = { ...usualAnswers, ...given };
}

/**
 * The calls of `operation` the API received in this test, in order, each as the client's input: `params` and
 * `query` when not empty, `body` when one was sent.
 */
export function callsOf(operation: string): never[] {
  return received
    .filter((call) => call.operation === operation)
    .map(({ params, query, body }) => ({
      ...(Object.keys(params).length > 0 && { params }),
      ...(Object.keys(query).length > 0 && { query }),
      ...(body !== undefined && { body }),
    })) as never[];
}

/** Every call the API received in this test, in order. */
export const receivedCalls = (): readonly ReceivedCall[] => received;

/**
 * Forgets this test's answers and calls (after each test); fails the test if it asked for no endpoint of the
 * contract, or called one it gave no answer for.
 */
export function resetContractApi(): void {
  answers = { ...usualAnswers };
  received.length = 0;
  const calls = takeUnmatchedRequests();
  const notAnswered = [...new Set(unanswered.splice(0))];
  const failed = failedHandlers.splice(0);
  if (calls.length > 0) {
    throw new Error(`requests for no endpoint of the contract: ${calls.join(', ')}`);
  }
  if (notAnswered.length > 0) {
    throw new Error(`calls of endpoints this test gave no answer for: ${notAnswered.join(', ')}`);
  }
  if (failed.length > 0) {
    throw new Error(`answers of this test that threw: ${failed.join(', ')}`);
  }
}

/** The requests for no endpoint of the contract since the last test ended, forgotten once read. */
export function takeUnmatchedRequests(): string[] {
  return unmatched.splice(0);
}

/**
 * The part of XMLHttpRequest the client's file uploads use (docs/decisions/0114), over `fetch` (so MSW answers it
 * like every other call): half of the bytes are reported sent at once, all of them once the API has answered, as a
 * browser reports a large file going out. MSW's own XMLHttpRequest interception reports every byte only after the
 * answer, which cannot show a bar part-way.
 */
export class ProgressReportingRequest {
  status = 0;
  responseText = '';
  withCredentials = false;
  private method = 'GET';
  private address = '';
  private readonly headers: Record<string, string> = {};
  private readonly listeners = new Map<string, (() => void)[]>();
  private readonly progressListeners: ((event: ProgressEvent) => void)[] = [];
  private contentType = 'application/json';
  readonly upload = {
    addEventListener: (type: string, listener: (event: ProgressEvent) => void) => {
      if (type === 'progress') this.progressListeners.push(listener);
    },
  };

  open(method: string, address: string) {
    this.method = method;
    this.address = address;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
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
        const response = await fetch(this.address, { method: this.method, headers: this.headers, body });
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
