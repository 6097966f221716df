import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import { publicFormSubmissionLimit, type RateLimiter } from '../abuse/rate-limiter.js';
import { insertContactRequest } from './contact-request-repository.js';

const endpoint = contract.contact.createContactRequest;

/**
 * Contact requests are only stored: the team reads them from the database until a mailer adapter exists to
 * notify it. Only valid submissions count towards the rate limit, as only they reach the database.
 */
export function registerContactRoutes(
  app: FastifyInstance,
  database: Database,
  rateLimiter: RateLimiter,
): void {
  registerEndpoint(app, endpoint, async ({ body }, { request }) => {
    await rateLimiter.consume({ bucket: endpoint.operation, ...publicFormSubmissionLimit }, request.ip);
    return insertContactRequest(database, body);
  });
}
