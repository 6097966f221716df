import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { readOutbox } from '../../test-support/read-outbox.js';
import { createTestDatabase } from '../../test-support/test-database.js';
import { createMailer } from './create-mailer.js';
import { renderEmailLayout } from './email-layout.js';
import type { EmailMessage } from './mailer.js';

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

describe('mailer', () => {
  let database: Database;
  before(async () => {
    database = await createTestDatabase();
    await migrate(database);
  });
  after(() => database.close());

  describe('outbox (no SMTP_URL)', () => {
    it('stores the message, which is the delivery', async () => {
      const mailer = createMailer({ from: 'Dcipher <no-reply@dcipher.io>' }, database);
      const { id } = await mailer.send(message);
      const [stored] = await readOutbox(database, 'Grace@Example.com');
      assert.ok(stored);
      assert.ok(Math.abs(Date.parse(stored.createdAt) - Date.now()) < 60_000);
      assert.deepEqual({ ...stored, createdAt: undefined }, { id, createdAt: undefined, ...message });
    });

    it('refuses several recipients, a display name or a line break in the subject', async () => {
      const mailer = createMailer({ from: 'Dcipher <no-reply@dcipher.io>' }, database);
      const before = (await readOutbox(database)).length;
      for (const bad of <Partial<EmailMessage>[]>[
        { to: 'a@example.com, b@example.com' },
        { to: 'Eve <eve@example.com>' },
        { to: 'not-an-address' },
        { subject: 'Hello\r\nBcc: eve@example.com' },
        { tag: 'Not A Tag' },
        { headers: { 'List-Unsubscribe': '<https://x.example>\r\nBcc: eve@example.com' } },
        { headers: { 'Bad Name:': 'x' } },
      ]) {
        await assert.rejects(mailer.send({ ...message, ...bad }), /email (recipient|subject|tag|headers)/);
      }
      assert.equal((await readOutbox(database)).length, before);
    });

    it('keeps extra headers with the message', async () => {
      const mailer = createMailer({ from: 'Dcipher <no-reply@dcipher.io>' }, database);
      const headers = { 'List-Unsubscribe': '<https://www.dcipher.io/unsubscribe?email=x>' };
      await mailer.send({ ...message, to: 'headers@example.com', headers });
      const [stored] = await readOutbox(database, 'headers@example.com');
      assert.deepEqual(stored?.headers, headers);
    });
  });

  describe('SMTP (SMTP_URL set)', () => {
    const received: { from: string; to: string[]; raw: string; user?: string }[] = [];
    const server = new SMTPServer({
      // A plain loopback server: no TLS to set up, password login allowed without it.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret')
          return callback(null, { user: 'mailer' });
        return callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    let port = 0;
    before(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.server.address() as AddressInfo).port;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('delivers both parts to the SMTP server and records the message in the outbox', async () => {
      const mailer = createMailer(
        { from: 'Dcipher <no-reply@dcipher.io>', smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}` },
        database,
      );
      const { id } = await mailer.send({ ...message, to: 'ada@example.com' });

      assert.equal(received.length, 1);
      const [mail] = received;
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
    });

    it('sends extra headers such as List-Unsubscribe', async () => {
      const mailer = createMailer(
        { from: 'Dcipher <no-reply@dcipher.io>', smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}` },
        database,
      );
      const unsubscribe = '<https://www.dcipher.io/unsubscribe?email=grace%40example.com&token=abc>';
      await mailer.send({
        ...message,
        to: 'grace@example.com',
        headers: { 'List-Unsubscribe': unsubscribe },
      });
      // Long header lines are folded; unfolded, the header is as given.
      const raw = (received.at(-1)?.raw ?? '').replace(/\r?\n(?=[ \t])/g, '');
      assert.match(
        raw,
        /^List-Unsubscribe: *<https:\/\/www\.dcipher\.io\/unsubscribe\?email=grace%40example\.com&token=abc>\r?$/m,
      );
      assert.match(raw, /^X-Dcipher-Email-Tag: email-verification$/m);
    });

    it('rejects, recording nothing, when the SMTP server refuses the login', async () => {
      const mailer = createMailer(
        { from: 'Dcipher <no-reply@dcipher.io>', smtpUrl: `smtp://mailer:wrong@127.0.0.1:${port}` },
        database,
      );
      await assert.rejects(
        mailer.send({ ...message, to: 'refused@example.com' }),
        /Invalid username or password/,
      );
      assert.deepEqual(await readOutbox(database, 'refused@example.com'), []);
    });
  });
});

/** Undoes the Content-Transfer-Encoding nodemailer picks for long lines, so the test can read the parts. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
