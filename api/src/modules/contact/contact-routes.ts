import { contract } from '@dcipher/shared/contract';
import { companyContacts } from '@dcipher/shared/domain';
import type { FastifyInstance } from 'fastify';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import { type Mailer, sendLoggingFailure } from '../../adapters/mailer/mailer.js';
import type { Database } from '../../db/database.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import { publicFormSubmissionLimit, type RateLimiter, type RateLimitRule } from '../abuse/rate-limiter.js';
import { contactAcknowledgementEmail } from './contact-emails.js';
import { insertContactRequest } from './contact-request-repository.js';

const endpoint = contract.contact.createContactRequest;

/**
 * Acknowledgements to one address: 3 an hour. Past it the request is still stored and answered as usual, but
 * nothing more is sent, so the form cannot flood a stranger's inbox from many IP addresses.
 */
export const contactAcknowledgementsPerAddressLimit: RateLimitRule = {
  bucket: 'contact-acknowledgements-per-address',
  limit: 3,
  windowSeconds: 60 * 60,
};

/**
 * Contact requests are stored, then acknowledged to the requester by email (contact-emails.ts): the email goes
 * through the outbox once the request is stored, and failing to queue it is logged without failing the request,
 * which is kept either way. Only valid submissions count towards the rate limit, as only they reach the database.
 */
export function registerContactRoutes(
  app: FastifyInstance,
  database: Database,
  rateLimiter: RateLimiter,
  mailer: Mailer,
): void {
  registerEndpoint(
    app,
    endpoint,
    async ({ body }, { request }) => {
      const receipt = await insertContactRequest(database, body);
      if (await rateLimiter.tryConsume(contactAcknowledgementsPerAddressLimit, body.email)) {
        await sendLoggingFailure(mailer, contactAcknowledgementEmail(body, receipt), request.log);
      }
      return receipt;
    },
    { rateLimits: [{ bucket: endpoint.operation, ...publicFormSubmissionLimit, per: 'ip' }] },
  );

  // A custom (Enterprise) plan request: kept as a sales contact request and emailed to the sales team.
  registerEndpoint(app, contract.pricing.createCustomPlan, async ({ body }, { request }) => {
    await rateLimiter.consume(
      { bucket: contract.pricing.createCustomPlan.operation, ...publicFormSubmissionLimit },
      request.ip,
    );
    const { seats, message, ...person } = body;
    const text = `Custom plan request${seats ? ` for about ${seats} people` : ''}:\n\n${message}`;
    const receipt = await insertContactRequest(database, { ...person, topic: 'sales', message: text });
    await mailer.send({
      to: companyContacts.salesEmail,
      subject: `Custom plan request from ${person.company}`,
      tag: 'custom-plan-request',
      ...renderEmailLayout({
        preheader: `${person.firstName} ${person.lastName} of ${person.company} asks for a custom plan.`,
        heading: 'A custom plan request',
        paragraphs: [
          `${person.firstName} ${person.lastName} (${person.email}${person.phone ? `, ${person.phone}` : ''}) of ${person.company}${seats ? `, about ${seats} people,` : ''} asks for a custom plan.`,
          // One paragraph per line written, as every text of an email is one line.
          ...message.split(/\n+/).filter((line) => line.trim() !== ''),
          `Request ${receipt.id}, kept with the contact requests.`,
        ],
        footer: 'Sent to the sales team by the Dcipher pricing page.',
      }),
    });
    return receipt;
  });
}
