// engines: both
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createOutboxMailer } from '../../adapters/mailer/outbox-mailer.js';
import { LocalTestGateway } from '../../adapters/payments/local-test-gateway.js';
import { db } from '../../db/kysely.js';
import { callAs } from '../../test-support/call-as.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { paymentMethodBody } from '../../test-support/payment-method-body.js';
import { readOutbox } from '../../test-support/read-outbox.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { createPasswordHasher } from '../identity/password-hasher.js';
import { createPaymentService } from '../payments/payment-service.js';
import { createOrganization } from '../people/organization-repository.js';
import { insertUser } from '../people/user-repository.js';
import { createBillingScheduler } from './billing-scheduler.js';
import { createSubscriptionService } from './subscription-service.js';

const nextYear = new Date().getUTCFullYear() + 1;
const silentLog = { error() {}, info() {}, warn() {} } as never;

describe('billing without surprises (docs/decisions/0078)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const call = callAs(() => server.app);
  /** A card billed to a private person in France: 20 % French VAT on every charge. */
  const addCard = async (token: string, country = 'FR') => {
    const added = await call(
      'POST',
      '/credit-cards',
      token,
      paymentMethodBody({
        cardHolder: 'Quo Te',
        cardNumber: '4242 4242 4242 4242',
        cvc: '123',
        expiry: `08/${nextYear}`,
        address: '1 Rue du Port, Marseille',
        country,
        billingType: 'Individual',
      }),
    );
    assert.equal(added.statusCode, 201, added.body);
  };
  const invoiceCount = async (organizationId: string) =>
    (
      await db(server.database)
        .selectFrom('invoices')
        .select('id')
        .where('organizationId', '=', organizationId)
        .execute()
    ).length;

  it('quotes credits and an add-on with VAT and total, charges nothing for it, and charges exactly the quote', async () => {
    const org = await organizationWithPeople(server, { label: 'quote' });
    assert.equal(
      (await call('GET', '/customer-credits/quote?packageId=credits-2500', org.admin)).statusCode,
      409,
    );
    await addCard(org.admin);
    assert.equal(
      (await call('GET', '/customer-credits/quote?packageId=credits-2500', org.teammate)).statusCode,
      403,
      'only who may buy is quoted',
    );
    assert.equal((await call('GET', '/customer-credits/quote?packageId=nope', org.admin)).statusCode, 404);

    const quoted = await call(
      'GET',
      '/customer-credits/quote?packageId=credits-2500&currency=eur',
      org.admin,
    );
    assert.equal(quoted.statusCode, 200, quoted.body);
    const quote = quoted.json();
    assert.equal(quote.currency, 'eur');
    assert.equal(quote.vatRateBasisPoints, 2000);
    assert.equal(quote.vat, Math.round(quote.subtotal * 0.2));
    assert.equal(quote.total, quote.subtotal + quote.vat);
    assert.equal(quote.chargedAt, 'now');
    assert.equal(quote.validUntil, null);
    assert.equal(await invoiceCount(org.id), 0, 'a quote charges nothing');
    assert.equal((await call('GET', '/customer-credits', org.admin)).json().balance, 0);

    const bought = await call('POST', '/customer-credits/credits', org.admin, {
      packageId: 'credits-2500',
      currency: 'eur',
      idempotencyKey: 'quote-credits-0000001',
    });
    assert.equal(bought.statusCode, 201, bought.body);
    assert.equal(bought.json().invoice.total, quote.total, 'the charge is the quoted total');
    assert.equal(bought.json().invoice.currency, 'eur');

    // An add-on needs a plan: refused by the quote as by the purchase.
    const noPlan = await call('GET', '/addon-packages/quote?packageId=social-media-50k', org.admin);
    assert.equal(noPlan.statusCode, 409, noPlan.body);
  });

  it('emails a receipt with the invoice for every charge, once per invoice', async () => {
    const org = await organizationWithPeople(server, { label: 'receipt' });
    await addCard(org.admin);
    const body = { packageId: 'credits-2500', idempotencyKey: 'receipt-credits-000001' };
    const first = await call('POST', '/customer-credits/credits', org.admin, body);
    assert.equal(first.statusCode, 201, first.body);
    const again = await call('POST', '/customer-credits/credits', org.admin, body);
    assert.equal(again.json().invoice.id, first.json().invoice.id);
    const invoice = first.json().invoice;
    const receipts = (await readOutbox(server.database, org.adminEmail)).filter(
      (message) => message.tag === 'billing-receipt',
    );
    assert.equal(receipts.length, 1, 'one receipt: a replayed answer sends none');
    const [receipt] = receipts;
    // No currency chosen at sign-up: the French billing address's, euros.
    assert.equal(invoice.currency, 'eur');
    assert.equal(receipt!.subject, `Your Dcipher receipt: invoice ${invoice.number}, €27.60`);
    assert.match(receipt!.text, /2,500 credits for the wallet: €23\.00/);
    assert.match(receipt!.text, /VAT \(20 %\): €4\.60/);
    assert.match(receipt!.text, /Total charged: €27\.60/);
    assert.match(receipt!.text, /\/payment\/invoices/);
  });

  it('keeps the trial when a plan is picked during it, and starts and charges it once when the trial ends', async () => {
    const org = await organizationWithPeople(server, { label: 'kept' });
    await addCard(org.admin, 'US');
    const quoted = await call(
      'GET',
      '/subscriptions/upgrade-cost?nextPlanId=business-monthly&currency=eur&startNow=false',
      org.admin,
    );
    assert.equal(quoted.statusCode, 200, quoted.body);
    const trialEnd = (await call('GET', '/subscriptions/summary', org.admin)).json().endsAt;
    assert.equal(quoted.json().chargedAt, trialEnd, 'charged when the trial ends');
    assert.equal(quoted.json().trialDaysKept, 14);
    const startNowQuote = await call(
      'GET',
      '/subscriptions/upgrade-cost?nextPlanId=business-monthly&currency=eur&startNow=true',
      org.admin,
    );
    assert.equal(startNowQuote.json().trialDaysKept, 0);

    const picked = await call('POST', '/subscriptions', org.admin, {
      planId: 'business-monthly',
      currency: 'eur',
      startNow: false,
      idempotencyKey: 'kept-trial-00000001',
    });
    assert.equal(picked.statusCode, 201, picked.body);
    assert.equal(picked.json().invoice, null, 'nothing charged during the trial');
    const summary = picked.json().summary;
    assert.equal(summary.state, 'trialing');
    assert.equal(summary.daysLeft, 14);
    assert.equal(summary.trialPlan.id, 'business-monthly');
    assert.equal(summary.currency, 'eur', 'the currency is chosen and kept');
    assert.equal(await invoiceCount(org.id), 0);

    // The trial ends; two schedulers (two processes) run at once: one plan started, one charge, one receipt.
    await db(server.database)
      .updateTable('organizations')
      .set({ trialEndsAt: new Date(Date.now() - 60_000) })
      .where('id', '=', org.id)
      .execute();
    const gateway = new LocalTestGateway(server.database);
    const schedulerProcess = () => {
      const payments = createPaymentService({
        database: server.database,
        gateway,
        effects: server.app.payments.effects,
        log: silentLog,
        receipts: { mailer: createOutboxMailer(server.database), webUrl: 'https://www.dcipher.test' },
      });
      const subscriptions = createSubscriptionService({ database: server.database, payments });
      return createBillingScheduler({
        database: server.database,
        payments,
        mailer: createOutboxMailer(server.database),
        webUrl: 'https://www.dcipher.test',
        log: silentLog,
        startTrialPlans: () => subscriptions.startDueTrialPlans(),
      });
    };
    await Promise.all([schedulerProcess().runDue(), schedulerProcess().runDue()]);
    assert.equal(await invoiceCount(org.id), 1, 'charged once');
    const after = (await call('GET', '/subscriptions/summary', org.admin)).json();
    assert.equal(after.state, 'active');
    assert.equal(after.plan.id, 'business-monthly');
    assert.equal(after.plan.currency, 'eur');
    assert.equal(after.trialPlan, null);
    const tags = (await readOutbox(server.database, org.adminEmail)).map((message) => message.tag);
    assert.equal(tags.filter((tag) => tag === 'billing-receipt').length, 1);
    assert.ok(!tags.includes('billing-trial-ended'), 'a started plan is not told its trial ended');
    await Promise.all([schedulerProcess().runDue(), schedulerProcess().runDue()]);
    assert.equal(await invoiceCount(org.id), 1, 'and never again');
  });

  it('"start now" during the trial charges at once and ends the trial', async () => {
    const org = await organizationWithPeople(server, { label: 'now' });
    await addCard(org.admin, 'US');
    const started = await call('POST', '/subscriptions', org.admin, {
      planId: 'business-monthly',
      startNow: true,
      idempotencyKey: 'start-now-000000001',
    });
    assert.equal(started.statusCode, 201, started.body);
    assert.ok(started.json().invoice, 'charged now');
    assert.equal(started.json().summary.state, 'active');
  });

  it('keeps the one currency chosen: a later request for another is priced in the first', async () => {
    const org = await organizationWithPeople(server, { label: 'currency' });
    await addCard(org.admin, 'US');
    await call('POST', '/subscriptions', org.admin, {
      planId: 'business-monthly',
      currency: 'gpb',
      startNow: false,
      idempotencyKey: 'currency-kept-000001',
    });
    const quote = (
      await call('GET', '/customer-credits/quote?packageId=credits-2500&currency=usd', org.admin)
    ).json();
    assert.equal(quote.currency, 'gpb');
    const plans = (
      await call(
        'GET',
        '/subscriptions/upgrade-cost?nextPlanId=business-monthly&currency=usd&startNow=false',
        org.admin,
      )
    ).json();
    assert.equal(plans.currency, 'gpb');
    assert.equal((await call('GET', '/subscriptions/summary', org.teammate)).json().currency, 'gpb');
  });

  it('deleting the only member says what happens to the plan, credits and add-ons, cancels them, and emails', async () => {
    const organization = await createOrganization(server.database, {
      name: 'Solo Ltd',
      customerType: 'Business',
      companySize: null,
      trialDays: 14,
    });
    const email = `solo-${organization.id.slice(0, 8)}@example.com`;
    const password = 'Harbour-Lights-2026';
    await insertUser(server.database, {
      email,
      firstName: 'Solo',
      lastName: 'Owner',
      passwordHash: await createPasswordHasher().hash(password),
      status: 'Active',
      organizationId: organization.id,
      role: 'admin',
      emailVerified: true,
    });
    const token = (await logIn(server.app, { email, password })).accessToken;
    await addCard(token, 'US');
    const started = await call('POST', '/subscriptions', token, {
      planId: 'business-monthly',
      startNow: true,
      idempotencyKey: 'solo-plan-000000001',
    });
    assert.equal(started.statusCode, 201, started.body);
    await call('POST', '/customer-credits/credits', token, {
      packageId: 'credits-2500',
      idempotencyKey: 'solo-credits-0000001',
    });
    const addOn = await call('POST', '/addon-packages/purchase', token, {
      packageId: 'social-media-50k',
      idempotencyKey: 'solo-addon-00000001',
    });
    assert.equal(addOn.statusCode, 201, addOn.body);

    const impact = await call('GET', '/account/deletion-impact', token);
    assert.equal(impact.statusCode, 200, impact.body);
    assert.equal(impact.json().deletesOrganization, true);
    assert.equal(impact.json().plan.name, 'Business');
    assert.equal(impact.json().plan.price, 49900);
    assert.equal(impact.json().credits, 2500);
    assert.deepEqual(
      impact.json().addOns.map((entry: { name: string }) => entry.name),
      ['Social media boost'],
    );

    const deleted = await server.app.inject({
      method: 'DELETE',
      url: '/account',
      headers: { authorization: `Bearer ${token}` },
      payload: { confirmEmail: email },
    });
    assert.equal(deleted.statusCode, 200, deleted.body);
    const left = await db(server.database)
      .selectFrom('subscriptions')
      .select('organizationId')
      .where('organizationId', '=', organization.id)
      .execute();
    assert.equal(left.length, 0, 'the plan is cancelled: nothing is left to renew');
    const [confirmation] = (await readOutbox(server.database, email)).filter(
      (message) => message.tag === 'account-deleted',
    );
    assert.ok(confirmation, 'a confirmation email');
    assert.match(confirmation.text, /Your plan Business \(\$499\.00 per month\) is cancelled/);
    assert.match(confirmation.text, /2,500 prepaid credits in the wallet are forfeited/);
    assert.match(confirmation.text, /The add-on Social media boost/);
  });

  it('a member who is not the only one is told the money stays with the organization', async () => {
    const org = await organizationWithPeople(server, { label: 'stays' });
    const impact = (await call('GET', '/account/deletion-impact', org.teammate)).json();
    assert.equal(impact.deletesOrganization, false);
  });
});
