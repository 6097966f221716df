// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { db } from '../../db/kysely.js';
import { paymentMethodBody } from '../../test-support/payment-method-body.js';
import { individualSignUp, signUp, verificationTokenFor } from '../../test-support/sign-up.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';

const nextYear = new Date().getUTCFullYear() + 1;
const paymentForm = (overrides: Record<string, unknown> = {}) => ({
  cardHolder: 'Ada Lovelace',
  cardNumber: '4242 4242 4242 4242',
  cvc: '123',
  expiry: `09/${nextYear}`,
  address: '12 St James Square, London',
  country: 'GB',
  billingType: 'Individual',
  ...overrides,
});

describe('sign-up step 2: adding a card with the payment-setup token', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const addCard = (token: string, body: object = paymentForm()) =>
    server.app.inject({
      method: 'POST',
      url: '/credit-cards',
      payload: paymentMethodBody({ ...body }),
      headers: { authorization: `Bearer ${token}` },
    });

  async function signUpAs(email: string, remoteAddress: string): Promise<string> {
    const response = await signUp(server.app, individualSignUp({ email }), remoteAddress);
    assert.equal(response.statusCode, 201, response.body);
    return response.json().paymentSetupToken;
  }

  it('stores the card on the new organization before the address is verified', async () => {
    const token = await signUpAs('card-first@example.com', '10.1.0.1');
    const response = await addCard(token);
    assert.equal(response.statusCode, 201, response.body);
    assert.deepEqual(
      { brand: response.json().brand, last4: response.json().last4, isDefault: response.json().isDefault },
      { brand: 'visa', last4: '4242', isDefault: true },
    );

    // After verifying and signing in, the organization has the card.
    const verificationToken = await verificationTokenFor(server.database, 'card-first@example.com');
    await server.app.inject({ method: 'POST', url: '/verify-email', payload: { token: verificationToken } });
    const session = await logIn(server.app, {
      email: 'card-first@example.com',
      password: 'Harbour-Lights-2026',
    });
    const cards = await server.app.inject({
      method: 'GET',
      url: '/credit-cards',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    assert.deepEqual(
      cards.json().map((card: { last4: string }) => card.last4),
      ['4242'],
    );
  });

  it('shows a declined card the gateway refuses, and refuses a token it cannot read', async () => {
    const token = await signUpAs('declined@example.com', '10.1.0.2');
    const declined = await addCard(token, paymentForm({ cardNumber: '4000 0000 0000 0002' }));
    assert.equal(declined.statusCode, 402);
    assert.equal(declined.json().message, 'Your card was declined. Try another card.');

    const { cardNumber: _number, cvc: _cvc, expiry: _expiry, ...billing } = paymentForm();
    const invalid = await addCard(token, { ...billing, paymentMethod: 'pm_local_forged' });
    assert.equal(invalid.statusCode, 400);
    assert.deepEqual(invalid.json().issues, {
      paymentMethod: 'This card could not be read. Enter it again.',
    });
  });

  it('answers the same for an address that already has an account, storing nothing', async () => {
    const token = await signUpAs('admin@demo.dcipher.local', '10.1.0.3');
    const paymentMethods = () => db(server.database).selectFrom('paymentMethods').select('id').execute();
    const before = await paymentMethods();
    const response = await addCard(token);
    assert.equal(response.statusCode, 201, response.body);
    assert.deepEqual(
      { brand: response.json().brand, last4: response.json().last4, isDefault: response.json().isDefault },
      { brand: 'visa', last4: '4242', isDefault: true },
    );
    assert.equal((await paymentMethods()).length, before.length);

    // The gateway still checks the card, so a decline looks the same as for a new account.
    const declined = await addCard(token, paymentForm({ cardNumber: '4000 0000 0000 0002' }));
    assert.equal(declined.statusCode, 402);
  });

  it('is taken by no other endpoint, and a forged or garbled token is refused', async () => {
    const token = await signUpAs('only-cards@example.com', '10.1.0.4');
    for (const [method, url] of [
      ['GET', '/credit-cards'],
      ['GET', '/account'],
    ] as const) {
      const response = await server.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(response.statusCode, 401, `${method} ${url}`);
    }
    const [header, payload] = token.split('.');
    assert.equal((await addCard(`${header}.${payload}.forged`)).statusCode, 401);
    assert.equal((await addCard('not-a-token')).statusCode, 401);
  });
});
