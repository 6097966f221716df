import { contract, whitePaperDownloadPath } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import { publicFormSubmissionLimit, type RateLimiter } from '../abuse/rate-limiter.js';
import { insertWhitePaperRequest } from './white-paper-request-repository.js';

const endpoint = contract.whitePaper.requestWhitePaper;

/**
 * Stores the visitor as a lead and answers where the marketing site serves the PDF. The file itself is public
 * (a static file of the site); the form is a courtesy exchange, not access control.
 */
export function registerWhitePaperRoutes(
  app: FastifyInstance,
  database: Database,
  rateLimiter: RateLimiter,
): void {
  registerEndpoint(app, endpoint, async ({ body }, { request }) => {
    await rateLimiter.consume({ bucket: endpoint.operation, ...publicFormSubmissionLimit }, request.ip);
    await insertWhitePaperRequest(database, body);
    return { downloadUrl: whitePaperDownloadPath };
  });
}
