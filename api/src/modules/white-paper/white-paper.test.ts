// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { whitePaperDownloadPath } from '@dcipher/shared/contract';
import { db } from '../../db/kysely.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { findLinksInEmail, readOutbox } from '../../test-support/read-outbox.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

describe('POST /white-paper', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const validRequest = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines Ltd',
  };

  // Each test sends from its own address so the rate limit of one does not reach into another.
  const send = (payload: object | undefined, remoteAddress: string) =>
    server.app.inject({ method: 'POST', url: '/white-paper', payload, remoteAddress });

  it('stores the lead and answers where to download the white paper', async () => {
    const response = await send(
      { ...validRequest, email: 'Ada@Example.com ', jobTitle: ' Analyst ', receiveEmails: true },
      '192.0.2.1',
    );
    assert.equal(response.statusCode, 201);
    assert.deepEqual(bodyOf(response), {
      downloadUrl: '/downloads/dcipher-insight-automation-white-paper.pdf',
    });
    assert.equal(whitePaperDownloadPath, '/downloads/dcipher-insight-automation-white-paper.pdf');

    const rows = await db(server.database)
      .selectFrom('whitePaperRequests')
      .select(['firstName', 'lastName', 'email', 'company', 'jobTitle', 'receiveEmails'])
      .execute();
    assert.deepEqual(rows, [
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        company: 'Analytical Engines Ltd',
        jobTitle: 'Analyst',
        receiveEmails: true,
      },
    ]);
  });

  it('answers a missing body with every required field', async () => {
    const response = await send(undefined, '192.0.2.2');
    assert.equal(response.statusCode, 400);
    assert.deepEqual(errorBodyOf(response), {
      statusCode: 400,
      error: 'Bad Request',
      message: 'This field is required',
      code: 'VALIDATION_FAILED',
      issues: {
        firstName: 'This field is required',
        lastName: 'This field is required',
        email: 'This field is required',
        company: 'This field is required',
      },
    });
  });

  it('answers each invalid field with the spec message', async () => {
    const response = await send(
      {
        firstName: ' ',
        lastName: 'l'.repeat(101),
        email: 'ada@',
        company: 'c'.repeat(201),
        jobTitle: 'j'.repeat(101),
      },
      '192.0.2.3',
    );
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json().issues, {
      firstName: 'This field is required',
      lastName: 'Your input exceeds the maximum allowed length of 100 characters',
      email: 'Please enter a valid email address',
      company: 'Your input exceeds the maximum allowed length of 200 characters',
      jobTitle: 'Your input exceeds the maximum allowed length of 100 characters',
    });
  });

  it('rejects an opt-in that is not a boolean', async () => {
    const response = await send({ ...validRequest, receiveEmails: 'yes' }, '192.0.2.4');
    assert.equal(response.statusCode, 400);
    assert.ok(response.json().issues.receiveEmails);
  });

  it('refuses the 11th request from one address within 10 minutes, and only from that address', async () => {
    for (let count = 1; count <= 10; count += 1) {
      assert.equal((await send(validRequest, '198.51.100.20')).statusCode, 201, `request ${count}`);
    }
    const refused = await send(validRequest, '198.51.100.20');
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().message, 'Too many requests. Please wait a few minutes and try again.');
    assert.equal(refused.json().code, 'TOO_MANY_REQUESTS');
    assert.match(String(refused.headers['retry-after']), /^\d+$/);

    assert.equal((await send(validRequest, '198.51.100.21')).statusCode, 201, 'another address');
  });

  describe('copy by email', () => {
    it('emails the requester one copy, a link to the PDF on the site, after storing the lead', async () => {
      const email = 'copy.one@example.com';
      const response = await send(
        { ...validRequest, firstName: 'Ada <b>"the first"</b> & co', email: 'Copy.One@example.com' },
        '192.0.2.30',
      );
      assert.equal(response.statusCode, 201);
      const messages = await readOutbox(server.database, email);
      assert.equal(messages.length, 1);
      const [message] = messages;
      assert.equal(message?.to, email);
      assert.equal(message?.subject, 'Your copy of the Dcipher white paper');
      assert.equal(message?.tag, 'white-paper-copy');
      const lead = await db(server.database)
        .selectFrom('whitePaperRequests')
        .select('email')
        .where('email', '=', email)
        .executeTakeFirst();
      assert.ok(lead, 'the lead is stored');

      const url = `http://localhost:8000${whitePaperDownloadPath}`;
      assert.ok(message && findLinksInEmail(message).includes(url), message?.html);
      assert.ok(message?.text.includes(url));
      assert.ok(message?.text.includes('Hello Ada <b>"the first"</b> & co,'));
      assert.ok(message?.html.includes('Hello Ada &lt;b&gt;&quot;the first&quot;&lt;/b&gt; &amp; co,'));
      assert.doesNotMatch(message?.html ?? '', /<b>/);
    });

    it('sends nothing for a rejected request', async () => {
      const email = 'copy.rejected@example.com';
      const response = await send({ ...validRequest, email, company: ' ' }, '192.0.2.31');
      assert.equal(response.statusCode, 400);
      assert.deepEqual(await readOutbox(server.database, email), []);
    });

    it('sends at most 3 copies an hour to one address, storing every lead', async () => {
      const email = 'copy.many@example.com';
      for (let count = 1; count <= 4; count += 1) {
        assert.equal((await send({ ...validRequest, email }, `203.0.113.${count}`)).statusCode, 201);
      }
      assert.equal((await readOutbox(server.database, email)).length, 3);
    });

    it('keeps the lead when the email cannot be queued', async () => {
      const failing = await startTestServer(
        {},
        { mailer: { send: () => Promise.reject(new Error('outbox unavailable')) } },
      );
      try {
        const response = await failing.app.inject({
          method: 'POST',
          url: '/white-paper',
          payload: { ...validRequest, email: 'copy.failing@example.com' },
          remoteAddress: '192.0.2.32',
        });
        assert.equal(response.statusCode, 201);
        const rows = await db(failing.database).selectFrom('whitePaperRequests').select('email').execute();
        assert.deepEqual(rows, [{ email: 'copy.failing@example.com' }]);
      } finally {
        await failing.close();
      }
    });
  });
});
