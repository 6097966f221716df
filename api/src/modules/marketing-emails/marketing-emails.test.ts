// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { OutboxMessage } from '../../adapters/mailer/email-outbox-repository.js';
import { db } from '../../db/kysely.js';
import { demoOrganization, demoPassword } from '../../db/seed-demo-data.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { findLinksInEmail, readOutbox } from '../../test-support/read-outbox.js';
import { individualSignUp, signUp, verificationTokenFor } from '../../test-support/sign-up.js';
import { logIn, startTestServer, type TestServer, testConfig } from '../../test-support/test-server.js';
import { insertUser, suspendUserByEmail } from '../people/user-repository.js';
import { createUnsubscribeLinks, loadUnsubscribeLinkKey } from './unsubscribe-links.js';

const webUrl = 'https://www.dcipher.test';
// A configured captcha secret, so the test can compute the unsubscribe token of an address no email went to.
const captcha = { hmacKey: 'marketing-emails-test-secret-0123456789abcdef', maxNumber: 100 };

const staff = { email: 'staff@demo.dcipher.local', password: demoPassword };
const customerAdmin = { email: 'admin@demo.dcipher.local', password: demoPassword };

const senders = [
  { url: '/send-discover-dcipher-emails', payload: undefined },
  {
    url: '/send-feature-updates-emails',
    payload: {
      campaign: 'access-check',
      subject: 'New in Dcipher',
      updates: [{ title: 'A', abstract: 'B', url: 'https://www.dcipher.test/product-updates/a' }],
    },
  },
  { url: '/send-email-verification-reminder', payload: undefined },
] as const;

const linkInvalid = 'This unsubscribe link is not valid.';

describe('marketing and reminder emails', () => {
  let server: TestServer;
  let staffToken: string;
  before(async () => {
    server = await startTestServer({ webUrl, captcha });
    staffToken = (await logIn(server.app, staff)).accessToken;
  });
  after(() => server.close());

  let userCount = 0;
  /** Dates the user's sign-up `hours` back (test data: no module moves a sign-up date). */
  const signedUpHoursAgo = (email: string, hours: number) =>
    db(server.database)
      .updateTable('users')
      .set({ createdAt: sql<Date>`now() - ${hours}::integer * interval '1 hour'` })
      .where('email', '=', email)
      .execute();
  /**
   * A user made directly in the database: by default active, verified, opted in to product news and signed up
   * two days ago. Answers their address.
   */
  async function addUser(
    options: {
      receiveEmails?: boolean;
      verified?: boolean;
      suspended?: boolean;
      status?: 'Active' | 'InvitationSent';
      signedUpHoursAgo?: number;
    } = {},
  ): Promise<string> {
    userCount += 1;
    const email = `user-${userCount}@example.com`;
    const { receiveEmails = true, verified = true, suspended = false, status = 'Active' } = options;
    const hoursAgo = options.signedUpHoursAgo ?? 48;
    const user = await insertUser(server.database, {
      email,
      firstName: 'Test',
      lastName: 'User',
      passwordHash: null,
      status,
      organizationId: demoOrganization.id,
      role: 'teammate',
      receiveEmails,
      emailVerified: verified,
    });
    assert.ok(user, `${email} is created`);
    if (suspended) await suspendUserByEmail(server.database, email);
    await signedUpHoursAgo(email, hoursAgo);
    return email;
  }

  const send = (url: string, payload?: object, token = staffToken) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload && { payload }),
    });

  const unsubscribe = (email: string, query: string, remoteAddress = '198.51.100.1') =>
    server.app.inject({
      method: 'DELETE',
      url: `/emailunsubscribes/${encodeURIComponent(email)}${query}`,
      remoteAddress,
    });

  const unsubscribesOf = (email: string) =>
    db(server.database).selectFrom('emailUnsubscribes').select('email').where('email', '=', email).execute();

  const emailsTo = async (email: string, tag: string): Promise<OutboxMessage[]> =>
    (await readOutbox(server.database, email)).filter((message) => message.tag === tag);

  const unsubscribeLinkIn = (message: OutboxMessage): URL => {
    const link = findLinksInEmail(message).find((url) => url.startsWith(`${webUrl}/unsubscribe?`));
    assert.ok(link, 'the email has an unsubscribe link');
    return new URL(link);
  };

  describe('who may call the senders', () => {
    for (const { url, payload } of senders) {
      it(`POST ${url} answers 401 without a token`, async () => {
        const response = await server.app.inject({ method: 'POST', url, ...(payload && { payload }) });
        assert.equal(response.statusCode, 401);
        assert.equal(response.json().code, 'UNAUTHORIZED');
      });

      it(`POST ${url} answers 403 to a customer, even their organization's admin`, async () => {
        const { accessToken } = await logIn(server.app, customerAdmin);
        const response = await send(url, payload, accessToken);
        assert.equal(response.statusCode, 403);
        assert.deepEqual(errorBodyOf(response), {
          statusCode: 403,
          error: 'Forbidden',
          message: 'This action is reserved for Dcipher staff.',
          code: 'FORBIDDEN',
          params: {
            reason: 'internalAdminOnly',
          },
        });
      });
    }
  });

  describe('POST /send-discover-dcipher-emails', () => {
    it('emails consenting users of the last 14 days once, with product links and an unsubscribe link', async () => {
      const newcomer = await addUser({ signedUpHoursAgo: 2 * 24 });
      const oldTimer = await addUser({ signedUpHoursAgo: 15 * 24 });
      const notOptedIn = await addUser({ receiveEmails: false });
      const unverified = await addUser({ verified: false });
      const suspended = await addUser({ suspended: true });
      const invited = await addUser({ status: 'InvitationSent' });
      const unsubscribedLater = await addUser();
      await db(server.database)
        .insertInto('emailUnsubscribes')
        .values({ email: unsubscribedLater })
        .execute();
      // Unsubscribed as a white-paper lead a month ago, then signed up ticking the box: the newer consent counts.
      const unsubscribedBefore = await addUser();
      await db(server.database)
        .insertInto('emailUnsubscribes')
        .values({ email: unsubscribedBefore, unsubscribedAt: sql<Date>`now() - interval '30 days'` })
        .execute();

      const response = await send('/send-discover-dcipher-emails');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(bodyOf(response), { sent: 2 });

      for (const email of [oldTimer, notOptedIn, unverified, suspended, invited, unsubscribedLater]) {
        assert.deepEqual(await emailsTo(email, 'discover-dcipher'), [], email);
      }
      assert.equal((await emailsTo(unsubscribedBefore, 'discover-dcipher')).length, 1);
      const [message] = await emailsTo(newcomer, 'discover-dcipher');
      assert.ok(message);
      assert.equal(message.subject, 'Discover Dcipher: Studio, Workflows and Insight Booster');
      const links = findLinksInEmail(message);
      for (const product of ['dcipher-studio', 'dcipher-workflows', 'dcipher-insight-booster']) {
        assert.ok(links.includes(`${webUrl}/products/${product}`), product);
      }
      const unsubscribeLink = unsubscribeLinkIn(message);
      assert.equal(unsubscribeLink.searchParams.get('email'), newcomer);
      assert.match(unsubscribeLink.searchParams.get('token') ?? '', /^[0-9a-f]{64}$/);
      assert.match(message.html, />Unsubscribe<\/a>/);
      assert.ok(message.text.includes(unsubscribeLink.href));
      assert.deepEqual(message.headers, { 'List-Unsubscribe': `<${unsubscribeLink.href}>` });
    });

    it('sends nothing new when run again, and reaches those who signed up since', async () => {
      assert.deepEqual(bodyOf(await send('/send-discover-dcipher-emails')), { sent: 0 });
      const latecomer = await addUser({ signedUpHoursAgo: 1 });
      assert.deepEqual(bodyOf(await send('/send-discover-dcipher-emails')), { sent: 1 });
      assert.equal((await emailsTo(latecomer, 'discover-dcipher')).length, 1);
      assert.deepEqual(bodyOf(await send('/send-discover-dcipher-emails')), { sent: 0 });
    });
  });

  describe('POST /send-feature-updates-emails', () => {
    const campaign = (overrides: object = {}) => ({
      campaign: 'release-2026-05',
      subject: 'New in Dcipher: faster reports',
      updates: [
        {
          title: 'Reports <twice> as fast',
          abstract: 'Insight Booster now writes a report section in half the time.',
          url: 'https://www.dcipher.test/product-updates/faster-reports',
        },
        {
          title: 'Scheduled workflows',
          abstract: 'Run a workflow every Monday at 8.',
          url: 'https://www.dcipher.test/product-updates/scheduled-workflows',
        },
      ],
      ...overrides,
    });

    it('emails every consenting user the digest once per campaign', async () => {
      const longStanding = await addUser({ signedUpHoursAgo: 90 * 24 });
      const notOptedIn = await addUser({ receiveEmails: false });
      const unsubscribed = await addUser();
      await db(server.database).insertInto('emailUnsubscribes').values({ email: unsubscribed }).execute();
      const consenting = await db(server.database)
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('receiveEmails', '=', true)
        .where('emailVerifiedAt', 'is not', null)
        .where('suspendedAt', 'is', null)
        .where('status', '=', 'Active')
        .where('email', 'not in', (eb) =>
          eb
            .selectFrom('emailUnsubscribes')
            .select('emailUnsubscribes.email')
            .whereRef('emailUnsubscribes.unsubscribedAt', '>=', 'users.createdAt'),
        )
        .executeTakeFirstOrThrow()
        .then(({ count }) => Number(count));

      const response = await send('/send-feature-updates-emails', campaign());
      assert.equal(response.statusCode, 200);
      assert.deepEqual(bodyOf(response), { sent: consenting });
      assert.deepEqual(await emailsTo(notOptedIn, 'feature-updates'), []);
      assert.deepEqual(await emailsTo(unsubscribed, 'feature-updates'), []);

      const [message] = await emailsTo(longStanding, 'feature-updates');
      assert.ok(message);
      assert.equal(message.subject, 'New in Dcipher: faster reports');
      assert.ok(message.html.includes('Reports &lt;twice&gt; as fast'));
      assert.ok(!message.html.includes('<twice>'));
      assert.ok(message.text.includes('Reports <twice> as fast'));
      assert.ok(message.text.includes('Insight Booster now writes a report section in half the time.'));
      const links = findLinksInEmail(message);
      assert.ok(links.includes('https://www.dcipher.test/product-updates/faster-reports'));
      assert.ok(links.includes('https://www.dcipher.test/product-updates/scheduled-workflows'));
      const unsubscribeLink = unsubscribeLinkIn(message);
      assert.deepEqual(message.headers, { 'List-Unsubscribe': `<${unsubscribeLink.href}>` });

      // The same campaign again: nobody gets it twice. A new campaign goes out again.
      assert.deepEqual((await send('/send-feature-updates-emails', campaign())).json(), { sent: 0 });
      assert.equal((await emailsTo(longStanding, 'feature-updates')).length, 1);
      const next = await send('/send-feature-updates-emails', campaign({ campaign: 'release-2026-06' }));
      assert.deepEqual(bodyOf(next), { sent: consenting });
      assert.equal((await emailsTo(longStanding, 'feature-updates')).length, 2);
    });

    it('keeps the subject on one line', async () => {
      const reader = await addUser();
      const response = await send(
        '/send-feature-updates-emails',
        campaign({ campaign: 'one-line-subject', subject: 'Big\r\nnews   today' }),
      );
      assert.equal(response.statusCode, 200);
      const [message] = await emailsTo(reader, 'feature-updates');
      assert.equal(message?.subject, 'Big news today');
    });

    const invalid = async (payload: object) => {
      const response = await send('/send-feature-updates-emails', payload);
      assert.equal(response.statusCode, 400, response.body);
      const body = response.json();
      assert.equal(body.code, 'VALIDATION_FAILED');
      return body as { message: string; issues: Record<string, string> };
    };

    it('answers 400 with each missing field, and sends nothing', async () => {
      const before = (await readOutbox(server.database)).length;
      const body = await invalid({});
      assert.equal(body.message, 'This field is required');
      assert.deepEqual(body.issues, {
        campaign: 'This field is required',
        subject: 'This field is required',
        updates: 'This field is required',
      });
      assert.deepEqual(
        (await invalid(campaign({ updates: [{ title: ' ', url: 'https://www.dcipher.test/a' }] }))).issues,
        { 'updates.0.title': 'This field is required', 'updates.0.abstract': 'This field is required' },
      );
      assert.deepEqual((await invalid(campaign({ updates: [] }))).issues, {
        updates: 'This field is required',
      });
      assert.equal((await readOutbox(server.database)).length, before);
    });

    it('answers 400 "URL is not valid" for a link that is not an http(s) URL', async () => {
      for (const url of ['not a url', 'www.dcipher.test/updates', 'javascript:alert(1)', 'ftp://x.test/a']) {
        const body = await invalid(
          campaign({
            updates: [
              { title: 'T', abstract: 'A', url: 'https://www.dcipher.test/ok' },
              { title: 'T', abstract: 'A', url },
            ],
          }),
        );
        assert.equal(body.message, 'URL is not valid', url);
        assert.deepEqual(body.issues, { 'updates.1.url': 'URL is not valid' }, url);
      }
    });

    it('answers 400 for more than 10 updates and for text over its length', async () => {
      const update = { title: 'T', abstract: 'A', url: 'https://www.dcipher.test/a' };
      const tooMany = await invalid(campaign({ updates: Array.from({ length: 11 }, () => update) }));
      assert.deepEqual(tooMany.issues, { updates: 'A feature updates email has at most 10 updates.' });
      const longSubject = await invalid(campaign({ subject: 'x'.repeat(151) }));
      assert.deepEqual(longSubject.issues, {
        subject: 'Your input exceeds the maximum allowed length of 150 characters',
      });
    });
  });

  describe('POST /send-email-verification-reminder', () => {
    it('reminds those unverified for over 24 hours once, with a fresh link that works', async () => {
      const email = 'late-confirmer@example.com';
      const signedUp = await signUp(server.app, individualSignUp({ email }), '192.0.2.10');
      assert.equal(signedUp.statusCode, 201, signedUp.body);
      const firstToken = await verificationTokenFor(server.database, email);
      await signedUpHoursAgo(email, 25);
      const recent = await addUser({ verified: false, signedUpHoursAgo: 2 });
      const verified = await addUser({ signedUpHoursAgo: 72 });
      const suspended = await addUser({ verified: false, suspended: true, signedUpHoursAgo: 72 });
      // No consent is needed: this is about their account, not marketing.
      const notOptedIn = await addUser({ verified: false, receiveEmails: false, signedUpHoursAgo: 30 });

      // Users of earlier tests may be due one too; the two above are among them.
      const due = await db(server.database)
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', '=', 'Active')
        .where('emailVerifiedAt', 'is', null)
        .where('suspendedAt', 'is', null)
        .where('createdAt', '<=', sql<Date>`now() - interval '24 hours'`)
        .executeTakeFirstOrThrow()
        .then(({ count }) => Number(count));
      assert.ok(due >= 2);

      const response = await send('/send-email-verification-reminder');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(bodyOf(response), { sent: due });
      for (const other of [recent, verified, suspended]) {
        assert.deepEqual(await emailsTo(other, 'email-verification-reminder'), [], other);
      }
      assert.equal((await emailsTo(notOptedIn, 'email-verification-reminder')).length, 1);

      const [reminder] = await emailsTo(email, 'email-verification-reminder');
      assert.ok(reminder);
      assert.equal(reminder.subject, 'Reminder: confirm your email address for Dcipher');
      assert.equal(reminder.headers, undefined);
      assert.ok(!findLinksInEmail(reminder).some((url) => url.includes('/unsubscribe')));
      assert.doesNotMatch(reminder.text, /unsubscribe/i);

      const freshToken = await verificationTokenFor(server.database, email);
      assert.notEqual(freshToken, firstToken);
      const verify = (token: string) =>
        server.app.inject({ method: 'POST', url: '/verify-email', payload: { token } });
      assert.equal((await verify(firstToken)).json().code, 'VERIFICATION_FAILED');
      const verifiedNow = await verify(freshToken);
      assert.equal(verifiedNow.statusCode, 200);
      assert.equal(verifiedNow.json().email, email);
      assert.equal(verifiedNow.json().verified, true);

      assert.deepEqual(bodyOf(await send('/send-email-verification-reminder')), { sent: 0 });
      assert.equal((await emailsTo(notOptedIn, 'email-verification-reminder')).length, 1);
    });
  });

  describe('DELETE /emailunsubscribes/{email}', () => {
    it('works from the link in a marketing email, end to end, and stays idempotent', async () => {
      const reader = await addUser();
      await send('/send-feature-updates-emails', {
        campaign: 'unsubscribe-check-1',
        subject: 'News',
        updates: [{ title: 'T', abstract: 'A', url: 'https://www.dcipher.test/a' }],
      });
      const [message] = await emailsTo(reader, 'feature-updates');
      assert.ok(message);
      const link = unsubscribeLinkIn(message);
      const email = link.searchParams.get('email') ?? '';
      const token = link.searchParams.get('token') ?? '';

      const response = await unsubscribe(email, `?token=${token}`);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(bodyOf(response), { email: reader, unsubscribed: true });
      const user = await db(server.database)
        .selectFrom('users')
        .select('receiveEmails')
        .where('email', '=', reader)
        .executeTakeFirst();
      assert.equal(user?.receiveEmails, false);
      const listed = await unsubscribesOf(reader);
      assert.equal(listed.length, 1);

      // Again: the same answer, nothing changes.
      const again = await unsubscribe(email, `?token=${token}`);
      assert.equal(again.statusCode, 200);
      assert.deepEqual(bodyOf(again), { email: reader, unsubscribed: true });

      await send('/send-feature-updates-emails', {
        campaign: 'unsubscribe-check-2',
        subject: 'More news',
        updates: [{ title: 'T', abstract: 'A', url: 'https://www.dcipher.test/b' }],
      });
      assert.equal((await emailsTo(reader, 'feature-updates')).length, 1);
      await send('/send-discover-dcipher-emails');
      assert.deepEqual(await emailsTo(reader, 'discover-dcipher'), []);
    });

    it('takes an address without an account (a lead), in any letter case', async () => {
      const links = createUnsubscribeLinks(await loadUnsubscribeLinkKey(testConfig({ captcha })), webUrl);
      const token = links.tokenFor('lead@example.com');
      const response = await unsubscribe('Lead@Example.com', `?token=${token}`);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(bodyOf(response), { email: 'lead@example.com', unsubscribed: true });
      const listed = await unsubscribesOf('lead@example.com');
      assert.equal(listed.length, 1);
    });

    it("answers 403 to a token that is not the address's, changing nothing", async () => {
      const reader = await addUser();
      const links = createUnsubscribeLinks(await loadUnsubscribeLinkKey(testConfig({ captcha })), webUrl);
      const otherAddressToken = links.tokenFor('someone-else@example.com');
      const otherKeyToken = createUnsubscribeLinks(Buffer.alloc(32, 7), webUrl).tokenFor(reader);
      for (const token of [otherAddressToken, otherKeyToken, '0'.repeat(64)]) {
        const response = await unsubscribe(reader, `?token=${token}`);
        assert.equal(response.statusCode, 403);
        assert.deepEqual(errorBodyOf(response), {
          statusCode: 403,
          error: 'Forbidden',
          message: linkInvalid,
          code: 'UNSUBSCRIBE_LINK_INVALID',
        });
      }
      const listed = await unsubscribesOf(reader);
      assert.equal(listed.length, 0);
    });

    it('answers 400 to a missing or malformed token or address', async () => {
      const links = createUnsubscribeLinks(await loadUnsubscribeLinkKey(testConfig({ captcha })), webUrl);
      for (const [email, query] of [
        ['reader@example.com', ''],
        ['reader@example.com', '?token='],
        ['reader@example.com', '?token=not-a-token'],
        ['not-an-address', `?token=${links.tokenFor('not-an-address')}`],
      ] as const) {
        const response = await unsubscribe(email, query);
        assert.equal(response.statusCode, 400, `${email}${query}`);
        assert.equal(response.json().message, linkInvalid);
        assert.equal(response.json().code, 'VALIDATION_FAILED');
      }
    });

    it('answers 429 after 20 attempts an hour from one IP address', async () => {
      const links = createUnsubscribeLinks(await loadUnsubscribeLinkKey(testConfig({ captcha })), webUrl);
      const token = links.tokenFor('busy@example.com');
      for (let attempt = 0; attempt < 20; attempt += 1) {
        assert.equal(
          (await unsubscribe('busy@example.com', `?token=${token}`, '203.0.113.9')).statusCode,
          200,
        );
      }
      const limited = await unsubscribe('busy@example.com', `?token=${token}`, '203.0.113.9');
      assert.equal(limited.statusCode, 429);
      assert.equal(limited.json().code, 'TOO_MANY_REQUESTS');
    });
  });
});
