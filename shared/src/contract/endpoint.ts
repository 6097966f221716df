import type * as v from 'valibot';
import type { EndpointPermission } from '../domain/permissions.js';
import { bearerEndpointErrorCodes, type ErrorCode, everyEndpointErrorCodes } from './errors.js';

export type { EndpointPermission };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type ObjectSchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;

/**
 * One endpoint, declared once: the API registers its route from it, the client derives its call from it and both
 * sides' tests use it. `operation` is the name the spec's missing-parameter message uses ("when calling Y").
 */
interface EndpointBase {
  operation: string;
  summary: string;
  method: HttpMethod;
  /** Path with `{name}` placeholders, as written in the spec. */
  path: `/${string}`;
  params?: ObjectSchema;
  query?: ObjectSchema;
  /** The body and the parameter name it has in the missing-parameter message. */
  body?: { name: string; schema: v.GenericSchema };
  /**
   * A multipart/form-data body of one file, instead of JSON (docs/decisions/0114): the API streams the part named
   * `field` to the handler (never buffering the request as a body), the client sends a `Blob`/`File` as that part,
   * and `fileName` checks the name it is sent under. `name` is the parameter name of the missing-parameter message.
   */
  file?: { name: string; field: string; fileName: v.GenericSchema };
  response: v.GenericSchema;
  /** HTTP status of a successful answer; 200 unless stated. */
  successStatus?: number;
  /**
   * The error codes this endpoint answers besides the ones every endpoint (or every bearer endpoint) may answer,
   * which `declaredErrorCodes` adds. The API refuses to answer any other (docs/decisions/0058).
   */
  errors: readonly ErrorCode[];
}

/** The spec's (A) endpoints, which need the access token. */
export interface BearerEndpointDefinition extends EndpointBase {
  auth: 'bearer';
  /**
   * What the caller needs, checked by the API before the handler runs (403 `FORBIDDEN` otherwise) and read by
   * screens to hide what a user may not do: see `@dcipher/shared/domain`'s permission policy and
   * docs/decisions/0022. Required, so no bearer endpoint can forget it.
   */
  permission: EndpointPermission;
  /**
   * A bearer endpoint a user whose password has expired may still call (changing it, signing out, reading the
   * account). Every other bearer endpoint answers them 403 `PASSWORD_CHANGE_REQUIRED`.
   */
  allowedWithExpiredPassword?: boolean;
  /**
   * A bearer endpoint a member may still call while their organization requires two-step verification they have
   * not set up (the set-up itself, reading the account, signing out). Every other bearer endpoint answers them 403
   * `TWO_STEP_SETUP_REQUIRED` (docs/decisions/0034).
   */
  allowedBeforeTwoStepSetup?: boolean;
  /**
   * A bearer endpoint that also takes the payment-setup token `POST /register` answers, so sign-up's step 2 can
   * add a card before the address is verified (`POST /credit-cards` only). Its handler sees a `payment-setup`
   * caller as well as users. See docs/decisions/0021 and 0022.
   */
  acceptsPaymentSetupToken?: boolean;
  /**
   * A bearer endpoint an API key (`X-API-Key`) may call too, as the admin who created the key, within that admin's
   * current permissions. Every other endpoint refuses keys (docs/decisions/0037).
   */
  acceptsApiKey?: boolean;
}

/** Endpoints anyone may call: no token needed, so no permission. */
export interface PublicEndpointDefinition extends EndpointBase {
  auth: 'public';
  /**
   * A public endpoint that answers a signed-in caller as that person when their access token comes with the call
   * (running a workflow: anyone for a public one, a member who may update it otherwise; docs/decisions/0071). The
   * client sends the token it has, and renews it once on a 401, as for bearer endpoints.
   */
  acceptsBearer?: true;
  permission?: never;
  allowedWithExpiredPassword?: never;
  allowedBeforeTwoStepSetup?: never;
  acceptsPaymentSetupToken?: never;
  acceptsApiKey?: never;
}

export type EndpointDefinition = BearerEndpointDefinition | PublicEndpointDefinition;

export function defineEndpoint<const TEndpoint extends EndpointDefinition>(endpoint: TEndpoint): TEndpoint {
  return endpoint;
}

type InputOf<TSchema> = TSchema extends v.GenericSchema ? v.InferInput<TSchema> : never;
type OutputOf<TSchema> = TSchema extends v.GenericSchema ? v.InferOutput<TSchema> : never;

/** What a caller passes: only the parts the endpoint declares. */
export type EndpointInput<TEndpoint extends EndpointDefinition> = (TEndpoint['params'] extends ObjectSchema
  ? { params: InputOf<TEndpoint['params']> }
  : { params?: never }) &
  (TEndpoint['query'] extends ObjectSchema ? { query: InputOf<TEndpoint['query']> } : { query?: never }) &
  (TEndpoint['body'] extends { schema: infer TBody } ? { body: InputOf<TBody> } : { body?: never }) &
  (TEndpoint['file'] extends { field: string } ? { file: UploadedFile } : { file?: never });

/** What a caller uploads: a browser `File` (its name is sent), or a `Blob` with the name to send it under. */
export type UploadedFile = Blob & { readonly name: string };

/** What a handler receives after validation. */
export type EndpointRequest<TEndpoint extends EndpointDefinition> = {
  params: TEndpoint['params'] extends ObjectSchema ? OutputOf<TEndpoint['params']> : Record<string, never>;
  query: TEndpoint['query'] extends ObjectSchema ? OutputOf<TEndpoint['query']> : Record<string, never>;
  body: TEndpoint['body'] extends { schema: infer TBody } ? OutputOf<TBody> : undefined;
};

export type EndpointOutput<TEndpoint extends EndpointDefinition> = v.InferOutput<TEndpoint['response']>;

/** Every code the endpoint may answer: its own `errors` and the ones declared once for all endpoints of its kind. */
export function declaredErrorCodes(endpoint: EndpointDefinition): ReadonlySet<ErrorCode> {
  return new Set<ErrorCode>([
    ...everyEndpointErrorCodes,
    ...(endpoint.auth === 'bearer' || endpoint.acceptsBearer ? bearerEndpointErrorCodes : []),
    ...(endpoint.auth === 'bearer' && endpoint.acceptsApiKey ? (['API_KEY_INVALID'] as const) : []),
    ...endpoint.errors,
  ]);
}

/** Names of the `{placeholders}` in a path. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1] as string);
}
