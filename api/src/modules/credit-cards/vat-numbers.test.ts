// engines: any
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { PlanChangeQuote } from '@dcipher/shared/contract';
import { paymentMessages } from '@dcipher/shared/validation';
import { ViesVatNumberChecker } from '../../adapters/vat-numbers/vies-vat-number-checker.js';
import { db } from '../../db/kysely.js';
import { callAs } from '../../test-support/call-as.js';
import { bodyOf } from '../../test-support/error-body.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { paymentMethodBody } from '../../test-support/payment-method-body.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

/** Real, published numbers whose check digits are right (format and checksum only: nothing is looked up). */
const validGermanNumber = 'DE136695976';
const validFrenchNumber = 'FR40303265045';
/** German format, wrong check digit. */
const badCheckDigit = 'DE136695977';

const germanBusiness = (vatNumber?: string) => ({
  company: 'Beispiel GmbH',
  address: 'Unter den Linden 1, 10117 Berlin',
  country: 'DE',
  billingType: 'Business',
  ...(vatNumber !== undefined && { vatNumber }),
});

const card = (vatNumber: string) => ({
  cardHolder: 'Ada Admin',
  cardNumber: '4242 4242 4242 4242',
  cvc: '7319',
  expiry: `08/${new Date().getUTCFullYear() + 1}`,
  ...germanBusiness(vatNumber),
});

describe('VAT numbers decide reverse charge only when valid for the billing country (docs/decisions/0057)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());
  const call = callAs(() => server.app);
  const quote = async (token: string) => {
    const response = await call('GET', '/subscriptions/upgrade-cost?nextPlanId=business-monthly', token);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<PlanChangeQuote>();
  };

  it('POST /billing refuses any text as a VAT number with a 400 on vatNumber, and VAT stays charged', async () => {
    const org = await organizationWithPeople(server, { label: 'vat' });
    assert.equal(
      (await call('POST', '/credit-cards', org.admin, paymentMethodBody(card('')))).statusCode,
      201,
    );

    const cases: [string, string][] = [
      ['X', paymentMessages.vatNumberOtherCountry],
      ['123456789', paymentMessages.vatNumberOtherCountry],
      [validFrenchNumber, paymentMessages.vatNumberOtherCountry],
      [badCheckDigit, paymentMessages.invalidVatNumber],
      ['DE12', paymentMessages.invalidVatNumber],
    ];
    for (const [vatNumber, message] of cases) {
      const refused = await call('POST', '/billing', org.admin, germanBusiness(vatNumber));
      assert.equal(refused.statusCode, 400, `${vatNumber}: ${refused.body}`);
      assert.deepEqual(refused.json().issues, { vatNumber: message }, vatNumber);
      assert.ok(!refused.body.includes(vatNumber), 'the number is not echoed back');
    }
    assert.equal((await call('GET', '/billing', org.admin)).json().source, 'card', 'nothing was saved');
    const charged = await quote(org.admin);
    assert.deepEqual([charged.reverseCharge, charged.vatRateBasisPoints], [false, 1900]);

    const saved = await call('POST', '/billing', org.admin, germanBusiness('de 136.695.976'));
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.json().vatNumber, validGermanNumber);
    const reverse = await quote(org.admin);
    assert.deepEqual([reverse.reverseCharge, reverse.vatRateBasisPoints, reverse.vat], [true, 0, 0]);
  });

  it('POST /credit-cards refuses a bad VAT number before the card is kept', async () => {
    const org = await organizationWithPeople(server, { label: 'vat' });
    const refused = await call('POST', '/credit-cards', org.admin, paymentMethodBody(card('X')));
    assert.equal(refused.statusCode, 400, refused.body);
    assert.deepEqual(refused.json().issues, { vatNumber: paymentMessages.vatNumberOtherCountry });
    assert.deepEqual(bodyOf(await call('GET', '/credit-cards', org.admin)), []);
  });

  it('a number stored before these checks that is not valid gives no reverse charge, in quotes and invoices', async () => {
    const org = await organizationWithPeople(server, { label: 'vat' });
    assert.equal(
      (await call('POST', '/credit-cards', org.admin, paymentMethodBody(card('')))).statusCode,
      201,
    );
    assert.equal(
      (await call('POST', '/billing', org.admin, germanBusiness(validGermanNumber))).statusCode,
      200,
    );
    // As the API stored it before numbers were checked.
    await db(server.database)
      .updateTable('billingDetails')
      .set({ vatNumber: 'X' })
      .where('organizationId', '=', org.id)
      .execute();
    await db(server.database)
      .updateTable('paymentMethods')
      .set({ vatNumber: 'X' })
      .where('organizationId', '=', org.id)
      .execute();
    const billingQuote = await quote(org.admin);
    assert.deepEqual([billingQuote.reverseCharge, billingQuote.vatRateBasisPoints], [false, 1900]);
    assert.equal((await call('DELETE', '/billing', org.admin)).statusCode, 200);
    const cardQuote = await quote(org.admin);
    assert.deepEqual([cardQuote.reverseCharge, cardQuote.vatRateBasisPoints], [false, 1900]);

    const started = await call('POST', '/subscriptions', org.admin, {
      planId: 'business-monthly',
      idempotencyKey: 'vat-numbers-invalid-stored-1',
    });
    assert.equal(started.statusCode, 201, started.body);
    const { invoice } = started.json();
    assert.deepEqual([invoice.reverseCharge, invoice.vat > 0], [false, true]);
  });
});

/** A loopback server answering `GET /ms/{country}/vat/{number}` as VIES's REST API does. */
async function startLoopbackVies(registered: Set<string>, unavailable: Set<string>) {
  const requests: string[] = [];
  const vies: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const [, country, number] = /\/rest-api\/ms\/([A-Z]{2})\/vat\/([A-Z0-9]+)$/.exec(request.url ?? '') ?? [];
    if (!country || !number) {
      response.writeHead(404).end();
      return;
    }
    const key = `${country}${number}`;
    const userError = unavailable.has(key) ? 'MS_UNAVAILABLE' : registered.has(key) ? 'VALID' : 'INVALID';
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        isValid: userError === 'VALID',
        requestDate: new Date().toISOString(),
        userError,
        name: '---',
        address: '---',
        vatNumber: number,
      }),
    );
  });
  await new Promise<void>((resolve) => vies.listen(0, '127.0.0.1', resolve));
  const { port } = vies.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/taxation_customs/vies/rest-api`,
    requests,
    close: () => new Promise<void>((resolve) => vies.close(() => resolve())),
  };
}

describe('VAT_VALIDATION=vies asks the VIES register (loopback server)', () => {
  let server: TestServer;
  let vies: Awaited<ReturnType<typeof startLoopbackVies>>;
  const unregistered = 'DE811569869';
  const memberStateDown = 'FR40303265045';

  before(async () => {
    vies = await startLoopbackVies(new Set([validGermanNumber]), new Set([memberStateDown]));
    server = await startTestServer({ vatValidation: { kind: 'vies', apiUrl: vies.url } });
  });
  after(async () => {
    await server.close();
    await vies.close();
  });
  const call = callAs(() => server.app);

  it('the checker: valid, invalid (format or register), unavailable (down, error, unreachable)', async () => {
    const checker = new ViesVatNumberChecker(vies.url);
    assert.equal(await checker.check('DE', validGermanNumber), 'valid');
    assert.equal(await checker.check('DE', unregistered), 'invalid');
    assert.equal(await checker.check('FR', memberStateDown), 'unavailable');
    vies.requests.length = 0;
    assert.equal(await checker.check('DE', badCheckDigit), 'invalid', 'refused without asking');
    assert.equal(await checker.check('GR', 'EL094259216'), 'invalid');
    assert.deepEqual(vies.requests, ['/taxation_customs/vies/rest-api/ms/EL/vat/094259216']);
    assert.equal(
      await new ViesVatNumberChecker(`${vies.url}/nowhere`).check('DE', validGermanNumber),
      'unavailable',
    );
    assert.equal(
      await new ViesVatNumberChecker('http://127.0.0.1:1').check('DE', validGermanNumber),
      'unavailable',
    );
  });

  it('POST /billing: 200 for a registered number, 400 on vatNumber for an unknown one, 503 while VIES is down', async () => {
    const org = await organizationWithPeople(server, { label: 'vies' });
    assert.equal(
      (await call('POST', '/billing', org.admin, germanBusiness(validGermanNumber))).statusCode,
      200,
    );

    const unknown = await call('POST', '/billing', org.admin, germanBusiness(unregistered));
    assert.equal(unknown.statusCode, 400, unknown.body);
    assert.deepEqual(unknown.json().issues, { vatNumber: paymentMessages.vatNumberNotRegistered });

    const down = await call('POST', '/billing', org.admin, {
      ...germanBusiness(memberStateDown),
      country: 'FR',
    });
    assert.equal(down.statusCode, 503, down.body);
    assert.equal(down.json().message, paymentMessages.vatNumberCheckUnavailable);
    assert.equal(
      (await call('GET', '/billing', org.admin)).json().vatNumber,
      validGermanNumber,
      'kept as it was',
    );
  });
});
