// engines: both
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createOutboxMailer } from '../../adapters/mailer/outbox-mailer.js';
import { LocalTestGateway } from '../../adapters/payments/local-test-gateway.js';
import type { PaymentGateway } from '../../adapters/payments/payment-gateway.js';
import { db } from '../../db/kysely.js';
import { paymentMethodBody } from '../../test-support/payment-method-body.js';
import { readOutbox } from '../../test-support/read-outbox.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { createPasswordHasher } from '../identity/password-hasher.js';
import { createPaymentService } from '../payments/payment-service.js';
import { createOrganization } from '../people/organization-repository.js';
import { insertUser } from '../people/user-repository.js';
import { createBillingScheduler, renewalRetryDelaysDays } from './billing-scheduler.js';
import { createSubscriptionService } from './subscription-service.js';

const password = 'Harbour-Lights-2026';
const day = 86_400_000;
const silentLog = { error() {}, info() {}, warn() {} } as never;

describe('billing scheduler (docs/decisions/0040)', () => {
  let server: TestServer;
  let gateway: LocalTestGateway;
  let passwordHash: string;
  let count = 0;
  const clock = { at: new Date('2026-03-01T08:00:00Z') };
  const now = () => clock.at;

  before(async () => {
    server = await startTestServer();
    gateway = new LocalTestGateway(server.database);
    passwordHash = await createPasswordHasher().hash(password);
  });
  after(() => server.close());

  const paymentsWith = (chargeWith: PaymentGateway = gateway) =>
    createPaymentService({
      database: server.database,
      gateway: chargeWith,
      log: silentLog,
      now,
      effects: server.app.payments.effects,
    });
  const scheduler = (chargeWith: PaymentGateway = gateway) =>
    createBillingScheduler({
      database: server.database,
      payments: paymentsWith(chargeWith),
      mailer: createOutboxMailer(server.database),
      webUrl: 'https://www.dcipher.test',
      log: silentLog,
      now,
    });

  /** Gives the organization's card a token the local gateway answers by its prefix (charged, or declined). */
  const setCardToken = (organizationId: string, prefix: string) =>
    db(server.database)
      .updateTable('paymentMethods')
      .set({ gatewayToken: `${prefix}${organizationId}` })
      .where('organizationId', '=', organizationId)
      .execute();

  /** A subscribed organization (its admin signed in, a card saved) on `planId`, started at the clock's time. */
  const subscribed = async (planId = 'business-monthly', cardNumber = '4242 4242 4242 4242') => {
    count += 1;
    const organization = await createOrganization(server.database, {
      name: `Renewals ${count}`,
      customerType: 'Business',
      companySize: null,
      trialDays: 14,
    });
    const email = `renewals-admin-${count}@example.com`;
    await insertUser(server.database, {
      email,
      firstName: 'Ren',
      lastName: 'Ewal',
      passwordHash,
      status: 'Active',
      organizationId: organization.id,
      role: 'admin',
      emailVerified: true,
    });
    const token = (await logIn(server.app, { email, password })).accessToken;
    const added = await server.app.inject({
      method: 'POST',
      url: '/credit-cards',
      headers: { authorization: `Bearer ${token}` },
      payload: paymentMethodBody({
        cardHolder: 'Ren Ewal',
        cardNumber,
        cvc: '123',
        expiry: `12/${new Date().getUTCFullYear() + 2}`,
        address: '1 Harbour Street',
        country: 'US',
        billingType: 'Business',
      }),
    });
    assert.equal(added.statusCode, 201, added.body);
    const user = {
      kind: 'user',
      id: organization.id,
      organizationId: organization.id,
      role: 'admin',
    } as never;
    const service = createSubscriptionService({ database: server.database, payments: paymentsWith(), now });
    // The first period is paid with a working card even when the test wants renewals to fail.
    if (cardNumber !== '4242 4242 4242 4242') {
      await setCardToken(organization.id, 'tok_local_first_');
    }
    await service.start(user, { planId, idempotencyKey: `start-${organization.id}` });
    if (cardNumber !== '4242 4242 4242 4242') {
      await setCardToken(organization.id, 'tok_local_chargefail_');
    }
    return { id: organization.id, email, user, service };
  };
  const subscriptionOf = (organizationId: string) =>
    db(server.database)
      .selectFrom('subscriptions')
      .select([
        'planId',
        'status',
        'currentPeriodStart as start',
        'currentPeriodEnd as end',
        'renewalAttempts as attempts',
        'nextAttemptAt',
      ])
      .where('organizationId', '=', organizationId)
      .executeTakeFirstOrThrow();
  const invoicesOf = (organizationId: string) =>
    db(server.database)
      .selectFrom('invoices')
      .select(['total', 'idempotencyKey as key'])
      .where('organizationId', '=', organizationId)
      .orderBy('number')
      .execute();
  const subjectsTo = async (email: string) =>
    (await readOutbox(server.database, email)).map((m) => m.subject);

  it('renews a subscription whose period ended: charged once, invoiced, the period moved on, the admin told', async () => {
    clock.at = new Date('2026-03-01T08:00:00Z');
    const org = await subscribed();
    clock.at = new Date('2026-04-01T09:00:00Z');
    const { renewals } = await scheduler().runDue();
    assert.ok(renewals.includes('renewed'));
    const subscription = await subscriptionOf(org.id);
    assert.deepEqual(
      [subscription.start.toISOString(), subscription.end.toISOString(), subscription.status],
      ['2026-04-01T08:00:00.000Z', '2026-05-01T08:00:00.000Z', 'active'],
    );
    assert.deepEqual(
      (await invoicesOf(org.id)).map((invoice) => [invoice.total, invoice.key]),
      [
        [49900, `start-${org.id}`],
        [49900, 'renewal-2026-04-01T08:00:00.000Z'],
      ],
    );
    assert.ok((await subjectsTo(org.email)).includes('Your Dcipher plan is renewed'));
    // Nothing more is due: a second run does nothing.
    assert.deepEqual((await scheduler().runDue()).renewals, []);
    assert.equal((await invoicesOf(org.id)).length, 2);
  });

  it('moves to a scheduled downgrade at renewal, and ends a cancelled plan', async () => {
    clock.at = new Date('2026-03-01T08:00:00Z');
    const down = await subscribed('business-annual');
    await down.service.change(down.user, {
      planId: 'business-monthly',
      idempotencyKey: 'downgrade-key-0001',
    });
    const cancelled = await subscribed('business-monthly');
    await cancelled.service.cancel(cancelled.user);
    clock.at = new Date('2027-03-01T08:00:01Z');
    await scheduler().runDue();
    const moved = await subscriptionOf(down.id);
    assert.deepEqual(
      [moved.planId, moved.end.toISOString()],
      ['business-monthly', '2027-04-01T08:00:00.000Z'],
    );
    assert.equal((await invoicesOf(down.id)).at(-1)?.total, 49900);
    assert.equal((await subscriptionOf(cancelled.id)).status, 'expired');
    assert.equal((await invoicesOf(cancelled.id)).length, 1);
    assert.ok((await subjectsTo(cancelled.email)).includes('Your Dcipher plan has ended'));
  });

  it('retries a failed renewal after 1, 3 and 5 days, then reaches "Payment problem", emailing each time', async () => {
    clock.at = new Date('2026-03-01T08:00:00Z');
    const org = await subscribed('business-monthly', '4000 0000 0000 0341');
    clock.at = new Date('2026-04-01T08:00:01Z');
    const outcomes: string[] = [];
    for (const delay of [0, ...renewalRetryDelaysDays]) {
      clock.at = new Date(clock.at.getTime() + delay * day);
      const { renewals } = await scheduler().runDue();
      outcomes.push(...renewals);
      const subscription = await subscriptionOf(org.id);
      if (subscription.status === 'active') {
        // Not before its time: a run in between does nothing to it.
        assert.ok(subscription.nextAttemptAt && subscription.nextAttemptAt > clock.at);
        assert.deepEqual((await scheduler().runDue()).renewals, []);
      }
    }
    assert.deepEqual(outcomes, ['retry-scheduled', 'retry-scheduled', 'retry-scheduled', 'payment-problem']);
    const subscription = await subscriptionOf(org.id);
    assert.deepEqual([subscription.status, subscription.attempts], ['past_due', 4]);
    const summary = await org.service.summary(org.user);
    assert.equal(summary.label, 'Payment problem');
    const subjects = await subjectsTo(org.email);
    assert.equal(subjects.filter((subject) => subject === 'We could not renew your Dcipher plan').length, 3);
    assert.ok(subjects.includes('Payment problem: your Dcipher plan is on hold'));
    assert.equal((await invoicesOf(org.id)).length, 1);

    // The admin puts a working card on file and pays the renewal: the plan is active again, once.
    const token = (await logIn(server.app, { email: org.email, password })).accessToken;
    const pay = () =>
      server.app.inject({
        method: 'PUT',
        url: '/invoices/pay',
        headers: { authorization: `Bearer ${token}` },
      });
    const declined = await pay();
    assert.equal(declined.statusCode, 402);
    assert.equal((await subscriptionOf(org.id)).status, 'past_due');
    await setCardToken(org.id, 'tok_local_ok_');
    // The confirmation first shows what paying costs, priced as the charge is (docs/decisions/0078).
    const quoted = await server.app.inject({
      method: 'GET',
      url: '/invoices/pay/quote',
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(quoted.statusCode, 200, quoted.body);
    assert.equal((await invoicesOf(org.id)).length, 1, 'a quote charges nothing');
    const paid = await pay();
    assert.equal(paid.statusCode, 200, paid.body);
    assert.equal(paid.json().label, 'Active');
    const invoices = await invoicesOf(org.id);
    assert.equal(invoices.length, 2);
    assert.equal(invoices[1]!.total, quoted.json().total, 'charged exactly the quoted total');
    assert.equal(
      (
        await server.app.inject({
          method: 'GET',
          url: '/invoices/pay/quote',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
      409,
      'nothing left to pay',
    );
    const again = await pay();
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, 'There is nothing to pay: your plan has no payment problem.');
  });

  it('a process killed after charging does not charge twice: whoever takes the renewal over finds the charge', async () => {
    clock.at = new Date('2026-03-01T08:00:00Z');
    const org = await subscribed();
    clock.at = new Date('2026-04-01T09:00:00Z');
    // The first process charges the card and dies before it writes anything.
    const dying: PaymentGateway = {
      name: 'local',
      savePaymentMethod: (request) => gateway.savePaymentMethod(request),
      findCharge: (key) => gateway.findCharge(key),
      refund: (reference) => gateway.refund(reference),
      async charge(request) {
        await gateway.charge(request);
        throw new Error('killed');
      },
    };
    assert.deepEqual((await scheduler(dying).runDue()).renewals, []);
    // The leases (the renewal's, the payment's) keep others off for a while; then the payment repair job finds the
    // charge at the gateway and completes the renewal with it, and nothing is left due.
    assert.deepEqual((await scheduler().runDue()).renewals, []);
    clock.at = new Date(clock.at.getTime() + 11 * 60_000);
    assert.deepEqual(await paymentsWith().repairStale(), ['completed']);
    assert.deepEqual((await scheduler().runDue()).renewals, []);
    assert.equal((await subscriptionOf(org.id)).end.toISOString(), '2026-05-01T08:00:00.000Z');
    // Every charge the organization's card ever had: the first period and one renewal.
    const charges = await db(server.database)
      .selectFrom('localGatewayCharges')
      .select('idempotencyKey')
      .where('idempotencyKey', 'like', `${org.id}:%`)
      .execute();
    assert.equal(charges.length, 2, 'one renewal charge at the gateway');
    assert.equal((await invoicesOf(org.id)).length, 2, 'one renewal invoice');
  });

  it('two schedulers on one database never renew the same subscription twice', async () => {
    clock.at = new Date('2026-03-01T08:00:00Z');
    const orgs = [await subscribed(), await subscribed(), await subscribed()];
    clock.at = new Date('2026-04-01T09:00:00Z');
    const [first, second] = await Promise.all([scheduler().runDue(), scheduler().runDue()]);
    assert.equal(
      [...first.renewals, ...second.renewals].filter((outcome) => outcome === 'renewed').length,
      3,
    );
    for (const org of orgs) assert.equal((await invoicesOf(org.id)).length, 2);
  });

  it('tells the admins of an organization whose trial ended without a plan, once', async () => {
    count += 1;
    const organization = await createOrganization(server.database, {
      name: `Trial ${count}`,
      customerType: 'Business',
      companySize: null,
      trialDays: 14,
    });
    const email = `trial-admin-${count}@example.com`;
    await insertUser(server.database, {
      email,
      firstName: 'Tri',
      lastName: 'Al',
      passwordHash,
      status: 'Active',
      organizationId: organization.id,
      role: 'admin',
      emailVerified: true,
    });
    clock.at = new Date(Date.now() + 15 * day);
    await scheduler().runDue();
    await scheduler().runDue();
    assert.equal(
      (await subjectsTo(email)).filter((subject) => subject === 'Your Dcipher free trial has ended').length,
      1,
    );
  });
});
