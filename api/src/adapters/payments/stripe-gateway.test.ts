// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Stripe from 'stripe';
import { loadConfig } from '../../config.js';
import { db } from '../../db/kysely.js';
import { demoOrganization } from '../../db/seed-demo-data.js';
import { bodyOf } from '../../test-support/error-body.js';
import { type LoopbackStripeApi, startLoopbackStripeApi } from '../../test-support/loopback-stripe-api.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { StripeGateway } from './stripe-gateway.js';

const webhookSecret = 'whsec_test_loopback_0123456789';

/** The billing part of the payment form; the card itself is a Stripe payment method made by Stripe Elements. */
const body = (paymentMethod: string) => ({
  cardHolder: 'Ada Admin',
  paymentMethod,
  address: 'Vesterbrogade 1, 1620 Copenhagen',
  country: 'DK',
  billingType: 'Business',
});

describe('Stripe gateway (against a loopback server answering as Stripe)', () => {
  let stripeApi: LoopbackStripeApi;
  let server: TestServer;
  let token: string;

  before(async () => {
    stripeApi = await startLoopbackStripeApi();
    const { payments } = loadConfig({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_loopback_0123456789',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_loopback_0123456789',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripeApi.url,
    });
    server = await startTestServer({ payments });
    token = (await logIn(server.app)).accessToken;
  });
  after(async () => {
    await server.close();
    await stripeApi.close();
  });

  const addCard = (payload: object) =>
    server.app.inject({
      method: 'POST',
      url: '/credit-cards',
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const storedTokens = () =>
    db(server.database)
      .selectFrom('paymentMethods')
      .select(['gatewayToken as token', 'last4', 'isDefault'])
      .where('organizationId', '=', demoOrganization.id)
      .orderBy('createdAt')
      .execute();

  it('tells the page to tokenise with Stripe Elements and the publishable key (never the secret)', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/payments/gateway' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(bodyOf(response), { provider: 'stripe', publishableKey: 'pk_test_loopback_0123456789' });
    assert.doesNotMatch(response.body, /sk_test|whsec/);
  });

  it("attaches the page's payment method to one Stripe customer per organization with a confirmed SetupIntent", async () => {
    const first = await addCard(body('pm_card_visa'));
    assert.equal(first.statusCode, 201, first.body);
    assert.deepEqual(
      { brand: first.json().brand, last4: first.json().last4, month: first.json().expiryMonth },
      { brand: 'visa', last4: '4242', month: 12 },
    );
    const second = await addCard(body('pm_card_mastercard'));
    assert.equal(second.statusCode, 201, second.body);
    assert.equal(second.json().brand, 'mastercard');

    const customers = stripeApi.requests.filter((request) => request.path === '/v1/customers');
    assert.equal(customers.length, 1, 'the second card reuses the organization’s customer');
    assert.equal(customers[0]?.body.get('metadata[organizationId]'), demoOrganization.id);
    const setups = stripeApi.requests.filter((request) => request.path === '/v1/setup_intents');
    assert.deepEqual(
      setups.map((request) => [request.body.get('usage'), request.body.get('confirm')]),
      [
        ['off_session', 'true'],
        ['off_session', 'true'],
      ],
    );
    const tokens = await storedTokens();
    assert.equal(tokens.length, 2);
    for (const stored of tokens) assert.match(stored.token, /^cus_[0-9a-f]+\/pm_card_/);
    assert.equal(tokens[0]?.token.split('/')[0], tokens[1]?.token.split('/')[0]);
  });

  it("answers Stripe's declines with the customer messages, and stores nothing", async () => {
    const declined = await addCard(body('pm_card_chargeDeclined'));
    assert.equal(declined.statusCode, 402);
    assert.equal(declined.json().message, 'Your card was declined. Try another card.');
    const insufficient = await addCard(body('pm_card_chargeDeclinedInsufficientFunds'));
    assert.equal(insufficient.json().message, 'Your card has insufficient funds. Try another card.');
    const authentication = await addCard(body('pm_card_authenticationRequired'));
    assert.equal(authentication.statusCode, 402);
    assert.match(authentication.json().message, /Your bank asks to confirm/);
    const unknown = await addCard(body('pm_doesNotExist'));
    assert.equal(unknown.statusCode, 400);
    assert.deepEqual(unknown.json().issues, {
      paymentMethod: 'This card could not be read. Enter it again.',
    });
    assert.equal((await storedTokens()).length, 2);
  });

  it('charges the default card off-session once per idempotency key, also when two requests race', async () => {
    const gateway = new StripeGateway({
      secretKey: 'sk_test_loopback_0123456789',
      apiBaseUrl: stripeApi.url,
    });
    const [card] = await storedTokens();
    const request = {
      token: card!.token,
      amount: 4900,
      currency: 'eur' as const,
      idempotencyKey: 'invoice-0001',
      description: 'Invoice 0001',
    };
    const [one, two] = await Promise.all([gateway.charge(request), gateway.charge(request)]);
    assert.equal(one.reference, two.reference);
    assert.equal((await gateway.charge(request)).reference, one.reference);
    assert.equal(stripeApi.paymentIntents.size, 1);
    const [intent] = stripeApi.paymentIntents.values();
    assert.deepEqual(intent, {
      amount: 4900,
      currency: 'eur',
      customer: card!.token.split('/')[0],
      paymentMethod: 'pm_card_visa',
      idempotencyKey: 'invoice-0001',
      refunded: false,
    });
    const sent = stripeApi.requests.filter((entry) => entry.path === '/v1/payment_intents');
    assert.ok(
      sent.every(
        (entry) => entry.idempotencyKey === 'invoice-0001' && entry.body.get('off_session') === 'true',
      ),
    );
  });

  it('finds a charge by our key for the payment repair job (never charging), and refunds it once', async () => {
    const gateway = new StripeGateway({
      secretKey: 'sk_test_loopback_0123456789',
      apiBaseUrl: stripeApi.url,
    });
    const [card] = await storedTokens();
    assert.equal(await gateway.findCharge('org:never-charged'), undefined);
    const { reference } = await gateway.charge({
      token: card!.token,
      amount: 2300,
      currency: 'eur',
      idempotencyKey: "org:repair-me-o'brien",
      description: 'Wallet',
    });
    const intentsBefore = stripeApi.paymentIntents.size;
    assert.deepEqual(await gateway.findCharge("org:repair-me-o'brien"), {
      reference,
      amount: 2300,
      currency: 'eur',
      refunded: false,
    });
    assert.equal(stripeApi.paymentIntents.size, intentsBefore, 'looking a charge up makes none');
    await gateway.refund(reference);
    await gateway.refund(reference);
    assert.equal((await gateway.findCharge("org:repair-me-o'brien"))?.refunded, true);
    const refunds = stripeApi.requests.filter((entry) => entry.path === '/v1/refunds');
    assert.equal(new Set(refunds.map((entry) => entry.idempotencyKey)).size, 1, 'one refund key');
  });

  it('a card that attached but is declined when charged raises the decline', async () => {
    const gateway = new StripeGateway({
      secretKey: 'sk_test_loopback_0123456789',
      apiBaseUrl: stripeApi.url,
    });
    const saved = await gateway.savePaymentMethod({
      paymentMethod: 'pm_card_visa_chargeDeclined',
      cardHolder: 'Ada',
      organizationId: demoOrganization.id,
    });
    await assert.rejects(
      gateway.charge({
        token: saved.token,
        amount: 100,
        currency: 'usd',
        idempotencyKey: 'k-declined',
        description: 'x',
      }),
      { name: 'CardDeclinedError', message: 'Your card was declined. Try another card.' },
    );
  });

  describe('POST /webhooks/stripe', () => {
    const signed = (event: object, secret = webhookSecret) => {
      const payload = JSON.stringify(event);
      return {
        payload,
        signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      };
    };
    const post = (payload: string, signature?: string) =>
      server.app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
        payload,
      });
    const event = (type: string, object: object) => ({
      id: 'evt_test_1',
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });

    it('refuses unsigned, wrongly signed and tampered calls and changes nothing', async () => {
      const detach = event('payment_method.detached', { id: 'pm_card_visa', object: 'payment_method' });
      const { payload, signature } = signed(detach);
      for (const response of [
        await post(payload),
        await post(payload, signed(detach, 'whsec_someone_else_0123').signature),
        await post(payload.replace('pm_card_visa', 'pm_card_mastercard'), signature),
        await post(payload, 't=1,v1=00'),
      ]) {
        assert.equal(response.statusCode, 400);
        assert.equal(response.json().message, 'The webhook signature is missing or does not match.');
      }
      assert.equal((await storedTokens()).length, 2);
    });

    it('updates a reissued card and forgets a detached one; other events are acknowledged', async () => {
      const updated = signed(
        event('payment_method.automatically_updated', {
          id: 'pm_card_mastercard',
          object: 'payment_method',
          card: { brand: 'mastercard', last4: '5100', exp_month: 3, exp_year: 2035 },
        }),
      );
      assert.equal((await post(updated.payload, updated.signature)).statusCode, 200);
      assert.deepEqual(
        (await storedTokens()).map((row) => row.last4),
        ['4242', '5100'],
      );

      const detached = signed(
        event('payment_method.detached', { id: 'pm_card_visa', object: 'payment_method' }),
      );
      const response = await post(detached.payload, detached.signature);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(bodyOf(response), { received: true });
      const left = await storedTokens();
      assert.deepEqual(
        left.map((row) => [row.last4, row.isDefault]),
        [['5100', true]],
      );

      const other = signed(event('customer.created', { id: 'cus_x', object: 'customer' }));
      assert.equal((await post(other.payload, other.signature)).statusCode, 200);
    });
  });
});
