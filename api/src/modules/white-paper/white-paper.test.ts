import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { whitePaperDownloadPath } from '@dcipher/shared/contract';
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
    assert.deepEqual(response.json(), {
      downloadUrl: '/downloads/dcipher-insight-automation-white-paper.pdf',
    });
    assert.equal(whitePaperDownloadPath, '/downloads/dcipher-insight-automation-white-paper.pdf');

    const rows = await server.database.query(
      'select first_name, last_name, email, company, job_title, receive_emails from white_paper_requests',
    );
    assert.deepEqual(rows, [
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        company: 'Analytical Engines Ltd',
        job_title: 'Analyst',
        receive_emails: true,
      },
    ]);
  });

  it('answers a missing body with every required field', async () => {
    const response = await send(undefined, '192.0.2.2');
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), {
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
});
