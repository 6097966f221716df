import * as v from 'valibot';
import {
  allEndpoints,
  contract,
  declaredErrorCodes,
  type EndpointDefinition,
  type ErrorCode,
  errorDefinitions,
  errorMessage,
  errorStatus,
  isErrorCode,
} from '../contract/index.js';
import { errorCatalogue } from '../validation/messages.js';
import { ApiError, createApiClient } from './index.js';

/** Parameter values a schema accepts: every option of a picklist, literal or variant, one value of the rest. */
function samplesOf(schema: v.GenericSchema): unknown[] {
  const node = schema as v.GenericSchema & {
    wrapped?: v.GenericSchema;
    options?: readonly unknown[];
    literal?: unknown;
    entries?: Record<string, v.GenericSchema>;
    pipe?: readonly v.GenericSchema[];
  };
  switch (node.type) {
    case 'optional':
      return [undefined, ...samplesOf(node.wrapped as v.GenericSchema)];
    case 'picklist':
      return [...(node.options ?? [])];
    case 'literal':
      return [node.literal];
    case 'variant':
      return (node.options as v.GenericSchema[]).flatMap(samplesOf);
    case 'object': {
      const entries = Object.entries(node.entries ?? {}).map(
        ([key, entry]) => [key, samplesOf(entry).filter((value) => value !== undefined)] as const,
      );
      const first = Object.fromEntries(entries.map(([key, values]) => [key, values[0]]));
      // One object per value of each entry, the other entries at their first value.
      return entries.flatMap(([key, values]) => values.map((value) => ({ ...first, [key]: value })));
    }
    case 'string':
      return ['acme.test', 'ENOTFOUND'].filter((value) => v.is(schema, value)).slice(0, 1);
    case 'number':
      return [30];
    default:
      throw new Error(`no sample for a ${node.type} parameter`);
  }
}

const samplesOfCode = (code: ErrorCode): unknown[] => {
  const definition = errorDefinitions[code] as { params?: v.GenericSchema };
  return definition.params ? samplesOf(definition.params) : [undefined];
};

/** A minimal input that passes the client's missing-parameter check. */
function inputFor(endpoint: EndpointDefinition) {
  const anything = (schema: v.ObjectSchema<v.ObjectEntries, undefined> | undefined) =>
    schema ? Object.fromEntries(Object.keys(schema.entries).map((key) => [key, 'x'])) : undefined;
  return {
    ...(endpoint.params && { params: anything(endpoint.params as never) }),
    ...(endpoint.query && { query: anything(endpoint.query as never) }),
    ...(endpoint.body && { body: {} }),
    ...(endpoint.file && { file: new File(['x'], 'data.csv') }),
  };
}

/** The API answering every call with one error body, whatever its message says. */
function answering(code: ErrorCode, params: unknown) {
  return createApiClient({
    baseUrl: 'http://api.test',
    fetch: (async () =>
      Response.json(
        { statusCode: 409, error: 'Refused', message: 'Not what the browser shows', code, params },
        { status: isErrorCode(code) ? errorStatus(code) || 500 : 409 },
      )) as typeof fetch,
  });
}

const serverErrorCodes = new Set<ErrorCode>(['INTERNAL', 'INVALID_RESPONSE']);

describe('every declared error of every endpoint', () => {
  // Every code of every endpoint; every reason and parameter value of a code at the first endpoint declaring it,
  // its last sample at the others (the rendering does not depend on the endpoint, only the walk does).
  const walked = new Set<ErrorCode>();
  const cases = allEndpoints.flatMap((endpoint) =>
    [...declaredErrorCodes(endpoint)].flatMap((code) => {
      const samples = samplesOfCode(code);
      const chosen = walked.has(code) ? samples.slice(-1) : samples;
      walked.add(code);
      return chosen.map((params) => [endpoint.operation, code, params, endpoint] as const);
    }),
  );

  it('covers every reason of every code the API answers', () => {
    const declared = new Set(cases.map(([, code]) => code));
    const undeclared = Object.keys(errorDefinitions).filter((code) => !declared.has(code as ErrorCode));
    expect(undeclared.sort()).toEqual(['INVALID_RESPONSE', 'NETWORK']);
    expect(cases.length).toBeGreaterThan(allEndpoints.length * 3);
  });

  it.each(
    cases.map(([operation, code, params, endpoint]) => [
      operation,
      code,
      JSON.stringify(params),
      endpoint,
      params,
    ]),
  )(
    '%s answering %s %s: the client renders the catalogue text from code and parameters',
    async (_operation, code, _shown, endpoint, params) => {
      const failure = await answering(code as ErrorCode, params)
        .call(endpoint as EndpointDefinition, inputFor(endpoint as EndpointDefinition) as never)
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ code, message: errorMessage(code as ErrorCode, params as never) });
      if (!serverErrorCodes.has(code as ErrorCode)) {
        expect((failure as ApiError).message).not.toBe(errorCatalogue.serverError);
      }
    },
  );
});

describe('the client never shows the server text', () => {
  it('renders the two-step requirement refusal from its reason, not from the code alone', async () => {
    const failure = await answering('TWO_FACTOR_STATE_CONFLICT', { reason: 'requiredOfAdminFirst' })
      .call(contract.organization.setTwoStepRequirement, { body: { required: true } })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      message:
        'Set up two-step verification for your own account first, so that requiring it does not lock you out.',
    });
  });

  it('gives "Server error" for an undeclared reason or an unknown code', async () => {
    await expect(
      answering('SUBSCRIPTION_CONFLICT', { reason: 'newer' }).call(contract.subscriptions.cancelSubscription),
    ).rejects.toMatchObject({ message: 'Server error', code: 'SUBSCRIPTION_CONFLICT' });
    await expect(
      answering('NEWER_CODE' as ErrorCode, undefined).call(contract.system.health),
    ).rejects.toMatchObject({ message: 'Server error', code: undefined });
  });

  it("shows field issues from the endpoint's own schema, or the reason's text, never the server's", async () => {
    const client = createApiClient({
      baseUrl: 'http://api.test',
      fetch: (async () =>
        Response.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: '<b>injected</b>',
            code: 'VALIDATION_FAILED',
            issues: { email: '<b>injected</b>', password: '<b>injected</b>' },
          },
          { status: 400 },
        )) as typeof fetch,
    });
    const failure = await client
      .call(contract.auth.login, { body: { email: 'not an address', password: 'x' } })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Invalid email',
      issues: { email: 'Invalid email', password: 'This value is not valid' },
    });

    const ruled = createApiClient({
      baseUrl: 'http://api.test',
      fetch: (async () =>
        Response.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'whatever',
            code: 'VALIDATION_FAILED',
            params: { reason: 'currentPasswordIncorrect' },
            issues: { currentPassword: 'whatever' },
          },
          { status: 400 },
        )) as typeof fetch,
    });
    await expect(
      ruled.call(contract.auth.changePassword, {
        body: {
          currentPassword: 'Old-password-1',
          newPassword: 'New-password-2',
          confirmPassword: 'New-password-2',
        },
      } as never),
    ).rejects.toMatchObject({
      message: 'The current password is not correct.',
      issues: { currentPassword: 'The current password is not correct.' },
    });
  });
});
