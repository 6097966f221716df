import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import { listActivePricingPlans, listPayAsYouGoPrices } from './pricing-repository.js';

export function registerPricingRoutes(app: FastifyInstance, database: Database): void {
  registerEndpoint(app, contract.pricing.listPricingPlans, () => listActivePricingPlans(database));
  registerEndpoint(app, contract.pricing.listPayAsYouGoPrices, () => listPayAsYouGoPrices(database));
}
