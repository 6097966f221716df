import type { FastifyInstance, FastifyReply } from 'fastify';
import { findOutboxMessage, listOutboxMessages } from '../../adapters/mailer/email-outbox-repository.js';
import type { Database } from '../../db/database.js';
import { type MailboxPageOptions, renderMailboxPage, renderMessagePage } from './dev-mailbox-pages.js';

const pageSize = 100;

// The pages show stored email, not script; the sandboxed preview inherits this policy, so an email's own HTML
// cannot run script or submit forms either. Links carry one-time tokens: no referrer, no caching.
const pageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https: http:; form-action 'self'; " +
    "frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

const recipientFilter = (query: unknown): string | undefined => {
  const to = (query as { to?: unknown } | undefined)?.to;
  return typeof to === 'string' && to.trim() !== '' ? to.trim() : undefined;
};

/**
 * The local outbox, for people (`/dev/mailbox`, one message at `/dev/mailbox/{id}`) and for browser tests
 * (`/dev/mailbox.json?to=`). A development tool, not part of the API contract: registered only outside
 * production and absent from the OpenAPI document.
 */
export function registerDevMailboxRoutes(
  app: FastifyInstance,
  database: Database,
  options: MailboxPageOptions,
): void {
  const sendPage = (reply: FastifyReply, html: string) => reply.headers(pageHeaders).send(html);

  app.get('/dev/mailbox', async (request, reply) => {
    const filter = { to: recipientFilter(request.query), limit: pageSize };
    const messages = await listOutboxMessages(database, filter);
    return sendPage(reply, renderMailboxPage(messages, filter, options));
  });

  // Each message as { id, to, subject, text, html, tag, createdAt }, newest first.
  app.get('/dev/mailbox.json', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listOutboxMessages(database, { to: recipientFilter(request.query), limit: pageSize });
  });

  app.get('/dev/mailbox/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const message = await findOutboxMessage(database, id);
    if (!message) return reply.callNotFound();
    return sendPage(reply, renderMessagePage(message, options));
  });
}
