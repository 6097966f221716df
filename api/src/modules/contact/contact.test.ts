// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ContactRequestReceiptSchema, ErrorBodySchema, errorMessage } from '@dcipher/shared/contract';
import * as v from 'valibot';
import { db } from '../../db/kysely.js';
import { bodyOf } from '../../test-support/error-body.js';
import { readOutbox } from '../../test-support/read-outbox.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { acknowledgedMessageMaxLength } from './contact-emails.js';

describe('POST /contact-requests', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  /** The stored contact requests (from `email` when given). */
  const countContactRequests = async (email?: string) => {
    let query = db(server.database)
      .selectFrom('contactRequests')
      .select((eb) => eb.fn.countAll<number>().as('count'));
    if (email !== undefined) query = query.where('email', '=', email);
    const { count } = await query.executeTakeFirstOrThrow();
    return Number(count);
  };

  const validRequest = {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    company: 'Compilers Inc.',
    topic: 'sales',
    message: 'We would like a demo for our research team.',
  };

  // Each test sends from its own address so the rate limit of one does not reach into another.
  const send = (payload: object | undefined, remoteAddress: string) =>
    server.app.inject({ method: 'POST', url: '/contact-requests', payload, remoteAddress });

  const validationFailure = (issues: Record<string, string>) => ({
    statusCode: 400,
    error: 'Bad Request',
    message: Object.values(issues)[0],
    code: 'VALIDATION_FAILED',
    issues,
  });

  it('stores the request and answers its id and time', async () => {
    const before = Date.now();
    const response = await send(
      {
        ...validRequest,
        firstName: '  Grace ',
        email: ' Grace@Example.COM',
        jobTitle: 'Rear Admiral',
        phone: '+1 555 0100',
        topic: 'partnership',
        receiveEmails: true,
      },
      '192.0.2.1',
    );
    assert.equal(response.statusCode, 201);
    const receipt = response.json();
    assert.ok(v.is(ContactRequestReceiptSchema, receipt), response.body);
    assert.ok(Date.parse(receipt.receivedAt) >= before - 1000);

    // Every column, so a new one is noticed here.
    const row = await db(server.database)
      .selectFrom('contactRequests')
      .selectAll()
      .where('id', '=', receipt.id)
      .executeTakeFirst();
    assert.deepEqual(
      { ...row, receivedAt: undefined },
      {
        id: receipt.id,
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.com',
        company: 'Compilers Inc.',
        jobTitle: 'Rear Admiral',
        phone: '+1 555 0100',
        topic: 'partnership',
        message: 'We would like a demo for our research team.',
        receiveEmails: true,
        receivedAt: undefined,
      },
    );
  });

  it('stores optional fields left out or left empty as nothing, and no email opt-in', async () => {
    const response = await send({ ...validRequest, jobTitle: '', phone: '   ' }, '192.0.2.2');
    assert.equal(response.statusCode, 201);
    const row = await db(server.database)
      .selectFrom('contactRequests')
      .select(['jobTitle', 'phone', 'receiveEmails'])
      .where('id', '=', response.json().id)
      .executeTakeFirst();
    assert.deepEqual(row, { jobTitle: null, phone: null, receiveEmails: false });
  });

  it('answers a missing body with every required field', async () => {
    const response = await send(undefined, '192.0.2.3');
    assert.equal(response.statusCode, 400);
    assert.deepEqual(
      bodyOf(response),
      validationFailure({
        firstName: 'This field is required',
        lastName: 'This field is required',
        email: 'This field is required',
        company: 'This field is required',
        topic: 'This field is required',
        message: 'This field is required',
      }),
    );
  });

  it('answers empty and blank required fields with "This field is required"', async () => {
    const response = await send(
      { ...validRequest, firstName: '', lastName: '   ', email: '', company: ' ', topic: '', message: '\n' },
      '192.0.2.4',
    );
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json().issues, {
      firstName: 'This field is required',
      lastName: 'This field is required',
      email: 'This field is required',
      company: 'This field is required',
      topic: 'This field is required',
      message: 'This field is required',
    });
  });

  it('answers an invalid email with the spec message', async () => {
    const response = await send({ ...validRequest, email: 'grace.example.com' }, '192.0.2.5');
    assert.equal(response.statusCode, 400);
    assert.deepEqual(bodyOf(response), validationFailure({ email: 'Please enter a valid email address' }));
  });

  it('answers over-long fields with the spec message and their maximum', async () => {
    const response = await send(
      {
        ...validRequest,
        firstName: 'g'.repeat(101),
        lastName: 'h'.repeat(101),
        company: 'c'.repeat(201),
        jobTitle: 'j'.repeat(101),
        phone: '1'.repeat(51),
        message: 'm'.repeat(5001),
      },
      '192.0.2.6',
    );
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json().issues, {
      firstName: 'Your input exceeds the maximum allowed length of 100 characters',
      lastName: 'Your input exceeds the maximum allowed length of 100 characters',
      company: 'Your input exceeds the maximum allowed length of 200 characters',
      jobTitle: 'Your input exceeds the maximum allowed length of 100 characters',
      phone: 'Your input exceeds the maximum allowed length of 50 characters',
      message: 'Your input exceeds the maximum allowed length of 5000 characters',
    });
  });

  it('accepts a message of exactly 5000 characters', async () => {
    const response = await send({ ...validRequest, message: 'm'.repeat(5000) }, '192.0.2.7');
    assert.equal(response.statusCode, 201);
  });

  it('puts names into emails as one line without control or bidirectional characters', async () => {
    const rlo = '\u202e';
    const response = await send(
      {
        ...validRequest,
        email: 'mallory@example.com',
        firstName: `Mallory\r\n\r\nYour account is locked: sign in at https://evil.example${rlo}`,
        lastName: `Doe\u2066gnp.exe\u2069\u0007`,
        company: 'Evil\r\nBcc: victim@example.com',
      },
      '192.0.2.77',
    );
    assert.equal(response.statusCode, 201, response.body);
    const custom = await server.app.inject({
      method: 'POST',
      url: '/pricing-plans/create-custom-plan',
      remoteAddress: '192.0.2.78',
      payload: {
        firstName: `Eve${rlo}`,
        lastName: 'Adams',
        email: 'eve@example.com',
        company: 'Acme\r\nBcc: victim@example.com',
        message: 'We need a plan.',
      },
    });
    assert.equal(custom.statusCode, 201, `a line break in a name is no server error: ${custom.body}`);

    const emails = [
      ...(await readOutbox(server.database, 'mallory@example.com')),
      ...(await readOutbox(server.database)).filter((email) =>
        email.subject.startsWith('Custom plan request'),
      ),
    ];
    assert.equal(emails.length, 2);
    for (const email of emails) {
      for (const [part, text] of [
        ['subject', email.subject],
        ['html', email.html],
        ['text', email.text],
      ] as const) {
        // The layout's own line breaks aside, no control character and no bidirectional one.
        assert.doesNotMatch(
          text.replaceAll('\n', ''),
          /[\p{Bidi_Control}\p{Cc}]/u,
          `${email.subject}: ${part}`,
        );
      }
      assert.doesNotMatch(email.subject, /[\r\n]/);
    }
    const acknowledgement = emails[0]!;
    assert.match(
      acknowledgement.text,
      /^Hello Mallory Your account is locked: sign in at https:\/\/evil\.example,$/m,
      'the name stays on its greeting line',
    );
    assert.match(emails[1]!.subject, /^Custom plan request from Acme Bcc: victim@example\.com$/);
  });

  it('rejects a topic outside the list', async () => {
    const response = await send({ ...validRequest, topic: 'complaints' }, '192.0.2.8');
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json().issues, { topic: 'This field is required' });
  });

  it('refuses the 11th request from one address within 10 minutes, and only from that address', async () => {
    for (let count = 1; count <= 10; count += 1) {
      assert.equal((await send(validRequest, '198.51.100.10')).statusCode, 201, `request ${count}`);
    }
    const storedBefore = await countContactRequests();

    const refused = await server.app.inject({
      method: 'POST',
      url: '/contact-requests',
      payload: validRequest,
      remoteAddress: '198.51.100.10',
      headers: { origin: 'http://localhost:8000' },
    });
    assert.equal(refused.statusCode, 429);
    const body = bodyOf(refused);
    assert.ok(v.is(ErrorBodySchema, body));
    assert.deepEqual(body, {
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests. Please wait a few minutes and try again.',
      code: 'TOO_MANY_REQUESTS',
    });
    assert.equal(
      errorMessage(body.code as 'TOO_MANY_REQUESTS'),
      body.message,
      "the catalogue's text for the code",
    );
    assert.match(String(refused.headers['access-control-expose-headers']), /Retry-After/);
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 600, String(retryAfter));
    assert.deepEqual(await countContactRequests(), storedBefore, 'a refused request is not stored');

    assert.equal((await send(validRequest, '198.51.100.11')).statusCode, 201, 'another address');
    const whitePaper = await server.app.inject({
      method: 'POST',
      url: '/white-paper',
      payload: {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.com',
        company: 'Compilers Inc.',
      },
      remoteAddress: '198.51.100.10',
    });
    assert.equal(whitePaper.statusCode, 201, 'the same address on another form');
  });

  it('does not count invalid submissions towards the limit', async () => {
    for (let count = 0; count < 12; count += 1) await send({}, '198.51.100.12');
    assert.equal((await send(validRequest, '198.51.100.12')).statusCode, 201);
  });

  describe('acknowledgement email', () => {
    it('sends the requester one acknowledgement, after storing the request, with what they sent, escaped', async () => {
      const email = 'ack.one@example.com';
      const response = await send(
        {
          ...validRequest,
          email: ' Ack.One@Example.com',
          phone: '+45 12 34 56 78',
          jobTitle: 'Head of Research',
          message: 'Fish & chips for "everyone"?\n<img src=x onerror=alert(1)> and <script>alert(2)</script>',
        },
        '192.0.2.20',
      );
      assert.equal(response.statusCode, 201);
      const { id } = response.json();
      const messages = await readOutbox(server.database, email);
      assert.equal(messages.length, 1);
      const [message] = messages;
      assert.equal(message?.to, email);
      assert.equal(message?.subject, 'We received your message to Dcipher');
      assert.equal(message?.tag, 'contact-acknowledgement');
      const stored = await db(server.database)
        .selectFrom('contactRequests')
        .select('receivedAt')
        .where('id', '=', id)
        .executeTakeFirst();
      assert.ok(stored && Date.parse(message?.createdAt ?? '') >= stored.receivedAt.getTime());

      for (const part of [message?.text ?? '', message?.html ?? '']) {
        assert.match(part, /Hello Grace,/);
        assert.match(part, /Topic: Pricing, plans or a custom plan/);
        assert.match(part, /From: Grace Hopper, Head of Research, Compilers Inc\./);
        assert.match(part, /Phone: \+45 12 34 56 78/);
        assert.ok(part.includes(`Reference: ${id}`));
      }
      assert.ok(message?.text.includes('<img src=x onerror=alert(1)> and <script>alert(2)</script>'));
      const html = message?.html ?? '';
      assert.ok(html.includes('Fish &amp; chips for &quot;everyone&quot;?'), html);
      assert.ok(
        html.includes('&lt;img src=x onerror=alert(1)&gt; and &lt;script&gt;alert(2)&lt;/script&gt;'),
      );
      assert.doesNotMatch(html, /<img|<script/i);
    });

    it('repeats a long message only shortened', async () => {
      const email = 'ack.long@example.com';
      const response = await send(
        { ...validRequest, email, message: `${'a'.repeat(4000)}THE-END` },
        '192.0.2.21',
      );
      assert.equal(response.statusCode, 201);
      const [message] = await readOutbox(server.database, email);
      assert.ok(message?.text.includes(`${'a'.repeat(acknowledgedMessageMaxLength)}… (shortened)`));
      assert.doesNotMatch(message?.text ?? '', /THE-END/);
    });

    it('sends nothing for a rejected request', async () => {
      const email = 'ack.rejected@example.com';
      const invalid = await send({ ...validRequest, email, message: '  ' }, '192.0.2.22');
      assert.equal(invalid.statusCode, 400);
      const badTopic = await send({ ...validRequest, email, topic: 'complaints' }, '192.0.2.22');
      assert.equal(badTopic.statusCode, 400);
      assert.deepEqual(await readOutbox(server.database, email), []);
    });

    it('acknowledges at most 3 requests an hour to one address, storing every request', async () => {
      const email = 'ack.many@example.com';
      for (let count = 1; count <= 5; count += 1) {
        const response = await send({ ...validRequest, email }, `203.0.113.${count}`);
        assert.equal(response.statusCode, 201, `request ${count}`);
      }
      assert.equal(await countContactRequests(email), 5);
      assert.equal((await readOutbox(server.database, email)).length, 3);
    });

    it('keeps the request when the email cannot be queued', async () => {
      const failing = await startTestServer(
        {},
        { mailer: { send: () => Promise.reject(new Error('outbox unavailable')) } },
      );
      try {
        const response = await failing.app.inject({
          method: 'POST',
          url: '/contact-requests',
          payload: { ...validRequest, email: 'ack.failing@example.com' },
          remoteAddress: '192.0.2.23',
        });
        assert.equal(response.statusCode, 201);
        const rows = await db(failing.database)
          .selectFrom('contactRequests')
          .select('email')
          .where('id', '=', response.json().id)
          .execute();
        assert.deepEqual(rows, [{ email: 'ack.failing@example.com' }]);
      } finally {
        await failing.close();
      }
    });
  });
});
