import { cardBrands } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { StripeGateway } from '../../adapters/payments/stripe-gateway.js';
import type { Database } from '../../db/database.js';
import { ValidationError } from '../../http/api-error.js';
import { forgetGatewayCard, updateGatewayCard } from './credit-card-repository.js';

/** Stripe's webhook bodies are small; anything larger is not Stripe. */
const webhookBodyLimit = 256 * 1024;

/**
 * `POST /webhooks/stripe`: the events Stripe sends about the cards it holds for us. Each is checked against its
 * `Stripe-Signature` with the endpoint's signing secret over the raw body (so this route parses its own body);
 * an unsigned, wrongly signed or stale call is refused with 400 and changes nothing. Handled: a payment method
 * detached in Stripe is forgotten here; one updated (a reissued card) gets its new brand, digits and expiry.
 * Every other event is acknowledged and ignored, as Stripe expects a 2xx for each.
 */
export function registerStripeWebhookRoutes(
  app: FastifyInstance,
  database: Database,
  gateway: StripeGateway,
  webhookSecret: string,
): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: webhookBodyLimit },
      (_request, body, done) => done(null, body),
    );
    scope.post('/webhooks/stripe', async (request) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('unsigned');
        event = gateway.verifyWebhook(request.body, signature, webhookSecret);
      } catch {
        throw new ValidationError('webhookSignature');
      }
      if (event.type === 'payment_method.detached') {
        await forgetGatewayCard(database, gateway.name, event.data.object.id);
      } else if (
        event.type === 'payment_method.updated' ||
        event.type === 'payment_method.automatically_updated'
      ) {
        const method = event.data.object;
        if (method.card) {
          await updateGatewayCard(database, gateway.name, method.id, {
            brand: cardBrands.find((brand) => brand === method.card?.brand) ?? 'unknown',
            last4: method.card.last4,
            expiryMonth: method.card.exp_month,
            expiryYear: method.card.exp_year,
          });
        }
      }
      return { received: true };
    });
  });
}
