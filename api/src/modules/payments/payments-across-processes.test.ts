// engines: both
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Invoice, PlanChangeQuote } from '@dcipher/shared/contract';
import { billingMessages } from '@dcipher/shared/validation';
import type { FastifyInstance } from 'fastify';
import { LocalTestGateway } from '../../adapters/payments/local-test-gateway.js';
import type { ChargeRequest, PaymentGateway } from '../../adapters/payments/payment-gateway.js';
import type { Database, Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { createPgliteDatabase } from '../../db/pglite-database.js';
import { createPostgresDatabase } from '../../db/postgres-database.js';
import { createServer } from '../../server.js';
import { callAs } from '../../test-support/call-as.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { paymentMethodBody } from '../../test-support/payment-method-body.js';
import { createTestPostgresDatabase, testDatabaseKind } from '../../test-support/test-database.js';
import { testConfig } from '../../test-support/test-server.js';
import { createPaymentService } from './payment-service.js';

/**
 * Money with two API instances on one database (issue 22, docs/decisions/0055). On PostgreSQL each instance has
 * its own connection pool to the same database, as two processes do; on PGlite both share the one embedded engine.
 * Nothing in-process serialises them: only what the database holds (the organization's lock, the one pending
 * payment per organization, the promo code's count) keeps every charge single.
 */
const silentLog = { error() {}, info() {}, warn() {} } as never;

/** A gateway that can be told to lose track after charging, as a process killed right after the gateway's answer. */
class GatewayWithFaults implements PaymentGateway {
  readonly name = 'local';
  failAfterCharge = false;
  constructor(private readonly inner: LocalTestGateway) {}
  savePaymentMethod: PaymentGateway['savePaymentMethod'] = (request) => this.inner.savePaymentMethod(request);
  findCharge: PaymentGateway['findCharge'] = (key) => this.inner.findCharge(key);
  refund: PaymentGateway['refund'] = (reference) => this.inner.refund(reference);
  async charge(request: ChargeRequest) {
    const charged = await this.inner.charge(request);
    if (this.failAfterCharge) throw new Error('injected: the connection was lost after the charge');
    return charged;
  }
}

/**
 * A database whose invoice insert fails for one organization, as a database error between the charge and the
 * invoice (a constraint, a lost connection) that lasts. The statement is Kysely's (`insertPaidInvoice`): `insert
 * into "invoices"`, the organization its first value.
 */
function databaseWithFaults(database: Database, faults: { failInvoiceFor?: string | undefined }): Database {
  const fails = (sql: string, params: readonly unknown[] | undefined) =>
    faults.failInvoiceFor !== undefined &&
    /^insert into "invoices" \("organization_id",/.test(sql) &&
    params?.[0] === faults.failInvoiceFor;
  const injected = () => Promise.reject(new Error('injected: the database failed'));
  const guarded = (target: Queryable): Queryable => ({
    execute: (sql, params) => (fails(sql, params) ? injected() : target.execute(sql, params)),
    exec: (script) => target.exec(script),
  });
  return {
    ...guarded(database),
    transaction: (work) => database.transaction((transaction) => work(guarded(transaction))),
    listen: (channel, onMessage, onLost) => database.listen(channel, onMessage, onLost),
    close: () => database.close(),
  };
}

describe('payments with two API instances on one database (docs/decisions/0055)', () => {
  let first: Database;
  let second: Database;
  let drop: (() => Promise<void>) | undefined;
  const faults: { failInvoiceFor?: string | undefined } = {};
  let gatewayB: GatewayWithFaults;
  let apps: [FastifyInstance, FastifyInstance];
  let started: number;
  let keysDir: string;

  before(async () => {
    started = performance.now();
    if (testDatabaseKind === 'postgres') {
      const created = await createTestPostgresDatabase();
      drop = created.drop;
      const fail = (error: Error) => {
        throw error;
      };
      first = await createPostgresDatabase(created.url, fail);
      second = await createPostgresDatabase(created.url, fail);
    } else {
      first = await createPgliteDatabase();
      second = first;
    }
    gatewayB = new GatewayWithFaults(new LocalTestGateway(second));
    // Replicas share their signing keys (and the captcha and SSO secrets derived beside them).
    keysDir = await mkdtemp(path.join(tmpdir(), 'dcipher-replica-keys-'));
    const config = testConfig({ keysDir });
    apps = [
      await createServer(config, { database: first, paymentGateway: new LocalTestGateway(first) }),
      await createServer(config, {
        database: databaseWithFaults(second, faults),
        paymentGateway: gatewayB,
      }),
    ];
  });
  after(async () => {
    for (const app of apps) await app.close();
    await first.close();
    if (second !== first) await second.close();
    await drop?.();
    await rm(keysDir, { recursive: true, force: true });
    console.log(
      `# two-instance payment tests on ${testDatabaseKind}: ${Math.round(performance.now() - started)} ms`,
    );
  });

  const [appA, appB] = [() => apps[0], () => apps[1]];
  const server = () => ({ app: apps[0], database: first });
  let keys = 0;
  const newKey = () => {
    keys += 1;
    return `race-key-${String(keys).padStart(8, '0')}`;
  };

  // The same call on either process's app.
  const call = (app: FastifyInstance, method: string, url: string, token: string, payload?: object) =>
    callAs(() => app)(method, url, token, payload);

  async function customer(
    customerType: 'Individual' | 'Business' = 'Individual',
    cardNumber = '4242 4242 4242 4242',
  ) {
    const org = await organizationWithPeople(server(), { customerType, label: 'race' });
    await addCard(org.admin, customerType, cardNumber);
    return org;
  }

  async function addCard(token: string, customerType: string, cardNumber: string) {
    const added = await call(
      appA(),
      'POST',
      '/credit-cards',
      token,
      paymentMethodBody({
        cardHolder: 'Ada Admin',
        cardNumber,
        cvc: '123',
        expiry: `12/${new Date().getUTCFullYear() + 2}`,
        address: '1 Harbour Street',
        country: 'US',
        billingType: customerType,
      }),
    );
    assert.equal(added.statusCode, 201, added.body);
  }

  /** Charges the gateway made for the organization (every key the API sends it starts with the organization). */
  const chargesOf = async (organizationId: string) => {
    const { n } = await db(first)
      .selectFrom('localGatewayCharges')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('idempotencyKey', 'like', `${organizationId}:%`)
      .executeTakeFirstOrThrow();
    return Number(n);
  };
  const invoicesOf = async (organizationId: string) => {
    const { n } = await db(first)
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organizationId', '=', organizationId)
      .executeTakeFirstOrThrow();
    return Number(n);
  };

  it('racing upgrades with distinct keys (two tabs, two instances) charge once', async () => {
    for (let trial = 0; trial < 2; trial += 1) {
      const org = await customer();
      const start = await call(appA(), 'POST', '/subscriptions', org.admin, {
        planId: 'starter-monthly',
        idempotencyKey: newKey(),
      });
      assert.equal(start.statusCode, 201, start.body);
      const answers = await Promise.all(
        [appA, appB, appA, appB].map((app) =>
          call(app(), 'PUT', '/subscriptions', org.admin, {
            planId: 'professional-monthly',
            idempotencyKey: newKey(),
          }),
        ),
      );
      assert.deepEqual(
        answers.map((answer) => answer.statusCode),
        [200, 200, 200, 200],
        answers.map((answer) => answer.body).join('\n'),
      );
      const invoices = answers.map((answer) => answer.json<{ invoice: Invoice | null }>().invoice);
      assert.equal(invoices.filter(Boolean).length, 1, 'one upgrade invoice among the answers');
      assert.equal(await invoicesOf(org.id), 2, 'the start and one upgrade');
      assert.equal(await chargesOf(org.id), 2, 'the start and one upgrade charged');
    }
  });

  it('racing first subscriptions charge once: the second is told a subscription exists', async () => {
    const org = await customer();
    const answers = await Promise.all(
      [appA, appB].map((app) =>
        call(app(), 'POST', '/subscriptions', org.admin, {
          planId: 'professional-monthly',
          idempotencyKey: newKey(),
        }),
      ),
    );
    assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    assert.equal(refused.json().message, billingMessages.alreadySubscribed);
    assert.equal(await chargesOf(org.id), 1);
    assert.equal(await invoicesOf(org.id), 1);
  });

  it('credits and add-ons bought at once with distinct keys are each charged once; one key at once, once', async () => {
    const org = await customer('Business');
    const start = await call(appA(), 'POST', '/subscriptions', org.admin, {
      planId: 'business-monthly',
      idempotencyKey: newKey(),
    });
    assert.equal(start.statusCode, 201, start.body);
    const buys = await Promise.all([
      call(appA(), 'POST', '/customer-credits/credits', org.admin, {
        packageId: 'credits-2500',
        idempotencyKey: newKey(),
      }),
      call(appB(), 'POST', '/customer-credits/credits', org.admin, {
        packageId: 'credits-2500',
        idempotencyKey: newKey(),
      }),
      call(appA(), 'POST', '/addon-packages/purchase', org.admin, {
        packageId: 'news-20k',
        idempotencyKey: newKey(),
      }),
      call(appB(), 'POST', '/addon-packages/purchase', org.admin, {
        packageId: 'social-media-50k',
        idempotencyKey: newKey(),
      }),
    ]);
    assert.deepEqual(
      buys.map((answer) => answer.statusCode),
      [201, 201, 201, 201],
      buys.map((answer) => answer.body).join('\n'),
    );
    assert.equal(await chargesOf(org.id), 5);
    assert.equal(await invoicesOf(org.id), 5);
    const balance = await call(appA(), 'GET', '/customer-credits', org.admin);
    assert.equal(balance.json().balance, 5000);
    assert.equal((await call(appB(), 'GET', '/addon-packages/mine', org.admin)).json().length, 2);

    const key = newKey();
    const same = await Promise.all(
      [appA, appB, appA].map((app) =>
        call(app(), 'POST', '/customer-credits/credits', org.admin, {
          packageId: 'credits-2500',
          idempotencyKey: key,
        }),
      ),
    );
    assert.deepEqual(
      same.map((answer) => answer.statusCode),
      [201, 201, 201],
    );
    assert.equal(
      new Set(same.map((answer) => answer.json().invoice.id)).size,
      1,
      'one invoice answered thrice',
    );
    assert.equal(await chargesOf(org.id), 6);
    assert.equal((await call(appA(), 'GET', '/customer-credits', org.admin)).json().balance, 7500);
  });

  it('the last redemption of a promo code goes to one of two racing organizations; the other is refused, not charged', async () => {
    await db(first)
      .insertInto('promoCodes')
      .values({ code: 'LASTONE', kind: 'percent', percent: 50, maxRedemptions: 1 })
      .execute();
    const [one, two] = [await customer(), await customer()];
    const answers = await Promise.all(
      [
        [appA, one],
        [appB, two],
      ].map(([app, org]) =>
        call((app as typeof appA)(), 'POST', '/subscriptions', (org as typeof one).admin, {
          planId: 'professional-monthly',
          promoCode: 'LASTONE',
          idempotencyKey: newKey(),
        }),
      ),
    );
    assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [201, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    assert.deepEqual(refused.json().issues, { promoCode: billingMessages.promoCodeUsedUp });
    const winner = answers.find((answer) => answer.statusCode === 201)!;
    assert.ok(winner.json<{ invoice: Invoice }>().invoice.discount > 0);
    assert.equal((await chargesOf(one.id)) + (await chargesOf(two.id)), 1);
    const promo = await db(first)
      .selectFrom('promoCodes')
      .select('redemptions')
      .where('code', '=', 'LASTONE')
      .executeTakeFirst();
    assert.equal(promo?.redemptions, 1);
  });

  it('a fault between the charge and the invoice: the repair job completes the payment, or refunds it', async () => {
    // The gateway charged, then the instance lost track (a crash right after the gateway's answer).
    const lost = await customer();
    gatewayB.failAfterCharge = true;
    const lostKey = newKey();
    const answer = await call(appB(), 'POST', '/subscriptions', lost.admin, {
      planId: 'professional-monthly',
      idempotencyKey: lostKey,
    });
    gatewayB.failAfterCharge = false;
    assert.equal(answer.statusCode, 503, answer.body);
    assert.equal(answer.json().message, billingMessages.paymentNotConfirmed);
    assert.equal(await chargesOf(lost.id), 1);
    assert.equal(await invoicesOf(lost.id), 0);

    // The database failed between the charge and the invoice, and still fails when the repair job first looks.
    const broken = await customer();
    faults.failInvoiceFor = broken.id;
    const brokenKey = newKey();
    const failed = await call(appB(), 'POST', '/customer-credits/credits', broken.admin, {
      packageId: 'credits-2500',
      idempotencyKey: brokenKey,
    });
    assert.equal(failed.statusCode, 503, failed.body);
    assert.equal(await chargesOf(broken.id), 1);
    assert.equal(await invoicesOf(broken.id), 0);

    // The repair job, once the leases have run out (a clock 10 minutes on): the lost payment is completed from the
    // charge the gateway reports; the broken one cannot be recorded, so its money goes back.
    const later = () => new Date(Date.now() + 10 * 60_000);
    const repairs = await createPaymentService({
      database: databaseWithFaults(second, faults),
      gateway: gatewayB,
      log: silentLog,
      now: later,
      // What another process's modules registered at its start (docs/decisions/0110).
      effects: appB().payments.effects,
    }).repairStale();
    faults.failInvoiceFor = undefined;
    assert.deepEqual(repairs.sort(), ['completed', 'refunded']);
    assert.equal(await invoicesOf(lost.id), 1);
    const summary = await call(appA(), 'GET', '/subscriptions/summary', lost.admin);
    assert.equal(summary.json().plan.id, 'professional-monthly');
    assert.equal(await invoicesOf(broken.id), 0);
    assert.equal((await call(appA(), 'GET', '/customer-credits', broken.admin)).json().balance, 0);

    // Every charge the gateway made has an invoice or a refund.
    const unaccounted = await db(first)
      .selectFrom('localGatewayCharges as charge')
      .select('charge.idempotencyKey')
      .where('charge.refundedAt', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('invoices')
              .select(eb.lit(1).as('one'))
              .whereRef('invoices.paymentReference', '=', 'charge.reference'),
          ),
        ),
      )
      .execute();
    assert.deepEqual(unaccounted, []);

    // Retrying the same keys: the completed one answers its invoice; the refunded one says to start again.
    const replay = await call(appA(), 'POST', '/subscriptions', lost.admin, {
      planId: 'professional-monthly',
      idempotencyKey: lostKey,
    });
    assert.equal(replay.statusCode, 201, replay.body);
    const again = await call(appA(), 'POST', '/customer-credits/credits', broken.admin, {
      packageId: 'credits-2500',
      idempotencyKey: brokenKey,
    });
    assert.equal(again.statusCode, 409, again.body);
    assert.equal(again.json().message, billingMessages.paymentNotCompleted);
    assert.equal(await chargesOf(lost.id), 1);
    assert.equal(await chargesOf(broken.id), 1);
  });

  it('a same-key retry after the price moved answers the first result and charges once', async () => {
    const org = await customer();
    const buy = (app: FastifyInstance, key: string) =>
      call(app, 'POST', '/customer-credits/credits', org.admin, {
        packageId: 'credits-10000',
        idempotencyKey: key,
      });
    const setPackagePrice = (priceUsd: number) =>
      db(first).updateTable('walletPackages').set({ priceUsd }).where('id', '=', 'credits-10000').execute();
    try {
      // Charged, then lost track of: the retry completes it with the amount first recorded.
      const pendingKey = newKey();
      gatewayB.failAfterCharge = true;
      assert.equal((await buy(appB(), pendingKey)).statusCode, 503);
      gatewayB.failAfterCharge = false;
      await setPackagePrice(9900);
      const resumed = await buy(appA(), pendingKey);
      assert.equal(resumed.statusCode, 201, resumed.body);
      assert.equal(resumed.json<{ invoice: Invoice }>().invoice.subtotal, 9000);

      // Completed, then asked again after the price moved: the first invoice again.
      const doneKey = newKey();
      const done = await buy(appA(), doneKey);
      assert.equal(done.json<{ invoice: Invoice }>().invoice.subtotal, 9900);
      await setPackagePrice(11000);
      const repeated = await buy(appB(), doneKey);
      assert.equal(repeated.statusCode, 201, repeated.body);
      assert.equal(repeated.json().invoice.id, done.json().invoice.id);
      assert.equal(await chargesOf(org.id), 2);
      assert.equal((await call(appA(), 'GET', '/customer-credits', org.admin)).json().balance, 20000);
    } finally {
      gatewayB.failAfterCharge = false;
      await setPackagePrice(9000);
    }
  });

  it('a declined payment is tried again under the same key once the card is changed, and charges once', async () => {
    const org = await customer('Individual', '4000 0000 0000 0341');
    const key = newKey();
    const choose = (app: FastifyInstance) =>
      call(app, 'POST', '/subscriptions', org.admin, { planId: 'starter-monthly', idempotencyKey: key });
    const declined = await choose(appA());
    assert.equal(declined.statusCode, 402, declined.body);
    assert.equal(await chargesOf(org.id), 0);
    // The customer adds a working card and removes the one that failed.
    await addCard(org.admin, 'Individual', '5555 5555 5555 4444');
    const cards = (await call(appA(), 'GET', '/credit-cards', org.admin)).json<
      { id: string; last4: string }[]
    >();
    const failing = cards.find((card) => card.last4 === '0341')!;
    const removed = await call(appB(), 'DELETE', '/credit-cards', org.admin, { id: failing.id });
    assert.equal(removed.statusCode, 200, removed.body);
    const paid = await choose(appB());
    assert.equal(paid.statusCode, 201, paid.body);
    assert.equal((await choose(appA())).json().invoice.id, paid.json().invoice.id);
    assert.equal(await chargesOf(org.id), 1);
  });

  it('an idempotency key is bound to what it paid for: reused for something else, 409', async () => {
    const org = await customer('Business');
    const start = await call(appA(), 'POST', '/subscriptions', org.admin, {
      planId: 'business-monthly',
      idempotencyKey: newKey(),
    });
    assert.equal(start.statusCode, 201, start.body);
    const key = newKey();
    const bought = await call(appA(), 'POST', '/customer-credits/credits', org.admin, {
      packageId: 'credits-2500',
      idempotencyKey: key,
    });
    assert.equal(bought.statusCode, 201, bought.body);
    for (const [url, packageId] of [
      ['/customer-credits/credits', 'credits-10000'],
      ['/addon-packages/purchase', 'news-20k'],
    ] as const) {
      const reused = await call(appB(), 'POST', url, org.admin, { packageId, idempotencyKey: key });
      assert.equal(reused.statusCode, 409, reused.body);
      assert.equal(reused.json().code, 'IDEMPOTENCY_KEY_REUSED');
      assert.equal(reused.json().message, billingMessages.idempotencyKeyReused);
    }
    const reusedForPlan = await call(appA(), 'PUT', '/subscriptions', org.admin, {
      planId: 'business-annual',
      idempotencyKey: key,
    });
    assert.equal(reusedForPlan.statusCode, 409, reusedForPlan.body);
    assert.equal(await chargesOf(org.id), 2);
  });

  it('a promo code applies once per organization, WELCOME20 on a first plan only; unused time is credited at what was paid', async () => {
    const org = await customer();
    const start = await call(appA(), 'POST', '/subscriptions', org.admin, {
      planId: 'starter-monthly',
      promoCode: 'WELCOME20',
      idempotencyKey: newKey(),
    });
    assert.equal(start.statusCode, 201, start.body);
    const paid = start.json<{ invoice: Invoice }>().invoice;
    assert.equal(paid.discount, paid.subtotal * 0.2);
    const paidForPeriod = paid.subtotal - paid.discount;

    const again = await call(
      appB(),
      'GET',
      '/subscriptions/upgrade-cost?nextPlanId=professional-monthly&promoCode=WELCOME20',
      org.admin,
    );
    assert.equal(again.statusCode, 400, again.body);
    assert.deepEqual(again.json().issues, { promoCode: billingMessages.promoCodeFirstPlanOnly });

    const quote = await call(
      appA(),
      'GET',
      '/subscriptions/upgrade-cost?nextPlanId=professional-monthly',
      org.admin,
    );
    const { credit } = quote.json<PlanChangeQuote>();
    assert.ok(
      credit <= paidForPeriod && credit >= paidForPeriod - 5,
      `credit ${credit} of ${paidForPeriod} paid`,
    );

    // After the plan ended, a new first subscription cannot take the code again.
    await db(first)
      .updateTable('subscriptions')
      .set({ status: 'expired' })
      .where('organizationId', '=', org.id)
      .execute();
    const restart = await call(appB(), 'POST', '/subscriptions', org.admin, {
      planId: 'starter-monthly',
      promoCode: 'WELCOME20',
      idempotencyKey: newKey(),
    });
    assert.equal(restart.statusCode, 400, restart.body);
    assert.equal(await chargesOf(org.id), 1);
  });

  it('promo codes are evaluated at most 30 times in 10 minutes per address and per organization, wherever', async () => {
    const org = await customer();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const answer = await appA().inject({
        method: 'GET',
        url: `/subscriptions/upgrade-cost?nextPlanId=starter-monthly&promoCode=GUESS${attempt}`,
        headers: { authorization: `Bearer ${org.admin}` },
        remoteAddress: `127.0.77.${attempt + 1}`,
      });
      statuses.push(answer.statusCode);
    }
    assert.deepEqual(statuses.slice(0, 30), Array(30).fill(400));
    assert.equal(statuses[30], 429, 'the organization is limited whatever address it comes from');
    const purchase = await appB().inject({
      method: 'POST',
      url: '/subscriptions',
      headers: { authorization: `Bearer ${org.admin}` },
      remoteAddress: '127.0.78.1',
      payload: { planId: 'starter-monthly', promoCode: 'GUESS99', idempotencyKey: newKey() },
    });
    assert.equal(purchase.statusCode, 429, 'purchases count against the same limit');
  });
});
