// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

const verificationUrl = 'https://account.dcipher.io/verify-email?token=abc123&email=grace%40example.com';

describe('dev mailbox', () => {
  let server: TestServer;
  let firstId: string;
  let latestId: string;
  before(async () => {
    server = await startTestServer();
    firstId = (
      await server.app.mailer.send({
        to: 'grace@example.com',
        subject: 'Welcome to Dcipher',
        ...renderEmailLayout({ heading: 'Welcome', paragraphs: ['Glad to have you.'] }),
      })
    ).id;
    await server.app.mailer.send({
      to: 'ada@example.com',
      subject: 'Reset your password',
      tag: 'password-reset',
      ...renderEmailLayout({
        heading: 'Reset your password',
        paragraphs: ['Someone asked to reset the password of <ada>.'],
        action: { label: 'Choose a new password', url: 'https://account.dcipher.io/new-password?token=xyz' },
      }),
    });
    latestId = (
      await server.app.mailer.send({
        to: 'Grace@Example.com',
        subject: 'Confirm your <email> address',
        tag: 'email-verification',
        ...renderEmailLayout({
          heading: 'Confirm your email address',
          paragraphs: ['Please confirm it.'],
          action: { label: 'Confirm email', url: verificationUrl },
        }),
      })
    ).id;
  });
  after(() => server.close());

  it('lists the outbox newest first on an accessible page that says nothing was really sent', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/dev/mailbox' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/html; charset=utf-8/);
    assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
    assert.equal(response.headers['cache-control'], 'no-store');
    const page = response.body;
    assert.match(page, /<html lang="en">/);
    assert.match(page, /<h1>Dev mailbox<\/h1>/);
    assert.match(page, /local outbox.*Nothing was sent to real inboxes\./);
    assert.match(page, /<label for="recipient">Recipient<\/label>\s*<input id="recipient" name="to"/);
    assert.match(page, /<th scope="col">To<\/th><th scope="col">Subject<\/th><th scope="col">Time<\/th>/);
    assert.match(page, /<caption>3 messages, newest first<\/caption>/);

    const subjects = [...page.matchAll(/<a href="\/dev\/mailbox\/([0-9a-f-]+)">([^<]*)<\/a>/g)];
    assert.deepEqual(
      subjects.map((match) => match[2]),
      ['Confirm your &lt;email&gt; address', 'Reset your password', 'Welcome to Dcipher'],
    );
    assert.equal(subjects[0]?.[1], latestId);
    assert.match(page, /<td>Grace@Example\.com<\/td>/);
    assert.match(
      page,
      /<time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC<\/time>/,
    );
  });

  it('filters the page by recipient', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/dev/mailbox?to=ada%40example.com' });
    assert.match(response.body, /<caption>1 message to ada@example\.com, newest first<\/caption>/);
    assert.match(response.body, /value="ada@example\.com"/);
    assert.doesNotMatch(response.body, /Welcome to Dcipher/);
  });

  it('shows a message: sandboxed HTML preview, its links as plain links, and the text part', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/dev/mailbox/${latestId}` });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['referrer-policy'], 'no-referrer');
    const page = response.body;
    assert.match(page, /<h1>Confirm your &lt;email&gt; address<\/h1>/);
    assert.match(page, /Nothing was sent to real inboxes/);
    assert.match(page, /<dt>To<\/dt><dd>Grace@Example\.com<\/dd>/);
    assert.match(page, /<dt>Kind<\/dt><dd>email-verification<\/dd>/);

    const iframe = /<iframe title="HTML part of the email" sandbox="" srcdoc="([^"]*)"><\/iframe>/.exec(page);
    assert.ok(iframe, 'sandboxed iframe');
    assert.ok(iframe[1]?.startsWith('&lt;!doctype html&gt;'), 'the email HTML, escaped into srcdoc');
    assert.ok(!iframe[1]?.includes('<'));

    assert.match(page, /<h2 id="links-heading">Links in this email<\/h2>/);
    const escapedUrl = verificationUrl.replaceAll('&', '&amp;');
    assert.ok(page.includes(`<li><a href="${escapedUrl}" rel="noreferrer">${escapedUrl}</a></li>`));
    assert.equal(page.match(/<li>/g)?.length, 1, 'each link once');

    assert.match(
      page,
      /<pre aria-labelledby="text-heading">Confirm your email address\n\nPlease confirm it\./,
    );
    assert.ok(page.includes(`Confirm email:\n${escapedUrl}`));
  });

  it('escapes what the text part says', async () => {
    const reset = (
      await server.app.inject({ method: 'GET', url: '/dev/mailbox.json?to=ada@example.com' })
    ).json();
    const page = (await server.app.inject({ method: 'GET', url: `/dev/mailbox/${reset[0].id}` })).body;
    assert.ok(page.includes('password of &lt;ada&gt;.'));
    assert.ok(!page.includes('<ada>'));
  });

  it('answers the normal 404 for an unknown or malformed message id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await server.app.inject({ method: 'GET', url: `/dev/mailbox/${id}` });
      assert.equal(response.statusCode, 404);
      assert.equal(response.json().code, 'NOT_FOUND');
    }
  });

  it('gives one recipient’s messages as JSON, newest first, any letter case', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/dev/mailbox.json?to=GRACE@example.com',
    });
    assert.equal(response.statusCode, 200);
    const messages = response.json();
    assert.deepEqual(
      messages.map((message: { id: string }) => message.id),
      [latestId, firstId],
    );
    const [latest] = messages;
    assert.deepEqual(Object.keys(latest).sort(), ['createdAt', 'html', 'id', 'subject', 'tag', 'text', 'to']);
    assert.equal(latest.to, 'Grace@Example.com');
    assert.equal(latest.subject, 'Confirm your <email> address');
    assert.ok(latest.text.includes(verificationUrl));
    assert.ok(latest.html.includes(verificationUrl.replaceAll('&', '&amp;')));
    assert.ok(!Number.isNaN(Date.parse(latest.createdAt)));

    const everyone = (await server.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json();
    assert.equal(everyone.length, 3);
    assert.deepEqual(
      bodyOf(await server.app.inject({ method: 'GET', url: '/dev/mailbox.json?to=x@y.z' })),
      [],
    );
  });

  it('is not in the OpenAPI document', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.ok(Object.keys(document.paths).every((path) => !path.startsWith('/dev')));
  });
});

describe('dev mailbox without development aids', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ devAids: false });
  });
  after(() => server.close());

  it('does not exist: every route answers the normal 404', async () => {
    const { id } = await server.app.mailer.send({
      to: 'grace@example.com',
      subject: 'Hello',
      ...renderEmailLayout({ heading: 'Hello', paragraphs: [] }),
    });
    for (const url of [
      '/dev/mailbox',
      '/dev/mailbox.json',
      '/dev/mailbox.json?to=grace@example.com',
      `/dev/mailbox/${id}`,
    ]) {
      const response = await server.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 404, url);
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 404,
        error: 'Not Found',
        message: 'Sorry, the page you are looking for cannot be found.',
        code: 'NOT_FOUND',
      });
    }
  });
});
