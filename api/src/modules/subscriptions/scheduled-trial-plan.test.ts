// engines: both
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { db } from '../../db/kysely.js';
import { callAs } from '../../test-support/call-as.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { paymentMethodBody } from '../../test-support/payment-method-body.js';
import { readOutbox } from '../../test-support/read-outbox.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

const nextYear = new Date().getUTCFullYear() + 1;

describe('a plan picked during the trial (docs/decisions/0113)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const call = callAs(() => server.app);
  /** A card billed to a private person in France: 20 % French VAT on every charge. */
  const addCard = async (token: string) => {
    const added = await call(
      'POST',
      '/credit-cards',
      token,
      paymentMethodBody({
        cardHolder: 'Sche Duled',
        cardNumber: '4242 4242 4242 4242',
        cvc: '123',
        expiry: `08/${nextYear}`,
        address: '1 Rue du Port, Marseille',
        country: 'FR',
        billingType: 'Individual',
      }),
    );
    assert.equal(added.statusCode, 201, added.body);
  };
  const schedule = async (token: string, planId: string, key: string, promoCode?: string) => {
    const picked = await call('POST', '/subscriptions', token, {
      planId,
      currency: 'eur',
      startNow: false,
      idempotencyKey: key,
      ...(promoCode ? { promoCode } : {}),
    });
    assert.equal(picked.statusCode, 201, picked.body);
    assert.equal(picked.json().invoice, null, 'nothing charged during the trial');
    return picked.json().summary;
  };
  const listPrice = async (planId: string) => {
    const plans = (await call('GET', '/pricing-plans')).json() as { id: string; prices: { eur: number } }[];
    return plans.find((plan) => plan.id === planId)!.prices.eur;
  };

  it('answers the plan, its amount with the promo code and VAT, and its date, to every member who reads the plan, and emails it', async () => {
    const org = await organizationWithPeople(server, { label: 'sched' });
    await addCard(org.admin);
    const summary = await schedule(org.admin, 'business-monthly', 'sched-plan-0000001', 'welcome20');
    const price = await listPrice('business-monthly');
    const discount = Math.round(price * 0.2);
    const vat = Math.round((price - discount) * 0.2);
    const expected = {
      id: 'business-monthly',
      name: 'Business',
      billingPeriod: 'monthly',
      currency: 'eur',
      subtotal: price,
      discount,
      promoCode: 'WELCOME20',
      vatRateBasisPoints: 2000,
      reverseCharge: false,
      vat,
      total: price - discount + vat,
      startsAt: summary.endsAt,
    };
    assert.deepEqual(summary.trialPlan, expected);
    assert.equal(summary.state, 'trialing', 'the trial goes on');
    // The overview and Subscription details read the summary: a teammate sees the same.
    const read = await call('GET', '/subscriptions/summary', org.teammate);
    assert.equal(read.statusCode, 200, read.body);
    assert.deepEqual(read.json().trialPlan, expected);

    const emails = (await readOutbox(server.database, org.adminEmail)).filter(
      (message) => message.tag === 'billing-plan-scheduled',
    );
    assert.equal(emails.length, 1, 'one confirmation');
    const total = `€${((price - discount + vat) / 100).toFixed(2)}`;
    assert.match(emails[0]!.subject, /Business \(monthly\) starts on/);
    assert.ok(emails[0]!.subject.includes(total), emails[0]!.subject);
    assert.match(emails[0]!.text, /promo code WELCOME20/);
    assert.match(emails[0]!.text, /change or cancel this plan/i);
    assert.match(emails[0]!.text, /\/subscription/);
  });

  it('"Start now" charges the scheduled amount: the promo code given when the plan was picked is kept', async () => {
    const org = await organizationWithPeople(server, { label: 'schednow' });
    await addCard(org.admin);
    const { trialPlan } = await schedule(org.admin, 'business-monthly', 'sched-now-00000001', 'WELCOME20');
    // The person chose "Start now" for the same plan; the request names no promo code.
    const quote = await call(
      'GET',
      '/subscriptions/upgrade-cost?nextPlanId=business-monthly&startNow=true',
      org.admin,
    );
    assert.equal(quote.statusCode, 200, quote.body);
    assert.equal(quote.json().promoCode, 'WELCOME20');
    assert.equal(quote.json().total, trialPlan.total, 'the confirmation shows the scheduled amount');
    const started = await call('POST', '/subscriptions', org.admin, {
      planId: 'business-monthly',
      startNow: true,
      idempotencyKey: 'sched-now-00000002',
    });
    assert.equal(started.statusCode, 201, started.body);
    const invoice = started.json().invoice;
    assert.equal(invoice.promoCode, 'WELCOME20');
    assert.equal(invoice.discount, trialPlan.discount);
    assert.equal(invoice.total, trialPlan.total, 'charged the discounted amount');
    assert.equal(started.json().summary.state, 'active');
    assert.equal(started.json().summary.trialPlan, null);
  });

  it('keeps a promo code that expired after the plan was picked: the amount confirmed is the amount charged', async () => {
    const code = `SCHED${Date.now().toString(36).toUpperCase()}`;
    await db(server.database)
      .insertInto('promoCodes')
      .values({ code, kind: 'percent', percent: 10, expiresAt: new Date(Date.now() + 86_400_000) })
      .execute();
    const org = await organizationWithPeople(server, { label: 'schedexp' });
    await addCard(org.admin);
    const { trialPlan } = await schedule(org.admin, 'business-monthly', 'sched-exp-00000001', code);
    assert.equal(trialPlan.promoCode, code);
    await db(server.database)
      .updateTable('promoCodes')
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where('code', '=', code)
      .execute();
    const summary = (await call('GET', '/subscriptions/summary', org.admin)).json();
    assert.deepEqual(summary.trialPlan, trialPlan, 'still shown with its promo code');
    const started = await call('POST', '/subscriptions', org.admin, {
      planId: 'business-monthly',
      startNow: true,
      idempotencyKey: 'sched-exp-00000002',
    });
    assert.equal(started.statusCode, 201, started.body);
    assert.equal(started.json().invoice.total, trialPlan.total);
  });

  it('changes the scheduled plan, or cancels it before it starts; each is emailed, and only admins may', async () => {
    const org = await organizationWithPeople(server, { label: 'schedchg' });
    await addCard(org.admin);
    await schedule(org.admin, 'business-monthly', 'sched-chg-00000001', 'WELCOME20');
    const changed = await schedule(org.admin, 'business-annual', 'sched-chg-00000002');
    assert.equal(changed.trialPlan.id, 'business-annual');
    assert.equal(changed.trialPlan.billingPeriod, 'annual');
    assert.equal(changed.trialPlan.promoCode, null, 'a new plan takes the code given with it');
    assert.equal(changed.trialPlan.subtotal, await listPrice('business-annual'));

    assert.equal((await call('DELETE', '/subscriptions/trial-plan', org.teammate)).statusCode, 403);
    const cancelled = await call('DELETE', '/subscriptions/trial-plan', org.admin);
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(cancelled.json().trialPlan, null);
    assert.equal(cancelled.json().state, 'trialing', 'the trial goes on');
    const again = await call('DELETE', '/subscriptions/trial-plan', org.admin);
    assert.equal(again.statusCode, 409, again.body);
    assert.equal(
      again.json().message,
      'No plan is waiting for the end of your free trial, so there is nothing to cancel.',
    );

    const tags = (await readOutbox(server.database, org.adminEmail)).map((message) => message.tag);
    assert.equal(tags.filter((tag) => tag === 'billing-plan-scheduled').length, 2, 'picked, then changed');
    const cancelledEmail = (await readOutbox(server.database, org.adminEmail)).find(
      (message) => message.tag === 'billing-plan-cancelled',
    );
    assert.ok(cancelledEmail, 'the cancellation is emailed');
    assert.match(cancelledEmail.text, /Business \(annual\).*is cancelled\. Nothing is charged\./);
    assert.equal(
      (
        await db(server.database)
          .selectFrom('invoices')
          .select('id')
          .where('organizationId', '=', org.id)
          .execute()
      ).length,
      0,
      'nothing was charged',
    );
  });
});
