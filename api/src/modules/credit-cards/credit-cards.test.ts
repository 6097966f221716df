// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type CreditCard, CreditCardSchema } from '@dcipher/shared/contract';
import * as v from 'valibot';
import { db } from '../../db/kysely.js';
import { demoOrganization, demoPassword, demoUsers } from '../../db/seed-demo-data.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { paymentMethodBody } from '../../test-support/payment-method-body.js';
import { readOutbox } from '../../test-support/read-outbox.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { insertUser } from '../people/user-repository.js';

const nextYear = new Date().getUTCFullYear() + 1;

/** A complete, valid payment form; tests override what they are about. */
const paymentForm = (overrides: Record<string, unknown> = {}) => ({
  cardHolder: 'Ada Admin',
  cardNumber: '4242 4242 4242 4242',
  cvc: '7319',
  expiry: `08/${nextYear}`,
  company: 'Demo Org',
  address: 'Vesterbrogade 1, 1620 Copenhagen',
  country: 'DK',
  vatNumber: 'DK13585628',
  billingType: 'Business',
  ...overrides,
});

describe('/credit-cards', () => {
  let server: TestServer;
  const logLines: string[] = [];
  let adminToken: string;
  let teammateToken: string;
  let guestToken: string;

  before(async () => {
    server = await startTestServer({}, { logStream: { write: (line) => logLines.push(line) } });
    adminToken = (await logIn(server.app)).accessToken;
    const [teammate, guest] = ['teammate', 'guest'].map(
      (role) => demoUsers.find((user) => user.role === role)!.email,
    );
    teammateToken = (await logIn(server.app, { email: teammate })).accessToken;
    guestToken = (await logIn(server.app, { email: guest })).accessToken;
  });
  after(() => server.close());

  /** Sends exactly this body. */
  const postCard = (token: string | undefined, payload: object) =>
    server.app.inject({
      method: 'POST',
      url: '/credit-cards',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload,
    });
  /** Adds the card of a filled-in payment form, tokenised in the page as the remote does. */
  const addCard = (token: string | undefined, form: Record<string, unknown>) =>
    postCard(token, paymentMethodBody(form));
  const listCards = (token: string | undefined) =>
    server.app.inject({
      method: 'GET',
      url: '/credit-cards',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const deleteCard = (token: string | undefined, payload: object) =>
    server.app.inject({
      method: 'DELETE',
      url: '/credit-cards',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload,
    });
  const storedCardCount = async (organizationId: string = demoOrganization.id) => {
    const row = await db(server.database)
      .selectFrom('paymentMethods')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('organizationId', '=', organizationId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  /** A second organization with its own admin, signed in. */
  async function otherOrganizationAdmin(email: string): Promise<{ organizationId: string; token: string }> {
    const organization = await db(server.database)
      .insertInto('organizations')
      .values({ name: 'Other Org', customerType: 'Business' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The demo users' password, by their stored hash.
    const { passwordHash } = await db(server.database)
      .selectFrom('users')
      .select('passwordHash')
      .where('email', '=', demoUsers[0]!.email)
      .executeTakeFirstOrThrow();
    await insertUser(server.database, {
      email,
      firstName: 'Olga',
      lastName: 'Other',
      passwordHash,
      status: 'Active',
      organizationId: organization.id,
      role: 'admin',
      emailVerified: true,
    });
    const { accessToken } = await logIn(server.app, { email, password: demoPassword });
    return { organizationId: organization.id, token: accessToken };
  }

  describe('validation (400 with the spec messages per field)', () => {
    for (const [field, value, message] of [
      ['country', 'Denmark', 'This field is required'],
      ['billingType', 'Enterprise', 'This field is required'],
      ['vatNumber', 'DK 1234/5678', 'Please enter a valid VAT number'],
      ['paymentMethod', 'pm_local_ok_visa_4242_132030_abc', 'This card could not be read. Enter it again.'],
      ['paymentMethod', '<img src=x>', 'This card could not be read. Enter it again.'],
    ] as const) {
      it(`answers "${message}" for ${field} ${JSON.stringify(value)}`, async () => {
        const response = await postCard(adminToken, { ...paymentMethodBody(paymentForm()), [field]: value });
        assert.equal(response.statusCode, 400);
        assert.deepEqual(errorBodyOf(response), {
          statusCode: 400,
          error: 'Bad Request',
          message,
          code: 'VALIDATION_FAILED',
          // A card the gateway cannot read is the API's own rule; the others are the schema's.
          ...(value.startsWith('pm_') && { params: { reason: 'invalidPaymentMethod' } }),
          issues: { [field]: message },
        });
      });
    }

    it('refuses a body with a card number or CVC: the page tokenises them, the API never receives them', async () => {
      const refused =
        'Card numbers are not accepted here: the payment form sends a token from the payment gateway instead.';
      for (const extra of [{ cardNumber: '4242424242424242' }, { cvc: '7319' }]) {
        const response = await postCard(adminToken, { ...paymentMethodBody(paymentForm()), ...extra });
        assert.equal(response.statusCode, 400);
        assert.equal(response.json().message, refused);
        assert.doesNotMatch(response.body, /4242424242424242|7319/);
      }
      // The whole form as typed, as an old page would send it.
      const typed = await postCard(adminToken, paymentForm());
      assert.equal(typed.statusCode, 400);
      assert.equal(typed.json().issues.cardNumber, refused);
    });

    it('names every missing required field', async () => {
      const response = await postCard(adminToken, {});
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json().issues, {
        cardHolder: 'This field is required',
        paymentMethod: 'This field is required',
        address: 'This field is required',
        country: 'This field is required',
        billingType: 'This field is required',
      });
    });

    it('stores nothing for a refused form', async () => {
      assert.equal(await storedCardCount(), 0);
    });
  });

  describe('adding', () => {
    let visa: CreditCard;

    it('stores a Visa test card as brand, last four digits and expiry, never the number or CVC', async () => {
      const response = await addCard(adminToken, paymentForm());
      assert.equal(response.statusCode, 201);
      visa = response.json();
      assert.ok(v.is(CreditCardSchema, visa));
      assert.deepEqual(
        { ...visa, id: undefined, createdAt: undefined },
        {
          id: undefined,
          brand: 'visa',
          last4: '4242',
          expiryMonth: 8,
          expiryYear: nextYear,
          cardHolder: 'Ada Admin',
          isDefault: true,
          createdAt: undefined,
        },
      );

      // Every stored column (`select *`), whatever the generated types declare.
      const row = await db(server.database)
        .selectFrom('paymentMethods')
        .selectAll()
        .where('id', '=', visa.id)
        .executeTakeFirstOrThrow();
      assert.match(row.gatewayToken, /^tok_local_[0-9a-f]{32}$/);
      assert.equal(row.gateway, 'local');
      assert.deepEqual(
        {
          organization: row.organizationId,
          company: row.company,
          address: row.address,
          country: row.country,
          vatNumber: row.vatNumber,
          billingType: row.billingType,
        },
        {
          organization: demoOrganization.id,
          company: 'Demo Org',
          address: 'Vesterbrogade 1, 1620 Copenhagen',
          country: 'DK',
          vatNumber: 'DK13585628',
          billingType: 'Business',
        },
      );
      const serializedRow = JSON.stringify(row);
      assert.doesNotMatch(serializedRow, /4242\s*4242\s*4242\s*4242|424242424242/);
      assert.ok(!Object.values(row).includes('7319'), 'the CVC is not a stored value');
      // Keys are camelCase here (cardNumber for a card_number column).
      assert.ok(!Object.keys(row).some((column) => /cvc|cvv|card_?number|^pan$/i.test(column)));
    });

    it('leaves the card number and CVC out of the outbox and the log', async () => {
      const outbox = JSON.stringify(await readOutbox(server.database));
      assert.doesNotMatch(outbox, /424242424242|4242 4242 4242/);
      const log = logLines.join('');
      assert.ok(log.includes('/credit-cards'), 'the requests were logged');
      assert.doesNotMatch(log, /424242424242|4242 4242 4242|"7319"|cardNumber|cvc/);
    });

    it('makes later cards not the default, and detects a Mastercard', async () => {
      const response = await addCard(
        adminToken,
        paymentForm({ cardNumber: '5555555555554444', cvc: '123', company: '', vatNumber: '' }),
      );
      assert.equal(response.statusCode, 201);
      assert.equal(response.json().brand, 'mastercard');
      assert.equal(response.json().last4, '4444');
      assert.equal(response.json().isDefault, false);
      assert.equal(await storedCardCount(), 2);
    });

    it('answers 402 CARD_DECLINED for a declined card and stores nothing', async () => {
      const response = await addCard(adminToken, paymentForm({ cardNumber: '4000 0000 0000 0002' }));
      assert.equal(response.statusCode, 402);
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 402,
        error: 'Payment Required',
        message: 'Your card was declined. Try another card.',
        code: 'CARD_DECLINED',
        params: {
          reason: 'card_declined',
        },
      });

      const insufficientFunds = await addCard(adminToken, paymentForm({ cardNumber: '4000000000009995' }));
      assert.equal(insufficientFunds.statusCode, 402);
      assert.equal(insufficientFunds.json().code, 'CARD_DECLINED');
      assert.equal(insufficientFunds.json().message, 'Your card has insufficient funds. Try another card.');
      assert.equal(await storedCardCount(), 2);
      assert.doesNotMatch(logLines.join(''), /4000000000000002|4000 0000 0000 0002|4000000000009995/);
    });

    it('lists the cards to every member, the default first', async () => {
      for (const token of [adminToken, teammateToken, guestToken]) {
        const response = await listCards(token);
        assert.equal(response.statusCode, 200);
        const cards = response.json();
        assert.ok(v.is(v.array(CreditCardSchema), cards));
        assert.deepEqual(
          cards.map((card: CreditCard) => [card.brand, card.last4, card.isDefault]),
          [
            ['visa', '4242', true],
            ['mastercard', '4444', false],
          ],
        );
      }
    });

    it('lets only the admin add or delete (403 FORBIDDEN)', async () => {
      const forbidden = (action: 'create' | 'delete') => ({
        statusCode: 403,
        error: 'Forbidden',
        message: 'You do not have permission to change the payment method.',
        code: 'FORBIDDEN',
        params: { reason: 'permission', action, resource: 'payment-method' },
      });
      for (const token of [teammateToken, guestToken]) {
        const added = await addCard(token, paymentForm());
        assert.equal(added.statusCode, 403);
        assert.deepEqual(bodyOf(added), forbidden('create'));
        const deleted = await deleteCard(token, { id: visa.id });
        assert.equal(deleted.statusCode, 403);
        assert.deepEqual(bodyOf(deleted), forbidden('delete'));
      }
      assert.equal(await storedCardCount(), 2);
    });

    it('needs a bearer token for all three', async () => {
      for (const response of [
        await listCards(undefined),
        await addCard(undefined, paymentForm()),
        await deleteCard(undefined, { id: visa.id }),
        await listCards('not-a-jwt'),
      ]) {
        assert.equal(response.statusCode, 401);
        assert.equal(response.json().code, 'UNAUTHORIZED');
      }
    });

    it("answers 404 for another organization's card, and keeps each organization's cards apart", async () => {
      const other = await otherOrganizationAdmin('olga@other.example');
      const response = await deleteCard(other.token, { id: visa.id });
      assert.equal(response.statusCode, 404);
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 404,
        error: 'Not Found',
        message: 'This payment method no longer exists.',
        code: 'NOT_FOUND',
        params: {
          reason: 'paymentMethod',
        },
      });
      assert.deepEqual(bodyOf(await listCards(other.token)), []);
      assert.equal(await storedCardCount(), 2);

      const added = await addCard(other.token, paymentForm({ cardHolder: 'Olga Other' }));
      assert.equal(added.statusCode, 201);
      assert.equal(added.json().isDefault, true, "the other organization's first card is its default");
    });

    it('deletes with the id in the body; the newest remaining card becomes the default', async () => {
      const response = await deleteCard(adminToken, { id: visa.id });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(bodyOf(response), { deleted: true });
      const cards: CreditCard[] = (await listCards(adminToken)).json();
      assert.deepEqual(
        cards.map((card) => [card.last4, card.isDefault]),
        [['4444', true]],
      );

      const again = await deleteCard(adminToken, { id: visa.id });
      assert.equal(again.statusCode, 404);
      assert.equal((await deleteCard(adminToken, { id: 'not-a-uuid' })).statusCode, 404);
      const withoutId = await deleteCard(adminToken, {});
      assert.equal(withoutId.statusCode, 400);
      assert.deepEqual(withoutId.json().issues, { id: 'This field is required' });
    });
  });

  it('limits card attempts to 10 an hour per organization (429)', async () => {
    const other = await otherOrganizationAdmin('tester@carding.example');
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await addCard(other.token, paymentForm({ cardNumber: '4000000000000002' }));
      assert.equal(response.statusCode, 402, `attempt ${attempt}`);
    }
    const response = await addCard(other.token, paymentForm());
    assert.equal(response.statusCode, 429);
    assert.ok(Number(response.headers['retry-after']) > 0);
    assert.equal(await storedCardCount(other.organizationId), 0);
  });

  it('describes the three endpoints in the OpenAPI document, the delete with its body', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const path = document.paths['/credit-cards'];
    assert.deepEqual(Object.keys(path).sort(), ['delete', 'get', 'post']);
    assert.equal(path.delete.operationId, 'deleteCreditCard');
    assert.deepEqual(path.delete.requestBody.content['application/json'].schema.required, ['id']);
  });
});
