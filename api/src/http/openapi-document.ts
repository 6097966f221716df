import {
  apiKeyHeader,
  type EndpointDefinition,
  ErrorBodySchema,
  pathParameterNames,
} from '@dcipher/shared/contract';
import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect); parts with no JSON Schema form (transforms) are left out. */
function jsonSchemaOf(schema: v.GenericSchema): JsonSchema {
  const { $schema: _dialect, ...jsonSchema } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    errorMode: 'ignore',
  });
  return jsonSchema;
}

function parametersOf(endpoint: EndpointDefinition) {
  const parameters: object[] = [];
  const add = (location: 'path' | 'query', schema: v.GenericSchema | undefined, names: string[]) => {
    const objectSchema = schema ? jsonSchemaOf(schema) : undefined;
    const required = new Set(location === 'path' ? names : (objectSchema?.required ?? []));
    for (const name of names) {
      const property = objectSchema?.properties?.[name];
      parameters.push({
        name,
        in: location,
        required: required.has(name),
        schema: typeof property === 'object' ? property : { type: 'string' },
      });
    }
  };
  const pathNames = pathParameterNames(endpoint.path);
  add('path', endpoint.params, pathNames);
  add('query', endpoint.query, endpoint.query ? Object.keys(endpoint.query.entries) : []);
  return parameters;
}

/** The OpenAPI 3.1 description of every contract endpoint. */
export function createOpenApiDocument(endpoints: readonly EndpointDefinition[]) {
  const paths: Record<string, Record<string, object>> = {};
  for (const endpoint of endpoints) {
    const parameters = parametersOf(endpoint);
    paths[endpoint.path] ??= {};
    (paths[endpoint.path] as Record<string, object>)[endpoint.method.toLowerCase()] = {
      operationId: endpoint.operation,
      summary: endpoint.summary,
      // `x-permission`: what the caller needs under the permission policy (docs/decisions/0022), and for an
      // organization-only call the feature an Individual account does not have (`feature`, 0085).
      ...(endpoint.auth === 'bearer' && {
        // Either scheme satisfies an endpoint that accepts API keys (docs/decisions/0037).
        security: endpoint.acceptsApiKey ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }],
        'x-permission': endpoint.permission,
      }),
      ...(parameters.length > 0 && { parameters }),
      ...(endpoint.body && {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: jsonSchemaOf(endpoint.body.schema) } },
        },
      }),
      // A file streamed as multipart/form-data, in one part (docs/decisions/0114).
      ...(endpoint.file && {
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: [endpoint.file.field],
                properties: { [endpoint.file.field]: { type: 'string', format: 'binary' } },
              },
            },
          },
        },
      }),
      responses: {
        [String(endpoint.successStatus ?? 200)]: {
          description: 'Success',
          content: { 'application/json': { schema: jsonSchemaOf(endpoint.response) } },
        },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
        },
      },
    };
  }

  return {
    openapi: '3.1.0',
    info: { title: 'Dcipher account API', version: '0.1.0' },
    paths,
    components: {
      schemas: { ErrorBody: jsonSchemaOf(ErrorBodySchema) },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: apiKeyHeader },
      },
    },
  };
}
