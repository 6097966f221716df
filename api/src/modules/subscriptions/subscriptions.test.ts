// engines: both
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Invoice, PlanChangeQuote, SubscriptionSummary } from '@dcipher/shared/contract';
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { LocalTestGateway } from '../../adapters/payments/local-test-gateway.js';
import { db } from '../../db/kysely.js';
import { callAs } from '../../test-support/call-as.js';
import { bodyOf } from '../../test-support/error-body.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { paymentMethodBody } from '../../test-support/payment-method-body.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { createPaymentService } from '../payments/payment-service.js';
import { createSubscriptionService, periodEnd } from './subscription-service.js';

const silentLog = { error() {}, info() {}, warn() {} } as never;

const nextYear = new Date().getUTCFullYear() + 1;
/** The text of a PDF, as a reader's copy-paste gives it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 }), {
    mergePages: true,
  });
  return text;
}

const card = (overrides: Record<string, unknown> = {}) => ({
  cardHolder: 'Ada Admin',
  cardNumber: '4242 4242 4242 4242',
  cvc: '7319',
  expiry: `08/${nextYear}`,
  company: 'Test Org',
  address: 'Vesterbrogade 1, 1620 Copenhagen',
  country: 'DK',
  billingType: 'Business',
  ...overrides,
});

describe('subscriptions, invoices and promo codes (docs/decisions/0039)', () => {
  let server: TestServer;
  const gateway = new LocalTestGateway();

  before(async () => {
    server = await startTestServer({}, { paymentGateway: gateway });
  });
  after(() => server.close());

  const newOrganization = (customerType: 'Individual' | 'Business' = 'Business') =>
    organizationWithPeople(server, { customerType, label: 'billing' });

  const call = callAs(() => server.app);
  const summaryOf = async (token: string) => {
    const response = await call('GET', '/subscriptions/summary', token);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<SubscriptionSummary>();
  };
  const quote = async (token: string, query: string) => {
    const response = await call('GET', `/subscriptions/upgrade-cost?${query}`, token);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<PlanChangeQuote>();
  };
  let keyCount = 0;
  const newKey = () => {
    keyCount += 1;
    return `test-key-${String(keyCount).padStart(8, '0')}`;
  };
  const addCard = async (token: string, overrides: Record<string, unknown> = {}) => {
    const response = await call('POST', '/credit-cards', token, paymentMethodBody(card(overrides)));
    assert.equal(response.statusCode, 201, response.body);
  };
  const invoiceCount = async (organizationId: string) => {
    const { n } = await db(server.database)
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organizationId', '=', organizationId)
      .executeTakeFirstOrThrow();
    return Number(n);
  };
  /** Moves the current period back, as if `days` of it had passed. */
  const age = (organizationId: string, days: number) =>
    db(server.database)
      .updateTable('subscriptions')
      .set({
        currentPeriodStart: sql<Date>`${sql.ref('currentPeriodStart')} - ${days}::integer * interval '1 day'`,
        currentPeriodEnd: sql<Date>`${sql.ref('currentPeriodEnd')} - ${days}::integer * interval '1 day'`,
      })
      .where('organizationId', '=', organizationId)
      .execute();
  /** The last invoice number used. */
  const lastInvoiceNumber = async () => {
    const { lastNumber } = await db(server.database)
      .selectFrom('invoiceNumberCounter')
      .select('lastNumber')
      .executeTakeFirstOrThrow();
    return Number(lastNumber);
  };

  it('a trial shows its label and countdown; teammates read it, guests may not', async () => {
    const org = await newOrganization();
    const summary = await summaryOf(org.admin);
    assert.deepEqual(
      [summary.state, summary.label, summary.daysLeft, summary.plan, summary.hasPaymentMethod],
      ['trialing', 'Free trial ends in 14 days', 14, null, false],
    );
    assert.equal((await call('GET', '/subscriptions/summary', org.teammate)).statusCode, 200);
    assert.equal((await call('GET', '/subscriptions/summary', org.guest)).statusCode, 403);
    assert.equal((await call('GET', '/subscriptions/summary')).statusCode, 401);
    await db(server.database)
      .updateTable('organizations')
      .set({ trialEndsAt: sql<Date>`now() - interval '1 day'` })
      .where('id', '=', org.id)
      .execute();
    const ended = await summaryOf(org.admin);
    assert.deepEqual([ended.state, ended.label, ended.daysLeft], ['expired', 'Expired', null]);
  });

  it('the seeded demo organization is in its trial with the days left, not a bare "Trialing"', async () => {
    const { accessToken } = await logIn(server.app);
    const summary = await summaryOf(accessToken);
    assert.deepEqual(
      [summary.state, summary.label, summary.daysLeft, summary.endsAt === null],
      ['trialing', 'Free trial ends in 14 days', 14, false],
    );
  });

  it('subscribing needs a card; then the first period is charged with VAT and the plan is active', async () => {
    const org = await newOrganization();
    const key = newKey();
    const none = await call('GET', '/subscriptions', org.admin);
    assert.deepEqual([none.statusCode, none.json()], [200, null]);
    const withoutCard = await call('POST', '/subscriptions', org.admin, {
      planId: 'business-monthly',
      idempotencyKey: key,
    });
    assert.equal(withoutCard.statusCode, 409);
    assert.equal(withoutCard.json().message, 'Add a payment card before choosing a plan.');
    assert.equal(
      (
        await call('POST', '/subscriptions', org.teammate, {
          planId: 'business-monthly',
          idempotencyKey: key,
        })
      ).statusCode,
      403,
    );

    await addCard(org.admin);
    const shown = await quote(org.admin, 'nextPlanId=business-monthly&currency=eur');
    assert.deepEqual(
      [shown.kind, shown.currency, shown.subtotal, shown.vatRateBasisPoints, shown.vat, shown.total],
      ['start', 'eur', 45900, 2500, 11475, 57375],
    );
    const started = await call('POST', '/subscriptions', org.admin, {
      planId: 'business-monthly',
      currency: 'eur',
      idempotencyKey: key,
    });
    assert.equal(started.statusCode, 201, started.body);
    const { summary, invoice } = started.json<{ summary: SubscriptionSummary; invoice: Invoice }>();
    const record = (await call('GET', '/subscriptions', org.teammate)).json();
    assert.deepEqual(
      [record.planId, record.currency, record.status, record.cancelAtPeriodEnd, record.currentPeriodEnd],
      ['business-monthly', 'eur', 'active', false, summary.endsAt],
    );
    assert.equal(invoice.total, shown.total, 'the invoice charges what was shown');
    assert.match(invoice.number, /^DC-\d{6}$/);
    assert.deepEqual(
      [summary.state, summary.label, summary.plan?.id, summary.plan?.currency],
      ['active', 'Active', 'business-monthly', 'eur'],
    );
    assert.equal(gateway.charges.get(`${org.id}:${key}`)?.amount, 57375);

    const again = await call('POST', '/subscriptions', org.admin, {
      planId: 'business-monthly',
      idempotencyKey: newKey(),
    });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().code, 'SUBSCRIPTION_CONFLICT');
    // An individual's plan is not for a business.
    const wrongKind = await call('GET', '/subscriptions/upgrade-cost?nextPlanId=starter-monthly', org.admin);
    assert.equal(wrongKind.statusCode, 404);
    assert.equal(
      (await call('GET', '/subscriptions/upgrade-cost?nextPlanId=enterprise', org.admin)).statusCode,
      404,
    );
  });

  it('a repeated or racing request with one idempotency key charges once and answers the same invoice', async () => {
    const org = await newOrganization();
    await addCard(org.admin);
    const key = newKey();
    const body = { planId: 'business-monthly', idempotencyKey: key };
    const [first, second] = await Promise.all([
      call('POST', '/subscriptions', org.admin, body),
      call('POST', '/subscriptions', org.admin, body),
    ]);
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(second.statusCode, 201, second.body);
    assert.equal(first.json().invoice.number, second.json().invoice.number);
    const retried = await call('POST', '/subscriptions', org.admin, body);
    assert.equal(retried.json().invoice.id, first.json().invoice.id);
    assert.equal(await invoiceCount(org.id), 1);
    assert.equal([...gateway.charges.keys()].filter((charged) => charged === `${org.id}:${key}`).length, 1);

    // The same for an upgrade, racing.
    await age(org.id, 10);
    const upgrade = { planId: 'business-annual', idempotencyKey: newKey() };
    const raced = await Promise.all([1, 2, 3].map(() => call('PUT', '/subscriptions', org.admin, upgrade)));
    assert.deepEqual(
      raced.map((response) => response.statusCode),
      [200, 200, 200],
    );
    assert.equal(new Set(raced.map((response) => response.json().invoice.id)).size, 1);
    assert.equal(await invoiceCount(org.id), 2);
  });

  it('an upgrade mid-period is charged prorated, exactly as shown; a downgrade and a cancellation wait and can be undone', async () => {
    const org = await newOrganization('Individual');
    await addCard(org.admin, { country: 'US', billingType: 'Individual' });
    await call('POST', '/subscriptions', org.admin, { planId: 'starter-monthly', idempotencyKey: newKey() });
    await age(org.id, 10);

    const shown = await quote(org.admin, 'nextPlanId=professional-monthly');
    assert.equal(shown.kind, 'upgrade');
    assert.ok(shown.credit > 0 && shown.credit < 4900, 'the unused part of the starter month');
    assert.ok(shown.charge > 0 && shown.charge < 14900, 'the rest of the month on professional');
    assert.equal(shown.total, shown.charge - shown.credit, 'no VAT outside the EU');
    const upgraded = await call('PUT', '/subscriptions', org.admin, {
      planId: 'professional-monthly',
      idempotencyKey: newKey(),
    });
    assert.equal(upgraded.statusCode, 200, upgraded.body);
    const { invoice, summary } = upgraded.json<{ invoice: Invoice; summary: SubscriptionSummary }>();
    // Within the same second the proration is the same: what was shown is what was charged.
    assert.ok(Math.abs(invoice.total - shown.total) <= 1, `${invoice.total} vs ${shown.total}`);
    assert.deepEqual(
      invoice.lines.map((line) => Math.sign(line.amount)),
      [1, -1],
    );
    assert.equal(summary.plan?.id, 'professional-monthly');

    const down = await call('PUT', '/subscriptions', org.admin, {
      planId: 'starter-monthly',
      idempotencyKey: newKey(),
    });
    assert.equal(down.statusCode, 200, down.body);
    assert.equal(down.json().invoice, null);
    assert.deepEqual(
      [down.json().summary.plan.id, down.json().summary.scheduledPlan?.id],
      ['professional-monthly', 'starter-monthly'],
    );
    const undo = await call('PUT', '/subscriptions', org.admin, {
      planId: 'professional-monthly',
      idempotencyKey: newKey(),
    });
    assert.equal(undo.json().summary.scheduledPlan, null);

    const cancelled = await call('DELETE', '/subscriptions', org.admin);
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.match(cancelled.json().label, /^Expiring in \d+ days$/);
    const kept = await call('PUT', '/subscriptions', org.admin, {
      planId: 'professional-monthly',
      idempotencyKey: newKey(),
    });
    assert.deepEqual([kept.json().summary.label, kept.json().summary.cancelAtPeriodEnd], ['Active', false]);
    assert.equal(await invoiceCount(org.id), 2);
  });

  it('a card declined when charged shows its message and changes nothing, and uses no invoice number', async () => {
    const org = await newOrganization();
    await addCard(org.admin, { cardNumber: '4000 0000 0000 0341' });
    const before = await lastInvoiceNumber();
    const declined = await call('POST', '/subscriptions', org.admin, {
      planId: 'business-monthly',
      idempotencyKey: newKey(),
    });
    assert.equal(declined.statusCode, 402);
    assert.equal(declined.json().message, 'Your card was declined. Try another card.');
    assert.equal((await summaryOf(org.admin)).state, 'trialing');
    assert.equal(await invoiceCount(org.id), 0);
    const afterwards = await lastInvoiceNumber();
    assert.equal(afterwards, before);
  });

  it('promo codes: applied to the charge, refused with the reason on the field', async () => {
    const org = await newOrganization();
    await addCard(org.admin, { country: 'DE', vatNumber: 'DE136695976' });
    const shown = await quote(org.admin, 'nextPlanId=business-monthly&promoCode=welcome20');
    // No currency chosen: the German billing address's, euros (decision 0078).
    assert.deepEqual(
      [
        shown.currency,
        shown.subtotal,
        shown.discount,
        shown.promoCode,
        shown.reverseCharge,
        shown.vat,
        shown.total,
      ],
      ['eur', 45900, 9180, 'WELCOME20', true, 0, 36720],
    );
    const notForPlan = await call(
      'GET',
      '/subscriptions/upgrade-cost?nextPlanId=business-monthly&promoCode=ANNUAL10',
      org.admin,
    );
    assert.equal(notForPlan.statusCode, 400);
    assert.deepEqual(notForPlan.json().issues, { promoCode: 'This promo code does not apply to this plan.' });
    const unknown = await call(
      'GET',
      '/subscriptions/upgrade-cost?nextPlanId=business-monthly&promoCode=NOPE',
      org.admin,
    );
    assert.deepEqual(unknown.json().issues, { promoCode: 'This promo code is not valid.' });
    await db(server.database)
      .insertInto('promoCodes')
      .values({ code: 'OLD50', kind: 'percent', percent: 50, expiresAt: sql<Date>`now() - interval '1 day'` })
      .execute();
    const expired = await call(
      'GET',
      '/subscriptions/upgrade-cost?nextPlanId=business-monthly&promoCode=OLD50',
      org.admin,
    );
    assert.deepEqual(expired.json().issues, { promoCode: 'This promo code has expired.' });

    const started = await call('POST', '/subscriptions', org.admin, {
      planId: 'business-monthly',
      promoCode: 'WELCOME20',
      idempotencyKey: newKey(),
    });
    assert.equal(started.json().invoice.total, 36720);

    const publicPrice = await call('POST', '/promocode/calculateDiscountedPrice', undefined, {
      code: 'business100',
      planId: 'business-annual',
      currency: 'gpb',
    });
    assert.equal(publicPrice.statusCode, 200, publicPrice.body);
    assert.deepEqual(bodyOf(publicPrice), {
      code: 'BUSINESS100',
      planId: 'business-annual',
      currency: 'gpb',
      price: 382800,
      discount: 8000,
      discountedPrice: 374800,
    });
    const refused = await call('POST', '/promocode/calculateDiscountedPrice', undefined, {
      code: 'BUSINESS100',
      planId: 'starter-monthly',
    });
    assert.equal(refused.statusCode, 400);
    assert.deepEqual(refused.json().issues, { code: 'This promo code does not apply to this plan.' });
  });

  it('a credits invoice states no period: a one-off purchase has only its day', async () => {
    const org = await newOrganization();
    await addCard(org.admin);
    const bought = await call('POST', '/customer-credits/credits', org.admin, {
      packageId: 'credits-2500',
      idempotencyKey: newKey(),
    });
    assert.equal(bought.statusCode, 201, bought.body);
    const [invoice] = (await call('GET', '/invoices', org.admin)).json<Invoice[]>();
    const pdf = await call('GET', `/invoices/${invoice!.id}/pdf`, org.admin);
    const text = await pdfText(Buffer.from(pdf.json().base64, 'base64'));
    assert.match(text, /Paid with Visa ending in 4242/);
    assert.doesNotMatch(text, /Period/);
  });

  it('invoices: listed newest first, filtered by date, numbered without gaps, never another organization’s', async () => {
    const org = await newOrganization();
    await addCard(org.admin);
    await call('POST', '/subscriptions', org.admin, { planId: 'business-monthly', idempotencyKey: newKey() });
    await age(org.id, 5);
    await call('PUT', '/subscriptions', org.admin, { planId: 'business-annual', idempotencyKey: newKey() });
    await db(server.database)
      .updateTable('invoices')
      .set({ issuedAt: '2026-01-15T10:00:00Z' })
      .where('organizationId', '=', org.id)
      .where('number', '=', (eb) =>
        eb
          .selectFrom('invoices')
          .select((inner) => inner.fn.min('number').as('first'))
          .where('organizationId', '=', org.id),
      )
      .execute();
    const all = (await call('GET', '/invoices', org.admin)).json<Invoice[]>();
    assert.equal(all.length, 2);
    const numbers = all.map((invoice) => Number(invoice.number.slice(3)));
    assert.equal(numbers[0], numbers[1]! + 1, 'consecutive numbers, newest first');
    const january = (await call('GET', '/invoices?from=2026-01-01&to=2026-01-31', org.admin)).json<
      Invoice[]
    >();
    assert.deepEqual(
      january.map((invoice) => invoice.issuedAt),
      ['2026-01-15T10:00:00.000Z'],
    );
    assert.equal((await call('GET', '/invoices?from=2026-13-01', org.admin)).statusCode, 400);
    const pdf = await call('GET', `/invoices/${all[0]!.id}/pdf`, org.admin);
    assert.equal(pdf.statusCode, 200, pdf.body);
    assert.equal(pdf.json().fileName, `dcipher-invoice-${all[0]!.number}.pdf`);
    const bytes = Buffer.from(pdf.json().base64, 'base64');
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    assert.match(bytes.subarray(-8).toString(), /%%EOF/);
    // What the invoice says: the card that paid it, one address for questions, the period it covers.
    const text = await pdfText(bytes);
    assert.match(text, /Paid with Visa ending in 4242/);
    assert.match(text, /Period/);
    assert.equal(text.match(/@/g)?.length, 1, 'one contact address, the one for questions about the invoice');
    assert.equal((await call('GET', `/invoices/${all[0]!.id}/pdf`, org.teammate)).statusCode, 200);
    const other = await newOrganization();
    assert.equal((await call('GET', `/invoices/${all[0]!.id}/pdf`, other.admin)).statusCode, 404);
    assert.equal((await call('GET', '/invoices/not-an-id/pdf', other.admin)).statusCode, 404);
    assert.deepEqual(bodyOf(await call('GET', '/invoices', other.admin)), []);
    assert.equal((await call('GET', '/invoices', other.guest)).statusCode, 403);
    // Every number up to the highest is used once.
    const { total, highest } = await db(server.database)
      .selectFrom('invoices')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.max('number').as('highest')])
      .executeTakeFirstOrThrow();
    assert.equal(Number(total), Number(highest));
  });

  it('with the clock held still, every upgrade invoice equals the quote shown, to the minor unit', async () => {
    const clock = { at: new Date() };
    const now = () => clock.at;
    const payments = createPaymentService({
      database: server.database,
      gateway,
      log: silentLog,
      now,
      effects: server.app.payments.effects,
    });
    const service = createSubscriptionService({ database: server.database, payments, now });
    // A code for upgrades (WELCOME20 is for a first plan only, migration 0035).
    await db(server.database)
      .insertInto('promoCodes')
      .values({ code: 'UPGRADE15', kind: 'percent', percent: 15 })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    for (const [from, to, daysIn, promo] of [
      ['starter-monthly', 'professional-monthly', 1, undefined],
      ['starter-monthly', 'professional-monthly', 17, 'UPGRADE15'],
      ['starter-monthly', 'starter-annual', 29, 'ANNUAL10'],
      ['professional-monthly', 'professional-annual', 9, undefined],
    ] as const) {
      const org = await newOrganization('Individual');
      await addCard(org.admin, { country: 'FR', billingType: 'Individual' });
      const user = { kind: 'user', id: org.id, organizationId: org.id, role: 'admin' } as never;
      clock.at = new Date('2026-03-01T08:00:00Z');
      await service.start(user, { planId: from, idempotencyKey: newKey() });
      clock.at = new Date(clock.at.getTime() + daysIn * 86_400_000 + 12_345_678);
      const shown = await service.quote(user, { nextPlanId: to, promoCode: promo });
      const { invoice } = await service.change(user, {
        planId: to,
        promoCode: promo,
        idempotencyKey: newKey(),
      });
      assert.equal(invoice?.total, shown.total, `${from} → ${to} after ${daysIn} days`);
      assert.deepEqual(
        [invoice?.subtotal, invoice?.discount, invoice?.vat],
        [shown.subtotal, shown.discount, shown.vat],
      );
    }
  });

  it('the last card cannot be removed while a paid plan renews with it; a second card or a cancellation allows it', async () => {
    const org = await newOrganization();
    await addCard(org.admin);
    await call('POST', '/subscriptions', org.admin, { planId: 'business-monthly', idempotencyKey: newKey() });
    const cards = async () => (await call('GET', '/credit-cards', org.admin)).json<{ id: string }[]>();
    const [only] = await cards();
    const refused = await call('DELETE', '/credit-cards', org.admin, { id: only!.id });
    assert.equal(refused.statusCode, 409);
    assert.equal(
      refused.json().message,
      'Your plan is paid with this card: add another card before removing it, or cancel the plan first.',
    );
    assert.equal((await cards()).length, 1);
    await addCard(org.admin, { cardNumber: '5555 5555 5555 4444' });
    assert.equal((await call('DELETE', '/credit-cards', org.admin, { id: only!.id })).statusCode, 200);
    const [second] = await cards();
    assert.equal((await call('DELETE', '/subscriptions', org.admin)).statusCode, 200);
    assert.equal((await call('DELETE', '/credit-cards', org.admin, { id: second!.id })).statusCode, 200);
  });

  it('billing details of their own decide VAT and the invoice address; removed, the card’s apply again', async () => {
    const org = await newOrganization();
    const none = await call('GET', '/billing', org.admin);
    assert.deepEqual([none.statusCode, none.json()], [200, null]);
    await addCard(org.admin, { country: 'US' });
    assert.deepEqual(bodyOf(await call('GET', '/billing', org.teammate)), {
      company: 'Test Org',
      address: 'Vesterbrogade 1, 1620 Copenhagen',
      country: 'US',
      vatNumber: null,
      billingType: 'Business',
      source: 'card',
      cardDetailsDiffer: false,
    });
    assert.equal((await quote(org.admin, 'nextPlanId=business-monthly')).vat, 0);
    const details = {
      company: 'Test Org A/S',
      address: 'Applebys Plads 1, 1411 Copenhagen K',
      country: 'DK',
      billingType: 'Business',
    };
    assert.equal((await call('POST', '/billing', org.teammate, details)).statusCode, 403);
    const bad = await call('POST', '/billing', org.admin, { ...details, country: 'XX' });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(Object.keys(bad.json().issues), ['country']);
    const saved = await call('POST', '/billing', org.admin, details);
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.json().source, 'billing');
    // The card was added with other details: using its details instead would change them (issue 36).
    assert.equal(saved.json().cardDetailsDiffer, true);
    // Danish billing details: Danish VAT, and (nothing chosen yet) euros, €459.00 × 25 % (decision 0078).
    assert.equal((await quote(org.admin, 'nextPlanId=business-monthly')).vat, 11475);
    assert.equal((await call('DELETE', '/billing', org.admin)).statusCode, 200);
    assert.equal((await call('GET', '/billing', org.admin)).json().source, 'card');
    assert.equal((await quote(org.admin, 'nextPlanId=business-monthly')).vat, 0);
    assert.equal((await call('DELETE', '/billing', org.admin)).statusCode, 404);
  });

  it('lists the plans the organization may move to, each marked start, upgrade or downgrade', async () => {
    const org = await newOrganization('Individual');
    const upgrades = async () =>
      (await call('GET', '/pricing-plans/upgrades', org.admin))
        .json<{ plan: { id: string }; change: string }[]>()
        .map((entry) => `${entry.plan.id} ${entry.change}`);
    assert.deepEqual((await upgrades()).sort(), [
      'professional-annual start',
      'professional-monthly start',
      'starter-annual start',
      'starter-monthly start',
    ]);
    await addCard(org.admin, { country: 'US', billingType: 'Individual' });
    await call('POST', '/subscriptions', org.admin, {
      planId: 'professional-monthly',
      idempotencyKey: newKey(),
    });
    assert.deepEqual((await upgrades()).sort(), [
      'professional-annual upgrade',
      'starter-annual upgrade',
      'starter-monthly downgrade',
    ]);
    assert.equal((await call('GET', '/pricing-plans/upgrades', org.guest)).statusCode, 403);
  });

  it('a custom plan request is kept and reaches the sales team by email', async () => {
    const request = {
      firstName: 'Maria',
      lastName: 'Jensen',
      email: 'maria@nordlys.example',
      company: 'Nordlys Research',
      seats: 250,
      message: 'We need SSO, a DPA and volume pricing for 250 analysts.',
    };
    const answer = await call('POST', '/pricing-plans/create-custom-plan', undefined, request);
    assert.equal(answer.statusCode, 201, answer.body);
    const kept = await db(server.database)
      .selectFrom('contactRequests')
      .select(['topic', 'message'])
      .where('id', '=', answer.json().id)
      .executeTakeFirst();
    assert.deepEqual(kept, {
      topic: 'sales',
      message:
        'Custom plan request for about 250 people:\n\nWe need SSO, a DPA and volume pricing for 250 analysts.',
    });
    const mail = await db(server.database)
      .selectFrom('emailOutbox')
      .select('subject')
      .where('toAddress', '=', 'sales@dcipher.io')
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    assert.equal(mail?.subject, 'Custom plan request from Nordlys Research');
    const bad = await call('POST', '/pricing-plans/create-custom-plan', undefined, {
      ...request,
      seats: 0,
      email: 'x',
    });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(Object.keys(bad.json().issues).sort(), ['email', 'seats']);
  });

  it('periods run a calendar month or year in UTC, the last day of a short month included', () => {
    assert.equal(
      periodEnd(new Date('2026-01-31T09:30:00Z'), 'monthly').toISOString(),
      '2026-02-28T09:30:00.000Z',
    );
    assert.equal(
      periodEnd(new Date('2028-02-29T00:00:00Z'), 'annual').toISOString(),
      '2029-02-28T00:00:00.000Z',
    );
    assert.equal(
      periodEnd(new Date('2026-12-15T23:59:59Z'), 'monthly').toISOString(),
      '2027-01-15T23:59:59.000Z',
    );
  });
});
