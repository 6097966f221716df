// engines: both
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { callAs } from '../../test-support/call-as.js';
import { bodyOf } from '../../test-support/error-body.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { paymentMethodBody } from '../../test-support/payment-method-body.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';

const nextYear = new Date().getUTCFullYear() + 1;

describe('wallet, credits and add-ons (docs/decisions/0041)', () => {
  let server: TestServer;
  let staffToken: string;

  before(async () => {
    server = await startTestServer();
    staffToken = (await logIn(server.app, { email: 'staff@demo.dcipher.local' })).accessToken;
  });
  after(() => server.close());

  const newOrganization = () => organizationWithPeople(server, { label: 'wallet' });
  const call = callAs(() => server.app);
  const addCard = (token: string) =>
    call(
      'POST',
      '/credit-cards',
      token,
      paymentMethodBody({
        cardHolder: 'Wal Let',
        cardNumber: '4242 4242 4242 4242',
        cvc: '123',
        expiry: `08/${nextYear}`,
        address: '1 Harbour Street',
        country: 'US',
        billingType: 'Business',
      }),
    );
  const balanceOf = async (token: string) => (await call('GET', '/customer-credits', token)).json().balance;

  it('sells credit packages: charged once per key, invoiced, and the ledger adds up', async () => {
    const packages = (await call('GET', '/wallet-packages')).json();
    assert.deepEqual(
      packages.map((entry: { id: string; credits: number }) => [entry.id, entry.credits]),
      [
        ['credits-2500', 2500],
        ['credits-10000', 10000],
        ['credits-50000', 50000],
      ],
    );
    const org = await newOrganization();
    assert.equal(await balanceOf(org.admin), 0);
    const body = { packageId: 'credits-2500', idempotencyKey: 'wallet-key-00000001' };
    assert.equal(
      (await call('POST', '/customer-credits/credits', org.admin, body)).statusCode,
      409,
      'no card',
    );
    assert.equal((await addCard(org.admin)).statusCode, 201);
    assert.equal((await call('POST', '/customer-credits/credits', org.teammate, body)).statusCode, 403);

    const [first, second] = await Promise.all([
      call('POST', '/customer-credits/credits', org.admin, body),
      call('POST', '/customer-credits/credits', org.admin, body),
    ]);
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(first.json().invoice.id, second.json().invoice.id);
    assert.equal(first.json().invoice.total, 2500);
    assert.equal(await balanceOf(org.admin), 2500, 'one purchase, whatever the number of requests');
    await call('POST', '/customer-credits/credits', org.admin, {
      packageId: 'credits-10000',
      idempotencyKey: 'wallet-key-00000002',
    });
    assert.equal(await balanceOf(org.teammate), 12500);
    assert.equal((await call('GET', '/customer-credits', org.guest)).statusCode, 403);

    const unknown = await call('POST', '/customer-credits/credits', org.admin, {
      packageId: 'credits-1',
      idempotencyKey: 'wallet-key-00000003',
    });
    assert.equal(unknown.statusCode, 404);

    const ledger = (await call('GET', '/customer-credits/transactions', org.admin)).json();
    assert.equal(ledger.total, 2);
    assert.deepEqual(
      ledger.transactions.map((entry: { kind: string; credits: number; balance: number }) => [
        entry.kind,
        entry.credits,
        entry.balance,
      ]),
      [
        ['purchase', 10000, 12500],
        ['purchase', 2500, 2500],
      ],
    );
    assert.equal((await call('GET', '/customer-credits/transactions?page=0', org.admin)).statusCode, 400);
  });

  it('staff gift and reset credits, each kept in the ledger with its reason; customers may not', async () => {
    const org = await newOrganization();
    const gift = { organizationId: org.id, credits: 1000, reason: 'Sorry for the outage on 3 March' };
    assert.equal((await call('POST', '/customer-credits/gift-credits', org.admin, gift)).statusCode, 403);
    const given = await call('POST', '/customer-credits/gift-credits', staffToken, gift);
    assert.equal(given.statusCode, 200, given.body);
    assert.equal(given.json().balance, 1000);
    const missing = await call('POST', '/customer-credits/gift-credits', staffToken, {
      ...gift,
      organizationId: '00000000-0000-4000-8000-000000000000',
    });
    assert.equal(missing.statusCode, 404);
    const bad = await call('POST', '/customer-credits/gift-credits', staffToken, { ...gift, credits: 1.5 });
    assert.equal(bad.statusCode, 400);
    const reset = await call('POST', '/customer-credits/reset-credits', staffToken, {
      organizationId: org.id,
      reason: 'Test credits removed',
    });
    assert.equal(reset.json().balance, 0);
    const ledger = (await call('GET', '/customer-credits/transactions', org.admin)).json();
    assert.deepEqual(
      ledger.transactions.map((entry: { kind: string; credits: number }) => [entry.kind, entry.credits]),
      [
        ['reset', -1000],
        ['gift', 1000],
      ],
    );
    assert.match(ledger.transactions[1].description, /Sorry for the outage/);
  });

  it('prices pay-as-you-go usage in credits', async () => {
    const cost = await call('POST', '/customer-credits/calculate-cost', undefined, {
      usageCategory: 'LLM',
      quantity: 3,
    });
    assert.deepEqual(bodyOf(cost), { usageCategory: 'LLM', quantity: 3, unit: '10,000 tokens', credits: 30 });
    const bad = await call('POST', '/customer-credits/calculate-cost', undefined, {
      usageCategory: 'Nope',
      quantity: 0,
    });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(Object.keys(bad.json().issues).sort(), ['quantity', 'usageCategory']);
  });

  it('sells add-ons for the rest of the paid period', async () => {
    const packages = (await call('GET', '/addon-packages')).json();
    assert.equal(packages.length, 3);
    const org = await newOrganization();
    await addCard(org.admin);
    const body = { packageId: 'news-20k', idempotencyKey: 'addon-key-000000001' };
    const noPlan = await call('POST', '/addon-packages/purchase', org.admin, body);
    assert.equal(noPlan.statusCode, 409);
    assert.equal(noPlan.json().message, 'Add-ons add to a paid plan: choose a plan first.');
    const started = await call('POST', '/subscriptions', org.admin, {
      planId: 'business-monthly',
      idempotencyKey: 'addon-plan-key-0001',
    });
    assert.equal(started.statusCode, 201, started.body);
    assert.equal((await call('POST', '/addon-packages/purchase', org.teammate, body)).statusCode, 403);
    const bought = await call('POST', '/addon-packages/purchase', org.admin, body);
    assert.equal(bought.statusCode, 201, bought.body);
    assert.equal(bought.json().addOn.validUntil, started.json().summary.endsAt);
    assert.equal(bought.json().invoice.total, 3900);
    const again = await call('POST', '/addon-packages/purchase', org.admin, body);
    assert.equal(again.json().invoice.id, bought.json().invoice.id);
    const mine = (await call('GET', '/addon-packages/mine', org.teammate)).json();
    assert.deepEqual(
      mine.map((entry: { packageId: string }) => entry.packageId),
      ['news-20k'],
    );
    assert.equal((await call('GET', '/addon-packages/mine', org.guest)).statusCode, 403);
  });
});
