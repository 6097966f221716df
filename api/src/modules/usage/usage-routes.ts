import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { UsageService } from './usage-service.js';

const endpoints = contract.usage;

/** Usage and limits (docs/decisions/0042). */
export function registerUsageRoutes(app: FastifyInstance, usage: UsageService): void {
  registerEndpoint(app, endpoints.getUsageDetails, (_input, { user, reply }) => {
    reply.header('cache-control', 'no-store');
    return usage.details(user);
  });
  registerEndpoint(app, endpoints.getAddOnUsageDetails, (_input, { user }) => usage.addOnDetails(user));
  registerEndpoint(app, endpoints.getMaxFileSize, async () => usage.maxFileSize());
  registerEndpoint(app, endpoints.validateLimit, ({ body }, { user }) => usage.check(user, body));
  registerEndpoint(app, endpoints.validateActivity, ({ body }, { user }) => usage.check(user, body));
  registerEndpoint(app, endpoints.recordActivity, ({ body }, { user }) => usage.record(user, body));
  registerEndpoint(app, endpoints.validateFile, ({ body }, { user }) => usage.checkFile(user, body));
}
