// engines: any
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { workflowMessages } from '@dcipher/shared/validation';
import { sql } from 'kysely';
import { db } from '../../db/kysely.js';
import { callAs } from '../../test-support/call-as.js';
import { errorBodyOf } from '../../test-support/error-body.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

/**
 * Feed and page sources (docs/decisions/0094): addresses are checked and normalised as the WHATWG URL standard
 * parses them, a row kept before that never breaks a list, and a feed that trickles or is cut off midway is a
 * declared 422, not a 500.
 */
describe('workflow feed addresses and slow feeds (docs/decisions/0094)', () => {
  let server: TestServer;
  let feeds: Server;
  let base: string;
  const feed = `<?xml version="1.0"?><rss version="2.0"><channel><title>Loopback</title>${Array.from(
    { length: 5 },
    (_, index) =>
      `<item><title>Wind output record ${index}</title><description>The grid operator reported it.</description><guid>i-${index}</guid></item>`,
  ).join('')}</channel></rss>`;

  before(async () => {
    server = await startTestServer({
      rateLimitScale: 100,
      flows: {
        uploadMaxBytes: 300_000,
        schedulerIntervalSeconds: 0,
        allowLoopbackSources: true,
        sourceTimeoutSeconds: 1,
      },
    });
    feeds = createHttpServer((request, response) => {
      if (request.url === '/feed.xml') {
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        response.end(feed);
      } else if (request.url === '/trickle.xml') {
        // Headers at once, then a byte every 300 ms, never done.
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        response.write('<?xml version="1.0"?><rss version="2.0"><channel>');
        const timer = setInterval(() => response.write(' '), 300);
        response.on('close', () => clearInterval(timer));
      } else if (request.url === '/reset.xml') {
        // Half the body it announced, then the connection is reset.
        response.writeHead(200, {
          'content-type': 'application/rss+xml',
          'content-length': String(feed.length),
        });
        response.write(feed.slice(0, feed.length / 2), () =>
          setTimeout(() => request.socket.resetAndDestroy(), 50),
        );
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  });
  after(async () => {
    feeds.closeAllConnections();
    feeds.close();
    await server.close();
  });

  const call = callAs(() => server.app);
  let names = 0;
  const newsFlow = (url: string) => {
    names += 1;
    return {
      name: `Feed ${names}`,
      flowType: 'customFlow',
      analysisType: 'newsAnalysis',
      dataSources: [{ kind: 'news', group: 'news', format: 'rss', url }],
    };
  };

  it('refuses a feed address with a backslash, a user name or password, or another scheme with a 400; stores the normalised form', async () => {
    const org = await organizationWithPeople(server, { label: 'feeds' });
    for (const [url, message] of [
      ['http://example.com\\feed.xml', workflowMessages.sourceUrlBackslash],
      ['http:\\\\example.com\\feed.xml', workflowMessages.sourceUrlBackslash],
      ['https://user:secret@example.com/feed.xml', workflowMessages.sourceUrlCredentials],
      ['https://user@example.com/feed.xml', workflowMessages.sourceUrlCredentials],
      ['ftp://example.com/feed.xml', workflowMessages.sourceUrlInvalid],
      ['javascript:alert(1)', workflowMessages.sourceUrlInvalid],
      ['http://', workflowMessages.sourceUrlInvalid],
    ] as const) {
      const refused = await call('POST', '/flows', org.admin, newsFlow(url));
      assert.equal(refused.statusCode, 400, `${url}: ${refused.body}`);
      assert.equal(errorBodyOf(refused).code, 'VALIDATION_FAILED', url);
      assert.deepEqual(errorBodyOf(refused).issues, { 'dataSources.0.url': message }, url);
      assert.ok(!refused.body.includes('secret'), 'the input is not echoed back');
    }
    // The same on a price check and an edit.
    const cost = await call('POST', '/flows/calculate-cost', org.admin, {
      dataSources: [{ kind: 'public-url', group: 'url', url: 'http://example.com\\page' }],
    });
    assert.equal(cost.statusCode, 400, cost.body);
    const flow = await call('POST', '/flows', org.admin, newsFlow('  HTTP://Example.COM:80/a/../feed.xml  '));
    assert.equal(flow.statusCode, 201, flow.body);
    assert.equal(flow.json().dataSources[0].url, 'http://example.com/feed.xml');
    const edit = await call('PUT', `/flows/${flow.json().id}`, org.admin, {
      dataSources: [{ kind: 'news', group: 'news', format: 'rss', url: 'https://a:b@example.com/' }],
    });
    assert.equal(edit.statusCode, 400, edit.body);
    // Nothing of either was stored: every list still answers.
    const list = await call('GET', '/flows', org.admin);
    assert.equal(list.statusCode, 200, list.body);
    assert.deepEqual(
      list.json().flows.map((listed: { dataSources: { url: string }[] }) => listed.dataSources[0]!.url),
      ['http://example.com/feed.xml'],
    );
  });

  it('a bad address stored before the check is listed as invalid, and a run of it is refused; the list never fails', async () => {
    const org = await organizationWithPeople(server, { label: 'feeds' });
    const good = (await call('POST', '/flows', org.admin, newsFlow(`${base}/feed.xml`))).json();
    const stored = async (url: string) => {
      const flow = (
        await call('POST', '/flows', org.admin, newsFlow('https://example.com/placeholder'))
      ).json();
      // As a row written before addresses were checked: straight into the table.
      await db(server.database)
        .updateTable('flows')
        .set({
          dataSources: sql`${JSON.stringify([{ kind: 'news', group: 'news', format: 'rss', url }])}::jsonb`,
        })
        .where('id', '=', flow.id)
        .execute();
      return flow.id as string;
    };
    const backslash = await stored('http://example.com\\feed.xml');
    const credentials = await stored('https://user:secret@example.com/feed.xml');
    const upperCase = await stored('HTTP://EXAMPLE.com/feed.xml');

    for (const token of [org.admin]) {
      const list = await call('GET', '/flows', token);
      assert.equal(list.statusCode, 200, list.body);
      const byId = new Map(
        list
          .json()
          .flows.map((flow: { id: string; dataSources: object[] }) => [flow.id, flow.dataSources[0]]),
      );
      assert.deepEqual(byId.get(good.id), {
        kind: 'news',
        group: 'news',
        format: 'rss',
        url: `${base}/feed.xml`,
      });
      assert.deepEqual(byId.get(backslash), {
        kind: 'news',
        group: 'news',
        format: 'rss',
        url: 'http://example.com/feed.xml',
        invalid: true,
      });
      assert.deepEqual(byId.get(credentials), {
        kind: 'news',
        group: 'news',
        format: 'rss',
        url: 'https://example.com/feed.xml',
        invalid: true,
      });
      // One that only needed normalising is not invalid.
      assert.deepEqual(byId.get(upperCase), {
        kind: 'news',
        group: 'news',
        format: 'rss',
        url: 'http://example.com/feed.xml',
      });
      assert.ok(!list.body.includes('secret'));
    }
    assert.equal((await call('GET', `/flows/${backslash}`, org.admin)).statusCode, 200);
    for (const flowId of [backslash, credentials]) {
      for (const [method, url, body] of [
        ['POST', `/flows/${flowId}/run`, {}],
        ['POST', '/flows/calculate-cost', { flowId }],
      ] as const) {
        const refused = await call(method, url, org.admin, body);
        assert.deepEqual(
          [refused.statusCode, errorBodyOf(refused).code, errorBodyOf(refused).params],
          [422, 'SOURCE_UNREACHABLE', { reason: 'invalidUrl' }],
          `${method} ${url}`,
        );
      }
    }
  });

  it('a feed that trickles past the time limit, or is cut off midway, is a declared 422, not a 500', async () => {
    const org = await organizationWithPeople(server, { label: 'feeds' });
    const cost = (path: string) =>
      call('POST', '/flows/calculate-cost', org.admin, {
        dataSources: [{ kind: 'news', group: 'news', format: 'rss', url: `${base}${path}` }],
      });
    const fine = await cost('/feed.xml');
    assert.equal(fine.statusCode, 200, fine.body);
    assert.equal(fine.json().documents, 5);

    const trickled = await cost('/trickle.xml');
    assert.deepEqual(
      [trickled.statusCode, errorBodyOf(trickled).code, errorBodyOf(trickled).params],
      [422, 'SOURCE_UNREACHABLE', { reason: 'timeout' }],
      trickled.body,
    );
    assert.equal(errorBodyOf(trickled).message, workflowMessages.sourceTimeout);
    const reset = await cost('/reset.xml');
    assert.deepEqual(
      [reset.statusCode, errorBodyOf(reset).code, errorBodyOf(reset).params],
      [422, 'SOURCE_UNREACHABLE', { reason: 'unreachable' }],
      reset.body,
    );

    // Starting a run fetches the same way.
    const flow = (await call('POST', '/flows', org.admin, newsFlow(`${base}/trickle.xml`))).json();
    const run = await call('POST', `/flows/${flow.id}/run`, org.admin);
    assert.deepEqual([run.statusCode, errorBodyOf(run).params], [422, { reason: 'timeout' }], run.body);
  });
});
