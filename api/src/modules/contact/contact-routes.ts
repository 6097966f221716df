import { contract } from '@dcipher/shared/contract';
import { companyContacts } from '@dcipher/shared/domain';
import type { FastifyInstance } from 'fastify';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { Mailer } from '../../adapters/mailer/mailer.js';
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
  mailer: Mailer,
): void {
  registerEndpoint(app, endpoint, async ({ body }, { request }) => {
    await rateLimiter.consume({ bucket: endpoint.operation, ...publicFormSubmissionLimit }, request.ip);
    return insertContactRequest(database, body);
  });

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
          message,
          `Request ${receipt.id}, kept with the contact requests.`,
        ],
        footer: 'Sent to the sales team by the Dcipher pricing page.',
      }),
    });
    return receipt;
  });
}
