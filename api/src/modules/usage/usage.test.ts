// engines: both
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { callAs } from '../../test-support/call-as.js';
import { bodyOf } from '../../test-support/error-body.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { paymentMethodBody } from '../../test-support/payment-method-body.js';
import { readOutbox } from '../../test-support/read-outbox.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';

describe('usage and limits (docs/decisions/0042)', () => {
  let server: TestServer;
  let staffToken: string;
  let keyCount = 0;
  const key = () => {
    keyCount += 1;
    return `usage-key-${String(keyCount).padStart(8, '0')}`;
  };

  before(async () => {
    server = await startTestServer();
    staffToken = (await logIn(server.app, { email: 'staff@demo.dcipher.local' })).accessToken;
  });
  after(() => server.close());

  const newOrganization = () => organizationWithPeople(server, { label: 'usage' });
  const call = callAs(() => server.app);

  it('counts use against the quota, then charges the wallet at pay-as-you-go prices, and warns admins at 80 and 100 %', async () => {
    const org = await newOrganization();
    const created = await call('POST', '/api-key', { token: org.admin }, { name: 'Flows service' });
    assert.equal(created.statusCode, 201, created.body);
    const apiKey = created.json().secret as string;

    // A business on its trial counts against the Business plan's quotas: 100,000 news articles.
    const details = async () => (await call('GET', '/resource/details', { token: org.teammate })).json();
    const news = async () =>
      (await details()).lines.find((line: { usageCategory: string }) => line.usageCategory === 'News');
    assert.deepEqual(
      [(await news()).included, (await news()).used, (await news()).remaining],
      [100_000, 0, 100_000],
    );
    const record = (quantity: number, idempotencyKey = key(), category = 'News-opoint-news') =>
      call(
        'POST',
        '/resource/recordActivity',
        { apiKey },
        { usageCategory: category, quantity, idempotencyKey },
      );

    assert.equal((await record(79_999)).statusCode, 200);
    assert.equal((await readOutbox(server.database, org.adminEmail)).length, 0);
    const repeated = key();
    assert.equal((await record(1, repeated)).statusCode, 200);
    assert.equal((await record(1, repeated)).statusCode, 200, 'a retried record is counted once');
    assert.equal((await news()).used, 80_000);
    const subjects = async () =>
      (await readOutbox(server.database, org.adminEmail)).map((mail) => mail.subject);
    assert.deepEqual(await subjects(), ['You have used 80 % of your news media articles']);

    // Past the quota: 2,500 articles more than included need 500 credits (2.00 per 1,000 articles); the wallet is empty.
    const check = await call(
      'POST',
      '/resource/validateLimit',
      { token: org.admin },
      { usageCategory: 'News', quantity: 22_500 },
    );
    assert.deepEqual(bodyOf(check), {
      allowed: false,
      remaining: 20_000,
      creditsNeeded: 500,
      balance: 0,
      reason: 'This needs 500 credits and your wallet has 0. Buy credits to go on.',
    });
    const refused = await record(22_500);
    assert.equal(refused.statusCode, 402);
    assert.equal((await news()).used, 80_000, 'nothing counted when the wallet cannot pay');

    await call(
      'POST',
      '/customer-credits/gift-credits',
      { token: staffToken },
      { organizationId: org.id, credits: 600, reason: 'Pilot' },
    );
    const paid = await record(22_500);
    assert.equal(paid.statusCode, 200, paid.body);
    assert.deepEqual(bodyOf(paid), { recorded: true, creditsCharged: 500, balance: 100 });
    const line = await news();
    assert.deepEqual([line.used, line.remaining, line.percentUsed], [102_500, 0, 102]);
    assert.ok((await subjects()).includes('You have used all of your news media articles'));
    const ledger = (await call('GET', '/customer-credits/transactions', { token: org.admin })).json();
    assert.deepEqual([ledger.transactions[0].kind, ledger.transactions[0].credits], ['usage', -500]);

    // LLM tokens have no quota: every token is pay-as-you-go (10 credits per 10,000 tokens, rounded up).
    const tokens = await record(15_000, key(), 'LLM');
    assert.deepEqual(bodyOf(tokens), { recorded: true, creditsCharged: 15, balance: 85 });
  });

  it('add-ons raise the quota for the rest of the period, and say how much of them is used', async () => {
    const org = await newOrganization();
    await call(
      'POST',
      '/credit-cards',
      { token: org.admin },
      paymentMethodBody({
        cardHolder: 'Use Age',
        cardNumber: '4242 4242 4242 4242',
        cvc: '123',
        expiry: `08/${new Date().getUTCFullYear() + 1}`,
        address: '1 Harbour Street',
        country: 'US',
        billingType: 'Business',
      }),
    );
    await call(
      'POST',
      '/subscriptions',
      { token: org.admin },
      { planId: 'business-monthly', idempotencyKey: key() },
    );
    await call(
      'POST',
      '/addon-packages/purchase',
      { token: org.admin },
      { packageId: 'news-20k', idempotencyKey: key() },
    );
    await call(
      'POST',
      '/resource/recordActivity',
      { token: org.admin },
      { usageCategory: 'News', quantity: 105_000, idempotencyKey: key() },
    );
    const line = (await call('GET', '/resource/details', { token: org.admin }))
      .json()
      .lines.find((entry: { usageCategory: string }) => entry.usageCategory === 'News');
    assert.deepEqual(
      [line.included, line.addOns, line.used, line.remaining],
      [100_000, 20_000, 105_000, 15_000],
    );
    assert.deepEqual(bodyOf(await call('GET', '/resource/addOnUsageDetails', { token: org.admin })), [
      { usageCategory: 'News', unit: 'articles', addOns: 20_000, usedOfAddOns: 5_000 },
    ]);
  });

  it('checks files by format and the plan’s largest file; guests and strangers are refused', async () => {
    const org = await newOrganization();
    const file = (fileName: string, bytes: number) =>
      call('POST', '/resource/validateFile', { token: org.teammate }, { fileName, bytes });
    assert.deepEqual(bodyOf(await file('survey.CSV', 1024)), {
      allowed: true,
      maxBytes: 1024 ** 3,
      format: 'csv',
    });
    const big = (await file('survey.csv', 2 * 1024 ** 3)).json();
    assert.deepEqual(
      [big.allowed, big.reason],
      [false, 'This file is larger than your plan allows (1024 MB).'],
    );
    const exe = (await file('setup.exe', 10)).json();
    assert.equal(exe.allowed, false);
    assert.match(exe.reason, /^This kind of file cannot be analysed/);
    assert.deepEqual(bodyOf(await call('GET', '/resource/maxFileSize')), { bytes: 1024 ** 3 });
    assert.equal((await call('GET', '/resource/details', { token: org.guest })).statusCode, 403);
    assert.equal(
      (
        await call(
          'POST',
          '/resource/recordActivity',
          {},
          { usageCategory: 'News', quantity: 1, idempotencyKey: key() },
        )
      ).statusCode,
      401,
    );
    assert.equal(
      (
        await call(
          'POST',
          '/resource/recordActivity',
          { token: org.teammate },
          { usageCategory: 'News', quantity: 1, idempotencyKey: key() },
        )
      ).statusCode,
      403,
    );
  });
});
