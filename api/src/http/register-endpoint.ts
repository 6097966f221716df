import {
  type BearerEndpointDefinition,
  type EndpointDefinition,
  type EndpointOutput,
  type EndpointRequest,
  errorCodes,
  permissionRefusal,
} from '@dcipher/shared/contract';
import {
  type CustomerType,
  isPermitted,
  type OrganizationRole,
  type PermissionSubject,
} from '@dcipher/shared/domain';
import { disallowedCharacterMessage, fieldErrorsOf, issueMessage } from '@dcipher/shared/validation';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { RateLimiter, RateLimitRule } from '../modules/abuse/rate-limiter.js';
import {
  ApiError,
  ForbiddenError,
  PasswordChangeRequiredError,
  SchemaValidationError,
  TwoStepSetupRequiredError,
  ValidationError,
} from './api-error.js';

/** The signed-in user of a bearer endpoint, as the database knows them now. */
export interface AuthenticatedUser {
  kind: 'user';
  id: string;
  email: string;
  organizationId: string;
  /** The organization's customer type: organization-only endpoints refuse an Individual one (0085). */
  customerType: CustomerType;
  role: OrganizationRole;
  requiresPasswordChange: boolean;
  /** Dcipher staff: may call endpoints whose permission is `internal-admin`. */
  internalAdmin: boolean;
  /** The session (refresh-token family) of the access token. */
  sessionId?: string;
  /** The organization requires two-step verification this user has not set up yet (0034). */
  twoStepSetupRequired?: boolean;
  /** Set when an API key made the call: the key acts as this user (docs/decisions/0037). */
  apiKeyId?: string;
}

/**
 * Sign-up's step 2, holding the payment-setup token `POST /register` answered: not a user (the address is not
 * verified yet), and only endpoints marked `acceptsPaymentSetupToken` see it. `existingAddress` when the address
 * already had an account: then the ids name nobody and nothing may be stored (docs/decisions/0021, 0022).
 */
export interface PaymentSetupCaller {
  kind: 'payment-setup';
  organizationId: string;
  userId: string;
  existingAddress: boolean;
}

/** Whoever presented a valid bearer token. */
export type Caller = AuthenticatedUser | PaymentSetupCaller;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a route was registered from: the error handler checks its declared error codes. */
    endpoint?: EndpointDefinition;
  }
  interface FastifyInstance {
    /**
     * Resolves the bearer token's caller; rejects with UnauthorizedError. With `acceptPaymentSetup`, a
     * payment-setup token is accepted too. Decorated by createServer.
     */
    authenticateBearer(
      request: FastifyRequest,
      options?: { acceptPaymentSetup?: false },
    ): Promise<AuthenticatedUser>;
    authenticateBearer(request: FastifyRequest, options: { acceptPaymentSetup: boolean }): Promise<Caller>;
    /**
     * The key a request carries (`X-API-Key`, `Authorization: ApiKey`), if any, and the user it acts as; rejects
     * with a 401 when the key is not valid. Decorated by createServer.
     */
    apiKeyOf(request: FastifyRequest): string | undefined;
    authenticateApiKey(secret: string): Promise<AuthenticatedUser>;
    /** The shared rate limiter (kept in the database); decorated by createServer. */
    rateLimiter: RateLimiter;
  }
}

/**
 * A rate limit declared beside an endpoint's registration (docs/decisions/0064), counted per client address or per
 * signed-in user before the handler runs; its bucket is the rule's own.
 */
export type DeclaredRateLimit = RateLimitRule & { per: 'ip' | 'user' };

export interface EndpointOptions {
  rateLimits?: readonly DeclaredRateLimit[];
}

/** `reply` is for response headers only (Cache-Control...); the handler's return value is the body. */
export type EndpointContext<TEndpoint extends EndpointDefinition> = TEndpoint['auth'] extends 'bearer'
  ? {
      /** A payment-setup caller only reaches endpoints that accept its token. */
      user: TEndpoint extends { acceptsPaymentSetupToken: true } ? Caller : AuthenticatedUser;
      request: FastifyRequest;
      reply: FastifyReply;
    }
  : { user?: undefined; request: FastifyRequest; reply: FastifyReply };

export type EndpointHandler<TEndpoint extends EndpointDefinition> = (
  input: EndpointRequest<TEndpoint>,
  context: EndpointContext<TEndpoint>,
) => Promise<EndpointOutput<TEndpoint>>;

/** `/flows/{flowId}` (the contract's spelling) to `/flows/:flowId` (Fastify's). */
export const toFastifyPath = (path: string) => path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');

/**
 * Registers one contract endpoint: its method and path, its bearer check (a user whose password has expired
 * only reaches endpoints marked `allowedWithExpiredPassword`), its declared permission (403 `FORBIDDEN` when the
 * policy refuses the caller, so no handler checks a role itself), validation of path, query and body against its
 * schemas (400 with one message per field), and its success status. Handlers see validated input.
 */
export function registerEndpoint<const TEndpoint extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: TEndpoint,
  handler: EndpointHandler<TEndpoint>,
  { rateLimits = [] }: EndpointOptions = {},
): void {
  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    config: { endpoint },
    // The declared response serialises the answer (fast-json-stringify): fast, and a field the contract does not
    // declare never leaves the server, whatever the handler returned.
    schema: { response: { [endpoint.successStatus ?? 200]: responseJsonSchema(endpoint.response) } },
    handler: async (request, reply) => {
      const user = endpoint.auth === 'bearer' ? await authorize(app, endpoint, request) : undefined;
      const input = validateInput(endpoint, request);
      for (const limit of rateLimits) {
        const client = limit.per === 'user' && user?.kind === 'user' ? user.id : request.ip;
        await app.rateLimiter.consume(limit, client);
      }
      const context = { user, request, reply } as EndpointContext<TEndpoint>;
      const output = await handler(input as EndpointRequest<TEndpoint>, context);
      return reply.code(endpoint.successStatus ?? 200).send(output);
    },
  });
}

/**
 * The JSON Schema (draft-07, Fastify's serializer's dialect) of a declared response. Valibot actions without a JSON
 * Schema form (transforms, custom checks) are left out: they constrain values, not which fields are sent.
 */
export function responseJsonSchema(schema: v.GenericSchema): object {
  const { $schema: _dialect, ...jsonSchema } = toJsonSchema(schema, {
    target: 'draft-07',
    errorMode: 'ignore',
  }) as { $schema?: string };
  return jsonSchema;
}

/**
 * In tests, every success answer is checked against its endpoint's declared response before it is serialised: an
 * answer the contract does not describe fails the test that made it (docs/decisions/0062).
 */
export function checkAnswersAgainstTheContract(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (!endpoint || reply.statusCode >= 300) return payload;
    const checked = v.safeParse(endpoint.response, payload);
    if (!checked.success) {
      const [issue] = checked.issues;
      const path = issue?.path?.map((item) => String(item.key)).join('.') ?? '';
      throw new Error(
        `${endpoint.operation} answered what its declared response does not allow at "${path}": ${issue?.message}`,
      );
    }
    return payload;
  });
}

/** The bearer caller, once the password-expiry rule and the endpoint's declared permission let them through. */
async function authorize(
  app: FastifyInstance,
  endpoint: BearerEndpointDefinition,
  request: FastifyRequest,
): Promise<Caller> {
  const apiKey = app.apiKeyOf(request);
  if (apiKey !== undefined && !endpoint.acceptsApiKey)
    throw new ForbiddenError({ reason: 'apiKeyNotAllowed' });
  const caller =
    apiKey !== undefined
      ? await app.authenticateApiKey(apiKey)
      : await app.authenticateBearer(request, {
          acceptPaymentSetup: endpoint.acceptsPaymentSetupToken === true,
        });
  if (caller.kind === 'user' && caller.requiresPasswordChange && !endpoint.allowedWithExpiredPassword) {
    throw new PasswordChangeRequiredError();
  }
  if (caller.kind === 'user' && caller.twoStepSetupRequired && !endpoint.allowedBeforeTwoStepSetup) {
    throw new TwoStepSetupRequiredError();
  }
  const subject = permissionSubjectOf(caller);
  if (!isPermitted(subject, endpoint.permission)) {
    throw new ForbiddenError(permissionRefusal(endpoint.permission, subject));
  }
  return caller;
}

/** What the shared policy needs to know of a caller. */
export function permissionSubjectOf(caller: Caller): PermissionSubject {
  return caller.kind === 'user'
    ? {
        kind: 'user',
        role: caller.role,
        internalAdmin: caller.internalAdmin,
        customerType: caller.customerType,
      }
    : { kind: 'payment-setup' };
}

function validateInput(endpoint: EndpointDefinition, request: FastifyRequest) {
  const issues: v.BaseIssue<unknown>[] = [];
  const parse = (schema: v.GenericSchema | undefined, value: unknown) => {
    if (!schema) return undefined;
    // Every rule runs, as in the browser's `validateForm`, so cross-field checks (a business's company and size)
    // are reported together with the rest; `fieldErrorsOf` keeps the first message per field, which is the one a
    // field's own pipe gives first. The bodies' regular expressions are linear, so this costs nothing to abuse.
    const result = v.safeParse(schema, value);
    if (result.success) return result.output;
    issues.push(...result.issues);
    return undefined;
  };

  // PostgreSQL cannot store a NUL character in text: refused for every field of every endpoint, with the field's
  // own message when one of its rules fails too, else one saying so (the input is never repeated).
  const nulFields = [
    ...fieldsHoldingNul(request.params, []),
    ...fieldsHoldingNul(request.query, []),
    ...fieldsHoldingNul(request.body, []),
  ];
  const params = parse(endpoint.params, request.params) ?? {};
  const query = parse(endpoint.query, request.query) ?? {};
  let body: unknown;
  if (endpoint.body) {
    // No body at all reads as an empty object, so the client learns which fields are required.
    const raw = request.body ?? {};
    if (typeof raw !== 'object' || Array.isArray(raw)) {
      throw new ValidationError('bodyNotObject');
    }
    body = parse(endpoint.body.schema, raw);
  }

  const [firstIssue] = issues;
  if (firstIssue || nulFields.length > 0) {
    // Messages are keyed by the fields the contract declares only: a key the caller made up is never repeated.
    const declared = new Set([
      ...declaredFields(endpoint.params),
      ...declaredFields(endpoint.query),
      ...declaredFields(endpoint.body?.schema),
    ]);
    const fieldErrors = Object.fromEntries(
      Object.entries(fieldErrorsOf(issues)).filter(([field]) => declared.has(field.split('.')[0] ?? '')),
    );
    for (const field of nulFields) {
      const name = field.split('.')[0] ?? '';
      if (declared.has(name)) fieldErrors[name] ??= disallowedCharacterMessage;
    }
    const flagged = Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined;
    // Only NUL characters: a rule of the API's, with its reason; else the schemas' refusal, which the client
    // reproduces by running the same schemas.
    if (!firstIssue) {
      throw new ApiError(errorCodes.validationFailed, {
        params: { reason: 'disallowedCharacter' },
        ...(flagged && { issues: flagged }),
      });
    }
    throw new SchemaValidationError(issueMessage(firstIssue), flagged);
  }
  return { params, query, body };
}

/** The dotted paths of the strings (keys included) holding a NUL character; bounded in depth and count. */
function fieldsHoldingNul(value: unknown, path: string[], found: string[] = [], depth = 0): string[] {
  if (found.length >= 20 || depth > 32) return found;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path.join('.'));
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      fieldsHoldingNul(item, [...path, String(index)], found, depth + 1);
    });
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const safeKey = key.includes('\u0000') ? '' : key;
      if (safeKey === '' && key !== '') found.push(path.join('.'));
      fieldsHoldingNul(item, [...path, safeKey], found, depth + 1);
    }
  }
  return found;
}

/** The top-level field names of an object schema (also inside a pipe). */
export function declaredFields(schema: v.GenericSchema | undefined): string[] {
  const candidate = schema as unknown as { entries?: object; pipe?: { entries?: object }[] } | undefined;
  const entries = candidate?.entries ?? candidate?.pipe?.[0]?.entries;
  return entries ? Object.keys(entries) : [];
}
