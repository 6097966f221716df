import { contract, type WebhookEventType } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { WebhookService } from './webhook-service.js';

const endpoints = contract.webhooks;

/** The webhook endpoints of the caller's organization (admins: the permission the contract declares). */
export function registerWebhookRoutes(app: FastifyInstance, webhooks: WebhookService): void {
  registerEndpoint(app, endpoints.listWebhookEndpoints, (_input, { user }) =>
    webhooks.list(user.organizationId),
  );
  registerEndpoint(app, endpoints.createWebhookEndpoint, ({ body }, { user }) =>
    webhooks.create(user.organizationId, {
      url: body.url,
      description: body.description,
      eventTypes: body.eventTypes as WebhookEventType[],
    }),
  );
  registerEndpoint(app, endpoints.updateWebhookEndpoint, ({ params, body }, { user }) =>
    webhooks.update(user.organizationId, params.endpointId, {
      ...(body.description !== undefined && { description: body.description }),
      ...(body.eventTypes !== undefined && { eventTypes: body.eventTypes as WebhookEventType[] }),
      ...(body.enabled !== undefined && { enabled: body.enabled }),
    }),
  );
  registerEndpoint(app, endpoints.deleteWebhookEndpoint, async ({ params }, { user }) => {
    await webhooks.remove(user.organizationId, params.endpointId);
    return { deleted: true } as const;
  });
  registerEndpoint(app, endpoints.rotateWebhookSecret, ({ params }, { user }) =>
    webhooks.rotateSecret(user.organizationId, params.endpointId),
  );
  registerEndpoint(app, endpoints.listWebhookDeliveries, ({ params, query }, { user }) =>
    webhooks.deliveries(user.organizationId, params.endpointId, {
      page: query.page,
      pageSize: query.pageSize,
    }),
  );
  registerEndpoint(app, endpoints.sendWebhookTestEvent, ({ params }, { user }) =>
    webhooks.sendTest(user.organizationId, params.endpointId),
  );
}
