import * as v from 'valibot';
import { tooLong, validationMessages, webhookMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';
import { pageNumber } from './page-number.js';

/**
 * Webhooks (issue 35 point 5, docs/decisions/0111). An organization's admins register HTTPS endpoints that are told
 * when a workflow run ends. Each delivery is a POST signed as the Standard Webhooks specification says
 * (https://www.standardwebhooks.com): headers `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature` (`v1,<base64 of HMAC-SHA256 over "<id>.<timestamp>.<body>">`), keyed with the endpoint's
 * secret (`whsec_<base64>`, answered once, when the endpoint is created or its secret rotated). The body is
 * `{ type, timestamp, data }`. A delivery that is not answered 2xx is tried again with a doubling wait; the
 * endpoint's delivery log keeps each delivery's attempts and the last response.
 */

/** The events an endpoint may subscribe to. */
export const webhookEventTypes = ['flow.run.finished', 'flow.run.failed'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** The event "Send test event" sends, to any endpoint whatever it subscribes to. */
export const webhookTestEventType = 'webhook.test';
export type WebhookDeliveryEventType = WebhookEventType | typeof webhookTestEventType;
export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** How a secret starts (the specification's convention): the rest is the base64 of the key's bytes. */
export const webhookSecretPrefix = 'whsec_';
export const webhookEndpointsMaxCount = 10;
export const webhookUrlMaxLength = 2000;
export const webhookDescriptionMaxLength = 200;
/** The first bytes of a response's body the delivery log keeps. */
export const webhookResponseBodyMaxLength = 1000;
export const webhookDeliveriesPageSizeMax = 100;

const timestamp = v.pipe(v.string(), v.isoTimestamp());
const endpointId = v.pipe(v.string(validationMessages.required), v.uuid(webhookMessages.endpointNotFound));

/** A whole http(s) URL; the API refuses http outside tests and addresses off the public internet. */
const webhookUrl = v.pipe(
  v.string(webhookMessages.urlRequired),
  v.trim(),
  v.nonEmpty(webhookMessages.urlRequired),
  v.maxLength(webhookUrlMaxLength, tooLong(webhookUrlMaxLength)),
  v.url(webhookMessages.urlInvalid),
  v.regex(/^https?:\/\//i, webhookMessages.httpsRequired),
);
const description = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(webhookDescriptionMaxLength, tooLong(webhookDescriptionMaxLength)),
);
const eventTypes = v.pipe(
  v.array(v.picklist(webhookEventTypes, webhookMessages.eventTypesRequired)),
  v.minLength(1, webhookMessages.eventTypesRequired),
  v.transform((types) => webhookEventTypes.filter((type) => types.includes(type))),
);

export const WebhookEndpointSchema = v.object({
  id: v.string(),
  url: v.string(),
  description: v.string(),
  eventTypes: v.array(v.picklist(webhookEventTypes)),
  enabled: v.boolean(),
  createdAt: timestamp,
  /** When the secret was last replaced (null: never rotated). */
  secretRotatedAt: v.nullable(timestamp),
});
export type WebhookEndpoint = v.InferOutput<typeof WebhookEndpointSchema>;

export const WebhookEndpointListSchema = v.object({ endpoints: v.array(WebhookEndpointSchema) });
export type WebhookEndpointList = v.InferOutput<typeof WebhookEndpointListSchema>;

/** An endpoint and, this once, its whole secret. */
export const IssuedWebhookEndpointSchema = v.object({ endpoint: WebhookEndpointSchema, secret: v.string() });
export type IssuedWebhookEndpoint = v.InferOutput<typeof IssuedWebhookEndpointSchema>;

export const CreateWebhookEndpointInputSchema = v.object({
  url: webhookUrl,
  description: v.optional(description, ''),
  eventTypes,
});
export type CreateWebhookEndpointInput = v.InferInput<typeof CreateWebhookEndpointInputSchema>;

export const UpdateWebhookEndpointInputSchema = v.object({
  description: v.optional(description),
  eventTypes: v.optional(eventTypes),
  enabled: v.optional(v.boolean()),
});
export type UpdateWebhookEndpointInput = v.InferInput<typeof UpdateWebhookEndpointInputSchema>;

export const WebhookEndpointParamsSchema = v.object({ endpointId });

export const WebhookDeliverySchema = v.object({
  id: v.string(),
  /** The `webhook-id` header: the same on every attempt, so a receiver can drop a repeat. */
  eventId: v.string(),
  eventType: v.picklist([...webhookEventTypes, webhookTestEventType]),
  status: v.picklist(webhookDeliveryStatuses),
  attempts: v.pipe(v.number(), v.integer(), v.minValue(0)),
  createdAt: timestamp,
  lastAttemptAt: v.nullable(timestamp),
  /** When the next attempt is due (null: none will be made). */
  nextAttemptAt: v.nullable(timestamp),
  /** The last response's status (null: no response, see `lastError`). */
  responseStatus: v.nullable(v.number()),
  /** The first `webhookResponseBodyMaxLength` characters of the last response's body. */
  responseBody: v.nullable(v.string()),
  /** Why the last attempt got no response: `timeout`, `refused` (an address off the public internet), `network`. */
  lastError: v.nullable(v.picklist(['timeout', 'refused', 'network'])),
});
export type WebhookDelivery = v.InferOutput<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesQuerySchema = v.object({
  page: v.optional(pageNumber(1_000_000), '1'),
  pageSize: v.optional(pageNumber(webhookDeliveriesPageSizeMax), '25'),
});

export const WebhookDeliveryPageSchema = v.object({
  deliveries: v.array(WebhookDeliverySchema),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
});
export type WebhookDeliveryPage = v.InferOutput<typeof WebhookDeliveryPageSchema>;

const permission = (action: 'create' | 'read' | 'update' | 'delete') =>
  ({ resource: 'webhook', action }) as const;

export const listWebhookEndpoints = defineEndpoint({
  operation: 'listWebhookEndpoints',
  errors: [],
  summary: "The organization's webhook endpoints, without their secrets (admins only)",
  method: 'GET',
  path: '/webhooks',
  auth: 'bearer',
  permission: permission('read'),
  acceptsApiKey: true,
  response: WebhookEndpointListSchema,
});

export const createWebhookEndpoint = defineEndpoint({
  operation: 'createWebhookEndpoint',
  errors: [],
  summary:
    'Register an HTTPS endpoint for workflow run events; its signing secret is answered this once (admins only)',
  method: 'POST',
  path: '/webhooks',
  auth: 'bearer',
  permission: permission('create'),
  acceptsApiKey: true,
  body: { name: 'createWebhookEndpointInput', schema: CreateWebhookEndpointInputSchema },
  response: IssuedWebhookEndpointSchema,
  successStatus: 201,
});

export const updateWebhookEndpoint = defineEndpoint({
  operation: 'updateWebhookEndpoint',
  errors: ['NOT_FOUND'],
  summary: "Change an endpoint's description or events, or turn it off and on (admins only)",
  method: 'PUT',
  path: '/webhooks/{endpointId}',
  auth: 'bearer',
  permission: permission('update'),
  acceptsApiKey: true,
  params: WebhookEndpointParamsSchema,
  body: { name: 'updateWebhookEndpointInput', schema: UpdateWebhookEndpointInputSchema },
  response: WebhookEndpointSchema,
});

export const deleteWebhookEndpoint = defineEndpoint({
  operation: 'deleteWebhookEndpoint',
  errors: ['NOT_FOUND'],
  summary: 'Delete an endpoint and its delivery log; nothing more is sent to it (admins only)',
  method: 'DELETE',
  path: '/webhooks/{endpointId}',
  auth: 'bearer',
  permission: permission('delete'),
  acceptsApiKey: true,
  params: WebhookEndpointParamsSchema,
  response: v.object({ deleted: v.literal(true) }),
});

export const rotateWebhookSecret = defineEndpoint({
  operation: 'rotateWebhookSecret',
  errors: ['NOT_FOUND'],
  summary:
    "Replace an endpoint's signing secret: the new one is answered once and signs from now on (admins only)",
  method: 'POST',
  path: '/webhooks/{endpointId}/rotate-secret',
  auth: 'bearer',
  permission: permission('update'),
  acceptsApiKey: true,
  params: WebhookEndpointParamsSchema,
  response: IssuedWebhookEndpointSchema,
});

export const listWebhookDeliveries = defineEndpoint({
  operation: 'listWebhookDeliveries',
  errors: ['NOT_FOUND'],
  summary: "An endpoint's delivery log, newest first, paged: attempts and the last response (admins only)",
  method: 'GET',
  path: '/webhooks/{endpointId}/deliveries',
  auth: 'bearer',
  permission: permission('read'),
  acceptsApiKey: true,
  params: WebhookEndpointParamsSchema,
  query: WebhookDeliveriesQuerySchema,
  response: WebhookDeliveryPageSchema,
});

export const sendWebhookTestEvent = defineEndpoint({
  operation: 'sendWebhookTestEvent',
  errors: ['NOT_FOUND'],
  summary: 'Queue a signed `webhook.test` event to the endpoint; it shows in the delivery log (admins only)',
  method: 'POST',
  path: '/webhooks/{endpointId}/test',
  auth: 'bearer',
  permission: permission('update'),
  acceptsApiKey: true,
  params: WebhookEndpointParamsSchema,
  response: WebhookDeliverySchema,
  successStatus: 202,
});
