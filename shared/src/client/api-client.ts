import ky from 'ky';
import * as v from 'valibot';
import {
  type EndpointDefinition,
  type EndpointInput,
  type EndpointOutput,
  pathParameterNames,
} from '../contract/endpoint.js';
import { ErrorBodySchema, errorCodes, errorDefinitions, isErrorCode } from '../contract/errors.js';
import { errorCatalogue, isCatalogueMessage } from '../validation/messages.js';
import { ApiError, RequiredParameterError } from './api-error.js';

export interface ApiClientOptions {
  baseUrl: string;
  /** The current access token, sent on the spec's (A) endpoints. */
  getAccessToken?: () => string | undefined;
  /** Called once when an (A) endpoint answers 401; returns a fresh token to retry with, or nothing. */
  refreshAccessToken?: () => Promise<string | undefined>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface ApiClient {
  call<TEndpoint extends EndpointDefinition>(
    endpoint: TEndpoint,
    input?: EndpointInput<TEndpoint>,
  ): Promise<EndpointOutput<TEndpoint>>;
}

type LooseInput = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

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

async function errorFrom(response: Response): Promise<ApiError> {
  const payload: unknown = await response.json().catch(() => undefined);
  const parsed = v.safeParse(ErrorBodySchema, payload);
  if (!parsed.success) return new ApiError(errorCatalogue.serverError, response.status, undefined);
  const { message, issues } = parsed.output;
  const code = isErrorCode(parsed.output.code) ? parsed.output.code : undefined;
  // The server's text when it is one of ours, else the contract's text for the code, else "Server error".
  const text = isCatalogueMessage(message)
    ? message
    : code
      ? errorDefinitions[code].message
      : errorCatalogue.serverError;
  return new ApiError(text, response.status, code, issues ?? {});
}

/** The typed HTTP client derived from the contract. */
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

  async function send(endpoint: EndpointDefinition, input: LooseInput, accessToken: string | undefined) {
    const headers: Record<string, string> = {};
    if (endpoint.auth === 'bearer' && accessToken) headers.Authorization = `Bearer ${accessToken}`;
    try {
      return await http(buildPath(endpoint, input.params), {
        method: endpoint.method,
        headers,
        searchParams: searchParamsOf(input.query),
        ...(endpoint.body ? { json: input.body } : {}),
      });
    } catch {
      throw new ApiError(errorDefinitions.NETWORK.message, 0, errorCodes.network);
    }
  }

  return {
    async call(endpoint, input) {
      const loose = (input ?? {}) as LooseInput;
      assertRequiredParameters(endpoint, loose);
      let response = await send(endpoint, loose, options.getAccessToken?.());
      if (response.status === 401 && endpoint.auth === 'bearer' && options.refreshAccessToken) {
        const freshToken = await options.refreshAccessToken();
        if (freshToken) response = await send(endpoint, loose, freshToken);
      }
      if (!response.ok) throw await errorFrom(response);
      const payload: unknown =
        response.status === 204 ? undefined : await response.json().catch(() => undefined);
      const parsed = v.safeParse(endpoint.response, payload);
      if (!parsed.success)
        throw new ApiError(
          errorDefinitions.INVALID_RESPONSE.message,
          response.status,
          errorCodes.invalidResponse,
        );
      return parsed.output as EndpointOutput<typeof endpoint>;
    },
  };
}
