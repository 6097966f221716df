import { contract, whitePaperDownloadPath } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { type Mailer, sendLoggingFailure } from '../../adapters/mailer/mailer.js';
import type { Database } from '../../db/database.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import { publicFormSubmissionLimit, type RateLimiter, type RateLimitRule } from '../abuse/rate-limiter.js';
import { whitePaperCopyEmail } from './white-paper-emails.js';
import { insertWhitePaperRequest } from './white-paper-request-repository.js';

const endpoint = contract.whitePaper.requestWhitePaper;

/** Copies to one address: 3 an hour; past it the request is still stored and answered, but nothing is sent. */
export const whitePaperCopiesPerAddressLimit: RateLimitRule = {
  bucket: 'white-paper-copies-per-address',
  limit: 3,
  windowSeconds: 60 * 60,
};

/**
 * Stores the visitor as a lead, emails them a copy (a link to the PDF, through the outbox, once the lead is
 * stored; a failure to queue it is logged and loses nothing) and answers where the marketing site serves the
 * PDF. The file itself is public (a static file of the site); the form is a courtesy exchange, not access control.
 */
export function registerWhitePaperRoutes(
  app: FastifyInstance,
  database: Database,
  rateLimiter: RateLimiter,
  mailer: Mailer,
  webUrl: string,
): void {
  registerEndpoint(
    app,
    endpoint,
    async ({ body }, { request }) => {
      await insertWhitePaperRequest(database, body);
      if (await rateLimiter.tryConsume(whitePaperCopiesPerAddressLimit, body.email)) {
        await sendLoggingFailure(mailer, whitePaperCopyEmail(body, webUrl), request.log);
      }
      return { downloadUrl: whitePaperDownloadPath };
    },
    { rateLimits: [{ bucket: endpoint.operation, ...publicFormSubmissionLimit, per: 'ip' }] },
  );
}
