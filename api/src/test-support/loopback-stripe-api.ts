import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server answering the few calls the Stripe gateway makes as Stripe's API documents them (the object
 * shapes as recorded from Stripe's API reference, trimmed to the fields read), for the gateway's tests. The
 * payment methods are Stripe's documented test ones: `pm_card_visa`, `pm_card_mastercard`,
 * `pm_card_chargeDeclined`, `pm_card_chargeDeclinedInsufficientFunds` and `pm_card_authenticationRequired`.
 * Saved ones that should fail later are `pm_card_visa_chargeDeclined` (attaches, then every charge is declined).
 * Idempotency keys are honoured as Stripe does: the same key answers the first result again.
 */
export interface LoopbackStripeApi {
  url: string;
  /** Every request, in order: method, path and form body. */
  requests: { method: string; path: string; body: URLSearchParams; idempotencyKey?: string }[];
  /** PaymentIntents created, by id. */
  paymentIntents: Map<
    string,
    {
      amount: number;
      currency: string;
      customer: string;
      paymentMethod: string;
      /** The metadata field the gateway searches by (findCharge). */
      idempotencyKey: string;
      refunded: boolean;
    }
  >;
  close(): Promise<void>;
}

const cards: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184' },
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0341' },
};

const cardError = (
  code: string,
  declineCode: string | undefined,
  message: string,
  paymentMethod: string,
) => ({
  error: {
    type: 'card_error',
    code,
    ...(declineCode && { decline_code: declineCode }),
    message,
    payment_method: { id: paymentMethod, object: 'payment_method' },
  },
});

async function readBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startLoopbackStripeApi(): Promise<LoopbackStripeApi> {
  const requests: LoopbackStripeApi['requests'] = [];
  const paymentIntents: LoopbackStripeApi['paymentIntents'] = new Map();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const attached = new Map<string, string>();

  const answer = (
    path: string,
    method: string,
    body: URLSearchParams,
    query: URLSearchParams,
  ): { status: number; body: unknown } => {
    if (method === 'POST' && path === '/v1/customers') {
      return {
        status: 200,
        body: { id: id('cus'), object: 'customer', name: body.get('name'), metadata: {} },
      };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const paymentMethod = body.get('payment_method') ?? '';
      const customer = body.get('customer') ?? '';
      if (!cards[paymentMethod]) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such PaymentMethod: '${paymentMethod}'`,
              param: 'payment_method',
            },
          },
        };
      }
      if (paymentMethod === 'pm_card_chargeDeclined') {
        return {
          status: 402,
          body: cardError('card_declined', 'generic_decline', 'Your card was declined.', paymentMethod),
        };
      }
      if (paymentMethod === 'pm_card_chargeDeclinedInsufficientFunds') {
        return {
          status: 402,
          body: cardError(
            'card_declined',
            'insufficient_funds',
            'Your card has insufficient funds.',
            paymentMethod,
          ),
        };
      }
      const status = paymentMethod === 'pm_card_authenticationRequired' ? 'requires_action' : 'succeeded';
      if (status === 'succeeded') attached.set(paymentMethod, customer);
      return {
        status: 200,
        body: {
          id: id('seti'),
          object: 'setup_intent',
          status,
          customer,
          payment_method: paymentMethod,
          usage: 'off_session',
        },
      };
    }
    const retrieve = /^\/v1\/payment_methods\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const card = cards[retrieve[1]!];
      if (!card)
        return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
      return {
        status: 200,
        body: {
          id: retrieve[1],
          object: 'payment_method',
          type: 'card',
          customer: attached.get(retrieve[1]!) ?? null,
          card: {
            brand: card.brand,
            last4: card.last4,
            exp_month: 12,
            exp_year: 2034,
            funding: 'credit',
            country: 'US',
          },
        },
      };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const paymentMethod = body.get('payment_method') ?? '';
      const customer = body.get('customer') ?? '';
      if (attached.get(paymentMethod) !== customer) {
        return {
          status: 400,
          body: {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'not attached' },
          },
        };
      }
      if (paymentMethod === 'pm_card_visa_chargeDeclined') {
        return {
          status: 402,
          body: cardError('card_declined', 'generic_decline', 'Your card was declined.', paymentMethod),
        };
      }
      const intent = id('pi');
      paymentIntents.set(intent, {
        amount: Number(body.get('amount')),
        currency: body.get('currency') ?? '',
        customer,
        paymentMethod,
        idempotencyKey: body.get('metadata[dcipher_idempotency_key]') ?? '',
        refunded: false,
      });
      return {
        status: 200,
        body: {
          id: intent,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          currency: body.get('currency'),
          status: 'succeeded',
          customer,
          payment_method: paymentMethod,
        },
      };
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      // Stripe's search syntax: the value is quoted, with backslash escapes.
      const key = /^metadata\['dcipher_idempotency_key'\]:'(.*)'$/
        .exec(query.get('query') ?? '')?.[1]
        ?.replace(/\\(.)/g, '$1');
      const data = [...paymentIntents]
        .filter(([, intent]) => key !== undefined && intent.idempotencyKey === key)
        .map(([intentId, intent]) => ({
          id: intentId,
          object: 'payment_intent',
          amount: intent.amount,
          currency: intent.currency,
          status: 'succeeded',
          latest_charge: { id: `ch_${intentId}`, object: 'charge', refunded: intent.refunded },
        }));
      return { status: 200, body: { object: 'search_result', data, has_more: false, url: path } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = paymentIntents.get(body.get('payment_intent') ?? '');
      if (!intent) {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'no intent' } },
        };
      }
      intent.refunded = true;
      return {
        status: 200,
        body: { id: id('re'), object: 'refund', amount: intent.amount, status: 'succeeded' },
      };
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  };

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const { pathname: path, searchParams: query } = new URL(request.url ?? '/', 'http://stripe.test');
    const method = request.method ?? 'GET';
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
    requests.push({ method, path, body, ...(idempotencyKey && { idempotencyKey }) });
    const stored = idempotencyKey ? idempotent.get(`${path} ${idempotencyKey}`) : undefined;
    const result = stored ?? answer(path, method, body, query);
    if (idempotencyKey && !stored && method === 'POST') idempotent.set(`${path} ${idempotencyKey}`, result);
    response.writeHead(result.status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    paymentIntents,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
