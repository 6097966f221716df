// engines: any
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { migrate } from '../../db/migrate.js';
import { readOutbox } from '../../test-support/read-outbox.js';
import { createTestDatabase } from '../../test-support/test-database.js';
import { createMailer } from './create-mailer.js';
import { renderEmailLayout } from './email-layout.js';
import { findOutboxDelivery } from './email-outbox-repository.js';
import { createEmailSender, type EmailSenderOptions, retryDelayMilliseconds } from './email-sender.js';
import type { EmailMessage } from './mailer.js';
import { createSmtpDelivery } from './smtp-delivery.js';

const verificationUrl = 'https://account.dcipher.io/verify-email?token=0123456789abcdef0123456789abcdef';

const message: EmailMessage = {
  to: 'grace@example.com',
  subject: 'Confirm your email address',
  tag: 'email-verification',
  ...renderEmailLayout({
    heading: 'Confirm your email address',
    paragraphs: ['Please confirm that this is your address.'],
    action: { label: 'Confirm email', url: verificationUrl },
  }),
};

const from = 'Dcipher <no-reply@dcipher.io>';

/** A logger that keeps its lines, to show what a failure logs. */
function recordingLog() {
  const lines: { level: string; details: object; text: string }[] = [];
  const record = (level: string) => (details: object, text: string) => lines.push({ level, details, text });
  return { lines, log: { info: record('info'), warn: record('warn'), error: record('error') } };
}

describe('mailer', () => {
  let database: Database;
  before(async () => {
    database = await createTestDatabase();
    await migrate(database);
  });
  after(() => database.close());

  describe('outbox (no SMTP_URL)', () => {
    it('stores the message, which is the delivery, with no background sender', async () => {
      const { mailer, sender } = createMailer({ from }, database, recordingLog().log);
      assert.equal(sender, undefined);
      const { id } = await mailer.send(message);
      const [stored] = await readOutbox(database, 'Grace@Example.com');
      assert.ok(stored);
      assert.ok(Math.abs(Date.parse(stored.createdAt) - Date.now()) < 60_000);
      assert.deepEqual({ ...stored, createdAt: undefined }, { id, createdAt: undefined, ...message });
      const delivery = await findOutboxDelivery(database, id);
      assert.equal(delivery?.status, 'sent');
      assert.equal(delivery?.attempts, 0);
    });

    it('makes a subject one line, without control or bidirectional characters, rather than refusing it', async () => {
      const { mailer } = createMailer({ from }, database, recordingLog().log);
      await mailer.send({
        ...message,
        to: 'subject@example.com',
        subject: 'Hello\r\nBcc: eve@example.com \u202egnp.exe\u0000',
      });
      const [stored] = await readOutbox(database, 'subject@example.com');
      assert.equal(stored?.subject, 'Hello Bcc: eve@example.com gnp.exe');
    });

    it('refuses several recipients, a display name, a bad tag or a line break in a header', async () => {
      const { mailer } = createMailer({ from }, database, recordingLog().log);
      const before = (await readOutbox(database)).length;
      for (const bad of <Partial<EmailMessage>[]>[
        { to: 'a@example.com, b@example.com' },
        { to: 'Eve <eve@example.com>' },
        { to: 'not-an-address' },
        { tag: 'Not A Tag' },
        { headers: { 'List-Unsubscribe': '<https://x.example>\r\nBcc: eve@example.com' } },
        { headers: { 'Bad Name:': 'x' } },
      ]) {
        await assert.rejects(mailer.send({ ...message, ...bad }), /email (recipient|tag|headers)/);
      }
      assert.equal((await readOutbox(database)).length, before);
    });

    it('keeps extra headers with the message', async () => {
      const { mailer } = createMailer({ from }, database, recordingLog().log);
      const headers = { 'List-Unsubscribe': '<https://www.dcipher.io/unsubscribe?email=x>' };
      await mailer.send({ ...message, to: 'headers@example.com', headers });
      const [stored] = await readOutbox(database, 'headers@example.com');
      assert.deepEqual(stored?.headers, headers);
    });
  });

  describe('SMTP (SMTP_URL set): queued, then delivered by the background sender', () => {
    const received: { from: string; to: string[]; raw: string; user?: string }[] = [];
    /** Set to make the server refuse the next messages with a temporary error. */
    let refuseNext = 0;
    /** How long the server takes to accept a message. */
    let dataDelayMilliseconds = 0;
    const server = new SMTPServer({
      // A plain loopback server: no TLS to set up, password login allowed without it.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret')
          return callback(null, { user: 'mailer' });
        // A careless server that repeats the password it refused: it must not reach the outbox or the log.
        return callback(new Error(`Invalid username or password (${auth.password})`));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          setTimeout(() => {
            if (refuseNext > 0) {
              refuseNext -= 1;
              const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
              return callback(error);
            }
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              raw: Buffer.concat(chunks).toString('utf8'),
              user: session.user as string | undefined,
            });
            callback();
          }, dataDelayMilliseconds);
        });
      },
    });
    let port = 0;
    const smtpUrl = (password = 's3cret') => `smtp://mailer:${password}@127.0.0.1:${port}`;
    // No poll in these tests: they run the passes themselves, and retries are due a few milliseconds later.
    const testOptions: Partial<EmailSenderOptions> = {
      pollIntervalMilliseconds: 60_000,
      firstRetryDelayMilliseconds: 1,
      maxAttempts: 3,
    };
    before(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.server.address() as AddressInfo).port;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));
    beforeEach(async () => {
      refuseNext = 0;
      dataDelayMilliseconds = 0;
      // Messages earlier tests left queued would otherwise be claimed by the next test's sender.
      await db(database)
        .updateTable('emailOutbox')
        .set({ status: 'failed' })
        .where('status', '=', 'queued')
        .execute();
    });

    const waitFor = async (condition: () => Promise<boolean>, what: string) => {
      // Ends when the condition holds; the bound is for a loaded CI machine.
      const deadline = Date.now() + 30_000;
      while (!(await condition())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };

    it('answers as soon as the message is stored, then delivers both parts in the background', async () => {
      // The mail server takes a second over the message: a send that waited for it would find it sent.
      dataDelayMilliseconds = 1000;
      const { mailer, sender } = createMailer(
        { from, smtpUrl: smtpUrl() },
        database,
        recordingLog().log,
        testOptions,
      );
      assert.ok(sender);
      const receivedBefore = received.length;
      try {
        const { id } = await mailer.send({ ...message, to: 'ada@example.com' });
        assert.equal(
          (await findOutboxDelivery(database, id))?.status,
          'queued',
          'send waited for the mail server',
        );
        assert.equal(received.length, receivedBefore, 'the server had the message before send answered');
        // The nudge alone delivers it: the poll is a minute away.
        await waitFor(
          async () => (await findOutboxDelivery(database, id))?.status === 'sent',
          'the delivery',
        );
        const delivery = await findOutboxDelivery(database, id);
        assert.equal(delivery?.attempts, 1);
        assert.equal(delivery?.lastError, null);
        assert.ok(delivery?.sentAt);

        assert.equal(received.length, receivedBefore + 1);
        const mail = received.at(-1);
        assert.ok(mail);
        assert.equal(mail.user, 'mailer');
        assert.equal(mail.from, 'no-reply@dcipher.io');
        assert.deepEqual(mail.to, ['ada@example.com']);
        const raw = decodeQuotedPrintable(mail.raw);
        assert.match(raw, /^From: Dcipher <no-reply@dcipher\.io>$/m);
        assert.match(raw, /^To: ada@example\.com$/m);
        assert.match(raw, /^Subject: Confirm your email address$/m);
        assert.match(raw, new RegExp(`^Message-ID: <${id}@dcipher\\.io>$`, 'im'));
        assert.match(raw, /^X-Dcipher-Email-Tag: email-verification$/m);
        assert.match(raw, /^Content-Type: multipart\/alternative/m);
        assert.match(raw, /^Content-Type: text\/plain/m);
        assert.match(raw, /^Content-Type: text\/html/m);
        // Three times in the HTML part (the button, the written-out link and its text), once in the text part.
        assert.equal(raw.split(verificationUrl).length - 1, 4);

        const [stored] = await readOutbox(database, 'ada@example.com');
        assert.equal(stored?.id, id);
        assert.equal(stored?.text, message.text);
      } finally {
        await sender.stop();
      }
    });

    it('sends extra headers such as List-Unsubscribe', async () => {
      const { mailer, sender } = createMailer(
        { from, smtpUrl: smtpUrl() },
        database,
        recordingLog().log,
        testOptions,
      );
      assert.ok(sender);
      const unsubscribe = '<https://www.dcipher.io/unsubscribe?email=grace%40example.com&token=abc>';
      await mailer.send({
        ...message,
        to: 'grace@example.com',
        headers: { 'List-Unsubscribe': unsubscribe },
      });
      await sender.sendDue();
      await sender.stop();
      // Long header lines are folded; unfolded, the header is as given.
      const raw = (received.at(-1)?.raw ?? '').replace(/\r?\n(?=[ \t])/g, '');
      assert.match(
        raw,
        /^List-Unsubscribe: *<https:\/\/www\.dcipher\.io\/unsubscribe\?email=grace%40example\.com&token=abc>\r?$/m,
      );
      assert.match(raw, /^X-Dcipher-Email-Tag: email-verification$/m);
    });

    it('retries a refused message with backoff and delivers it once the server accepts', async () => {
      refuseNext = 2;
      const { lines, log } = recordingLog();
      const { mailer, sender } = createMailer({ from, smtpUrl: smtpUrl() }, database, log, testOptions);
      assert.ok(sender);
      const receivedBefore = received.length;
      const { id } = await mailer.send({ ...message, to: 'retry@example.com' });
      // Retries are due 1 ms and 2 ms after the failures: a pass (as the poll runs them) picks each one up.
      await waitFor(async () => {
        await sender.sendDue();
        return (await findOutboxDelivery(database, id))?.status === 'sent';
      }, 'the delivery');
      await sender.stop();
      const delivery = await findOutboxDelivery(database, id);
      assert.equal(delivery?.status, 'sent');
      assert.equal(delivery?.attempts, 3);
      assert.equal(received.length, receivedBefore + 1);
      const warnings = lines.filter((line) => line.level === 'warn');
      assert.equal(warnings.length, 2);
      assert.match(JSON.stringify(warnings[0]?.details), /SMTP 451/);
      assert.ok(!JSON.stringify(lines).includes('retry@example.com'), 'the log names the recipient');
    });

    it('gives up after the last try, recording why without the SMTP password', async () => {
      const { lines, log } = recordingLog();
      const { mailer, sender } = createMailer(
        { from, smtpUrl: smtpUrl('wrong-Pa55word') },
        database,
        log,
        testOptions,
      );
      assert.ok(sender);
      const { id } = await mailer.send({ ...message, to: 'refused@example.com' });
      await waitFor(async () => {
        await sender.sendDue();
        return (await findOutboxDelivery(database, id))?.status === 'failed';
      }, 'the last try');
      await sender.stop();
      const delivery = await findOutboxDelivery(database, id);
      assert.equal(delivery?.attempts, 3);
      assert.equal(delivery?.sentAt, null);
      assert.match(delivery?.lastError ?? '', /^EAUTH: SMTP 535: Invalid login/);
      assert.ok(delivery?.lastError?.includes('(***)'), delivery?.lastError ?? '');
      assert.ok(!JSON.stringify(lines).includes('wrong-Pa55word'), 'the log shows the SMTP password');
      assert.deepEqual(
        lines.map((line) => line.level),
        ['warn', 'warn', 'error'],
      );
      // Kept in the outbox, as every message is.
      assert.equal((await readOutbox(database, 'refused@example.com')).length, 1);
    });

    it('delivers each message once with several senders on one database', async () => {
      const receivedBefore = received.length;
      dataDelayMilliseconds = 20;
      const queueing = createMailer({ from, smtpUrl: smtpUrl() }, database, recordingLog().log, testOptions);
      // Its sender is never started and stopped at once, so the senders below race for the same rows.
      await queueing.sender?.stop();
      const ids: string[] = [];
      for (let index = 0; index < 12; index += 1) {
        ids.push((await queueing.mailer.send({ ...message, to: `many-${index}@example.com` })).id);
      }
      const senders = [1, 2, 3].map(() =>
        createEmailSender(
          { database, delivery: createSmtpDelivery({ url: smtpUrl(), from }), log: recordingLog().log },
          testOptions,
        ),
      );
      await Promise.all(senders.map((sender) => sender.sendDue()));
      await Promise.all(senders.map((sender) => sender.stop()));
      for (const id of ids) assert.equal((await findOutboxDelivery(database, id))?.status, 'sent');
      const recipients = received.slice(receivedBefore).flatMap((mail) => mail.to);
      assert.equal(recipients.length, 12);
      assert.equal(new Set(recipients).size, 12);
    });

    it("takes over a message whose sender died, once that sender's lease has passed", async () => {
      const { mailer, sender } = createMailer(
        { from, smtpUrl: smtpUrl() },
        database,
        recordingLog().log,
        testOptions,
      );
      assert.ok(sender);
      await sender.stop();
      const { id } = await mailer.send({ ...message, to: 'orphan@example.com' });
      // As a process killed mid-try leaves it: claimed, one attempt counted, the lease still running.
      await db(database)
        .updateTable('emailOutbox')
        .set({ attempts: 1, lockedUntil: sql<Date>`now() + interval '1 minute'` })
        .where('id', '=', id)
        .execute();
      const next = createEmailSender(
        { database, delivery: createSmtpDelivery({ url: smtpUrl(), from }), log: recordingLog().log },
        testOptions,
      );
      await next.sendDue();
      assert.equal((await findOutboxDelivery(database, id))?.status, 'queued');
      await db(database)
        .updateTable('emailOutbox')
        .set({ lockedUntil: sql<Date>`now() - interval '1 second'` })
        .where('id', '=', id)
        .execute();
      await next.sendDue();
      await next.stop();
      const delivery = await findOutboxDelivery(database, id);
      assert.equal(delivery?.status, 'sent');
      assert.equal(delivery?.attempts, 2);
    });

    it('lets a stop finish the message being delivered', async () => {
      dataDelayMilliseconds = 200;
      const { mailer, sender } = createMailer(
        { from, smtpUrl: smtpUrl() },
        database,
        recordingLog().log,
        testOptions,
      );
      assert.ok(sender);
      const { id } = await mailer.send({ ...message, to: 'stopping@example.com' });
      await waitFor(
        async () =>
          (
            await db(database)
              .selectFrom('emailOutbox')
              .select('id')
              .where('id', '=', id)
              .where('lockedUntil', 'is not', null)
              .execute()
          ).length === 1,
        'the claim',
      );
      await sender.stop();
      assert.equal((await findOutboxDelivery(database, id))?.status, 'sent');
      // Stopped: nothing new is claimed.
      const { id: later } = await mailer.send({ ...message, to: 'after-stop@example.com' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal((await findOutboxDelivery(database, later))?.status, 'queued');
    });
  });

  it('waits 30 s after the first failure, doubling up to 32 minutes, and gives up after 8 tries', () => {
    const schedule = [1, 2, 3, 4, 5, 6, 7, 8].map((attempts) =>
      retryDelayMilliseconds(attempts, { maxAttempts: 8, firstRetryDelayMilliseconds: 30_000 }),
    );
    assert.deepEqual(schedule, [30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, undefined]);
  });
});

/** Undoes the Content-Transfer-Encoding nodemailer picks for long lines, so the test can read the parts. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
