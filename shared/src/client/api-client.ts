import ky from 'ky';
import * as v from 'valibot';
import {
  type EndpointDefinition,
  type EndpointInput,
  type EndpointOutput,
  pathParameterNames,
} from '../contract/endpoint.js';
import {
  ErrorBodySchema,
  errorCodes,
  errorMessage,
  hasValidErrorParams,
  isErrorCode,
} from '../contract/errors.js';
import { fieldErrorsOf } from '../validation/field-errors.js';
import { errorCatalogue, invalidRequestMessage, invalidValueMessage } from '../validation/messages.js';
import { ApiError, RequiredParameterError } from './api-error.js';

export interface ApiClientOptions {
  baseUrl: string;
  /** The current access token, sent on the spec's (A) endpoints. */
  getAccessToken?: () => string | undefined;
  /** Called once when an (A) endpoint answers 401; returns a fresh token to retry with, or nothing. */
  refreshAccessToken?: () => Promise<string | undefined>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /**
   * Makes the XMLHttpRequest a file is uploaded with, for its upload progress events (docs/decisions/0114): the
   * browser's by default; without one (or with `fetch` given and no `createXhr`) files go through `fetch`, with no
   * progress to report.
   */
  createXhr?: () => XMLHttpRequest;
}

/** How far a file upload has got: bytes of the request sent, of `total`. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface CallOptions {
  /** For an endpoint that takes a file: told as the request's bytes go out. */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface ApiClient {
  call<TEndpoint extends EndpointDefinition>(
    endpoint: TEndpoint,
    input?: EndpointInput<TEndpoint>,
    options?: CallOptions,
  ): Promise<EndpointOutput<TEndpoint>>;
}

type LooseInput = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  file?: Blob & { name?: string };
};

const isMissing = (value: unknown) => value === null || value === undefined;

function requiredQueryKeys(endpoint: EndpointDefinition): string[] {
  if (!endpoint.query) return [];
  return Object.entries(endpoint.query.entries)
    .filter(([, schema]) => !['optional', 'nullish', 'exact_optional'].includes(schema.type))
    .map(([key]) => key);
}

/** Throws the spec's missing-parameter error for the first required parameter that is null or undefined. */
export function assertRequiredParameters(endpoint: EndpointDefinition, input: LooseInput): void {
  for (const name of pathParameterNames(endpoint.path)) {
    if (isMissing(input.params?.[name])) throw new RequiredParameterError(name, endpoint.operation);
  }
  for (const name of requiredQueryKeys(endpoint)) {
    if (isMissing(input.query?.[name])) throw new RequiredParameterError(name, endpoint.operation);
  }
  if (endpoint.body && isMissing(input.body)) {
    throw new RequiredParameterError(endpoint.body.name, endpoint.operation);
  }
  if (endpoint.file && isMissing(input.file)) {
    throw new RequiredParameterError(endpoint.file.name, endpoint.operation);
  }
}

/** The multipart body of a file endpoint: the file as its one part, under its own name. */
function formOf(endpoint: EndpointDefinition & { file: { field: string } }, file: Blob & { name?: string }) {
  const form = new FormData();
  form.append(endpoint.file.field, file, file.name ?? 'file');
  return form;
}

/**
 * Sends a request with XMLHttpRequest, for its upload progress events (fetch has none in browsers over HTTP/1.1);
 * answers a `Response` as fetch would, and rejects as fetch does when no answer comes.
 */
function sendWithProgress(
  xhr: XMLHttpRequest,
  url: string,
  init: { method: string; headers: Record<string, string>; body: FormData },
  onUploadProgress?: (progress: UploadProgress) => void,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    xhr.open(init.method, url);
    // The session's refresh token is an HttpOnly cookie of the API's (docs/decisions/0032).
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onUploadProgress?.({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () => {
      const contentType = xhr.getResponseHeader('content-type') ?? 'application/json';
      resolve(
        new Response(xhr.status === 204 ? null : xhr.responseText, {
          status: xhr.status,
          headers: { 'content-type': contentType },
        }),
      );
    });
    for (const failure of ['error', 'abort', 'timeout'] as const) {
      xhr.addEventListener(failure, () => reject(new Error(`upload ${failure}`)));
    }
    xhr.send(init.body);
  });
}

function buildPath(endpoint: EndpointDefinition, params: Record<string, unknown> = {}): string {
  return endpoint.path
    .replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])))
    .replace(/^\//, '');
}

function searchParamsOf(query: Record<string, unknown> = {}): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (!isMissing(value)) search.set(key, String(value));
  }
  return search;
}

/**
 * The error an answer means, rendered from its code and parameters through the contract's catalogue; the server's
 * `message` and the texts of its `issues` are never shown (docs/decisions/0058). An unknown code, or parameters the
 * code does not declare, give "Server error".
 */
async function errorFrom(
  response: Response,
  endpoint: EndpointDefinition,
  input: LooseInput,
): Promise<ApiError> {
  const payload: unknown = await response.json().catch(() => undefined);
  const parsed = v.safeParse(ErrorBodySchema, payload);
  const code = parsed.success && isErrorCode(parsed.output.code) ? parsed.output.code : undefined;
  if (!parsed.success || !code) return new ApiError(errorCatalogue.serverError, response.status, undefined);
  const { params } = parsed.output;
  if (!hasValidErrorParams(code, params)) {
    return new ApiError(errorCatalogue.serverError, response.status, code);
  }
  const flagged = Object.keys(parsed.output.issues ?? {});
  // A request the endpoint's own schemas refused: the same schemas, run here on what was sent, give each field's
  // text (the client has them all); a rule of the API's gives its reason's text.
  const schemaRefusal = code === errorCodes.validationFailed && params === undefined;
  const ownMessages = schemaRefusal ? fieldMessages(endpoint, input) : {};
  const message = schemaRefusal
    ? (flagged.map((field) => ownMessages[field]).find(Boolean) ?? invalidRequestMessage)
    : errorMessage(code, params as never);
  const issues = Object.fromEntries(
    flagged.map((field) => [field, ownMessages[field] ?? (schemaRefusal ? invalidValueMessage : message)]),
  );
  return new ApiError(message, response.status, code, issues, params);
}

/** The messages the endpoint's body schema gives what was sent, per field. */
function fieldMessages(endpoint: EndpointDefinition, input: LooseInput): Record<string, string> {
  if (!endpoint.body) return {};
  const result = v.safeParse(endpoint.body.schema, input.body);
  return result.success ? {} : fieldErrorsOf(result.issues);
}

/** The typed HTTP client derived from the contract. */
/** Whether a call carries the access token: bearer endpoints, and public ones that also take it. */
const sendsToken = (endpoint: EndpointDefinition) =>
  endpoint.auth === 'bearer' || endpoint.acceptsBearer === true;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const http = ky.create({
    prefix: options.baseUrl.replace(/\/?$/, '/'),
    timeout: options.timeoutMs ?? 15_000,
    retry: 0,
    throwHttpErrors: false,
    // The session's refresh token is an HttpOnly cookie of the API's (docs/decisions/0032).
    credentials: 'include',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  const createXhr =
    options.createXhr ??
    (!options.fetch && typeof XMLHttpRequest !== 'undefined' ? () => new XMLHttpRequest() : undefined);

  async function send(
    endpoint: EndpointDefinition,
    input: LooseInput,
    accessToken: string | undefined,
    callOptions: CallOptions,
  ) {
    const headers: Record<string, string> = {};
    if (sendsToken(endpoint) && accessToken) headers.Authorization = `Bearer ${accessToken}`;
    try {
      if (endpoint.file && input.file) {
        // A file goes as multipart/form-data (docs/decisions/0114); the browser sets the boundary.
        const body = formOf({ ...endpoint, file: endpoint.file }, input.file);
        const search = searchParamsOf(input.query).toString();
        const url = `${options.baseUrl.replace(/\/?$/, '/')}${buildPath(endpoint, input.params)}${search ? `?${search}` : ''}`;
        if (createXhr) {
          return await sendWithProgress(
            createXhr(),
            url,
            { method: endpoint.method, headers, body },
            callOptions.onUploadProgress,
          );
        }
        return await (options.fetch ?? fetch)(url, {
          method: endpoint.method,
          headers,
          body,
          credentials: 'include',
        });
      }
      return await http(buildPath(endpoint, input.params), {
        method: endpoint.method,
        headers,
        searchParams: searchParamsOf(input.query),
        ...(endpoint.body ? { json: input.body } : {}),
      });
    } catch {
      throw new ApiError(errorMessage(errorCodes.network), 0, errorCodes.network);
    }
  }

  return {
    async call(endpoint, input, callOptions = {}) {
      const loose = (input ?? {}) as LooseInput;
      assertRequiredParameters(endpoint, loose);
      let response = await send(endpoint, loose, options.getAccessToken?.(), callOptions);
      if (response.status === 401 && sendsToken(endpoint) && options.refreshAccessToken) {
        const freshToken = await options.refreshAccessToken();
        if (freshToken) response = await send(endpoint, loose, freshToken, callOptions);
      }
      if (!response.ok) throw await errorFrom(response, endpoint, loose);
      const payload: unknown =
        response.status === 204 ? undefined : await response.json().catch(() => undefined);
      const parsed = v.safeParse(endpoint.response, payload);
      if (!parsed.success)
        throw new ApiError(
          errorMessage(errorCodes.invalidResponse),
          response.status,
          errorCodes.invalidResponse,
        );
      return parsed.output as EndpointOutput<typeof endpoint>;
    },
  };
}
