// engines: both
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { predefinedWorkflows } from '@dcipher/shared/domain';
import { Webhook } from 'standardwebhooks';
import { createDefaultExecutor } from '../../engine/index.js';
import { callAs } from '../../test-support/call-as.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

/** One message as the receiver got it, and whether its signature checked out. */
interface Received {
  id: string;
  timestamp: string;
  verified: boolean;
  event: { type: string; timestamp: string; data: Record<string, unknown> };
}

/**
 * A receiver written from the Standard Webhooks specification (https://www.standardwebhooks.com), not from the
 * API's code: it verifies each request with the specification's reference implementation (the `standardwebhooks`
 * package: HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the base64 after `whsec_`, compared
 * with each `v1,` signature, the timestamp within five minutes). Each path is one endpoint: its secret, the statuses
 * it answers in turn (then 200), what it received.
 */
function startReceiver() {
  const paths = new Map<
    string,
    { secret?: string; statuses: number[]; received: Received[]; location?: string }
  >();
  const server: Server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = paths.get(request.url ?? '');
      if (!path) {
        response.writeHead(404).end();
        return;
      }
      const headers = {
        'webhook-id': String(request.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
      };
      let verified = false;
      try {
        if (path.secret) {
          new Webhook(path.secret).verify(body, headers);
          verified = true;
        }
      } catch {
        verified = false;
      }
      path.received.push({
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        verified,
        event: JSON.parse(body),
      });
      const status = path.statuses.shift() ?? 200;
      response
        .writeHead(status, {
          'content-type': 'text/plain',
          ...(status >= 300 && status < 400 && path.location && { location: path.location }),
        })
        .end(status === 200 ? 'thanks' : `receiver down ${'x'.repeat(2000)}`);
    });
  });
  return {
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    },
    url(path: string) {
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
    },
    path(path: string, statuses: number[] = []) {
      const entry = { statuses, received: [] as Received[] } as {
        secret?: string;
        statuses: number[];
        received: Received[];
        location?: string;
      };
      paths.set(path, entry);
      return entry;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('webhooks (issue 35 point 5)', () => {
  let server: TestServer;
  const receiver = startReceiver();
  /** The engine's default, except that a run fails while `failRuns` is set. */
  let failRuns = false;
  const engine = createDefaultExecutor();

  before(async () => {
    await receiver.listen();
    server = await startTestServer(
      {
        rateLimitScale: 100,
        flows: { uploadMaxBytes: 300_000, schedulerIntervalSeconds: 0, allowLoopbackSources: false },
        webhooks: { maxAttempts: 3, retrySeconds: 1, timeoutSeconds: 5, allowLoopbackEndpoints: true },
      },
      {
        analysisExecutor: {
          name: 'test',
          execute: (request, options) =>
            failRuns
              ? Promise.reject(new Error('a planted engine failure'))
              : engine.execute(request, options),
        },
      },
    );
    // The store's samples run first, so what follows only finds the tests' runs.
    await server.app.jobs.work();
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  const call = callAs(() => server.app);

  async function register(token: string, path: string, eventTypes: string[], statuses: number[] = []) {
    const entry = receiver.path(path, statuses);
    const created = await call('POST', '/webhooks', token, {
      url: receiver.url(path),
      description: `Receiver ${path}`,
      eventTypes,
    });
    assert.equal(created.statusCode, 201, created.body);
    const { endpoint, secret } = created.json();
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    entry.secret = secret;
    return { id: endpoint.id as string, entry };
  }

  async function runWorkflow(token: string, name: string) {
    const workflow = predefinedWorkflows.find((entry) => entry.id === 'review-analysis')!;
    const created = await call('POST', '/flows', token, {
      name,
      flowType: 'predefinedFlow',
      predefinedFlowId: workflow.id,
      analysisType: workflow.analysisType,
      dataSources: [{ kind: 'starter', group: 'file', sampleId: workflow.sample.id }],
    });
    assert.equal(created.statusCode, 201, created.body);
    const flowId = created.json().id as string;
    const started = await call('POST', `/flows/${flowId}/run`, token);
    assert.equal(started.statusCode, 202, started.body);
    await server.app.jobs.work();
    const status = await call('GET', `/flows/${flowId}/status?taskId=${started.json().taskId}`, token);
    return { flowId, run: status.json().run as { id: string; state: string } };
  }

  /** Works due jobs until `done` holds (retries wait their backoff), at most 60 s. */
  async function workUntil(done: () => boolean | Promise<boolean>) {
    for (const deadline = Date.now() + 60_000; !(await done()); ) {
      assert.ok(Date.now() < deadline, 'the deliveries did not settle');
      await server.app.jobs.work();
      await sleep(100);
    }
  }

  const deliveriesOf = async (token: string, endpointId: string) => {
    const page = await call('GET', `/webhooks/${endpointId}/deliveries`, token);
    assert.equal(page.statusCode, 200, page.body);
    return page.json() as {
      total: number;
      deliveries: {
        eventId: string;
        eventType: string;
        status: string;
        attempts: number;
        responseStatus: number | null;
        responseBody: string | null;
        nextAttemptAt: string | null;
        lastError: string | null;
      }[];
    };
  };

  it('tells a finished run, once, signed as the specification says, to the endpoints taking it', async () => {
    const org = await organizationWithPeople(server, { label: 'hook-done' });
    const both = await register(org.admin, '/done/both', ['flow.run.finished', 'flow.run.failed']);
    const failedOnly = await register(org.admin, '/done/failed-only', ['flow.run.failed']);
    const off = await register(org.admin, '/done/off', ['flow.run.finished']);
    assert.equal((await call('PUT', `/webhooks/${off.id}`, org.admin, { enabled: false })).statusCode, 200);

    const { flowId, run } = await runWorkflow(org.admin, 'Hooked reviews');
    assert.equal(run.state, 'JobDone');
    await workUntil(() => both.entry.received.length > 0);
    await server.app.jobs.work();

    assert.equal(both.entry.received.length, 1, 'delivered once');
    const [message] = both.entry.received;
    assert.ok(message?.verified, 'the receiver verified the signature');
    assert.equal(message.event.type, 'flow.run.finished');
    assert.equal(message.event.data.runId, run.id);
    assert.equal(message.event.data.flowId, flowId);
    assert.equal(message.event.data.flowName, 'Hooked reviews');
    assert.equal(message.event.data.state, 'JobDone');
    assert.deepEqual(failedOnly.entry.received, [], 'an endpoint not taking the event gets nothing');
    assert.deepEqual(off.entry.received, [], 'a turned-off endpoint gets nothing');

    const log = await deliveriesOf(org.admin, both.id);
    assert.equal(log.total, 1);
    assert.deepEqual(
      [log.deliveries[0]?.eventId, log.deliveries[0]?.status, log.deliveries[0]?.attempts],
      [message.id, 'succeeded', 1],
    );
    assert.equal(log.deliveries[0]?.responseStatus, 200);
    assert.equal(log.deliveries[0]?.responseBody, 'thanks');

    // Recording the same run's end again (another process ending it at the same moment) adds nothing.
    await server.database.transaction((transaction) =>
      server.app.webhooks.recordRunEnded(transaction, {
        id: run.id,
        flowId,
        flowName: 'Hooked reviews',
        organizationId: org.id,
        number: 1,
        state: 'JobDone',
        documentsAnalysed: 1,
        creditsCharged: 0,
        error: null,
        startedAt: null,
        finishedAt: null,
      }),
    );
    await server.app.jobs.work();
    assert.equal(both.entry.received.length, 1);
    assert.equal((await deliveriesOf(org.admin, both.id)).total, 1);
  });

  it('tells a failed run with its catalogued reason', async () => {
    const org = await organizationWithPeople(server, { label: 'hook-failed' });
    const endpoint = await register(org.admin, '/failed', ['flow.run.failed']);
    failRuns = true;
    try {
      const { run } = await runWorkflow(org.admin, 'Failing reviews');
      assert.equal(run.state, 'JobError');
      await workUntil(() => endpoint.entry.received.length > 0);
      const [message] = endpoint.entry.received;
      assert.ok(message?.verified);
      assert.equal(message.event.type, 'flow.run.failed');
      assert.equal(message.event.data.runId, run.id);
      assert.equal(message.event.data.failureReason, 'analysisFailed');
    } finally {
      failRuns = false;
    }
  });

  it('tries a failing receiver again with backoff, and the delivery log shows each attempt', async () => {
    const org = await organizationWithPeople(server, { label: 'hook-retry' });
    const recovering = await register(org.admin, '/retry/recovering', ['flow.run.finished'], [500, 503]);
    const down = await register(org.admin, '/retry/down', ['flow.run.finished'], [500, 500, 500, 500]);

    const sent = await call('POST', `/webhooks/${recovering.id}/test`, org.admin);
    assert.equal(sent.statusCode, 202, sent.body);
    assert.equal((await call('POST', `/webhooks/${down.id}/test`, org.admin)).statusCode, 202);
    await server.app.jobs.work();
    const afterFirst = (await deliveriesOf(org.admin, recovering.id)).deliveries[0];
    assert.deepEqual(
      [afterFirst?.status, afterFirst?.attempts, afterFirst?.responseStatus],
      ['pending', 1, 500],
    );
    assert.ok(afterFirst?.nextAttemptAt, 'the next attempt is due later');
    assert.equal(afterFirst?.responseBody?.length, 1000, 'the first bytes of the body are kept');
    assert.match(afterFirst?.responseBody ?? '', /^receiver down x+$/);

    const settled = async (endpointId: string) =>
      (await deliveriesOf(org.admin, endpointId)).deliveries[0]?.status !== 'pending';
    await workUntil(async () => (await settled(recovering.id)) && (await settled(down.id)));

    const recovered = (await deliveriesOf(org.admin, recovering.id)).deliveries[0];
    assert.deepEqual(
      [recovered?.status, recovered?.attempts, recovered?.responseStatus],
      ['succeeded', 3, 200],
    );
    assert.equal(recovering.entry.received.length, 3);
    assert.ok(recovering.entry.received.every((message) => message.verified));
    assert.equal(new Set(recovering.entry.received.map((message) => message.id)).size, 1, 'one webhook-id');
    assert.equal(recovering.entry.received[0]?.event.type, 'webhook.test');

    const gaveUp = (await deliveriesOf(org.admin, down.id)).deliveries[0];
    assert.deepEqual(
      [gaveUp?.status, gaveUp?.attempts, gaveUp?.responseStatus, gaveUp?.nextAttemptAt],
      ['failed', 3, 500, null],
    );
    assert.equal(down.entry.received.length, 3, 'no try after the last');
  });

  it('sends a test event signed with the current secret, and a rotated secret replaces the old one', async () => {
    const org = await organizationWithPeople(server, { label: 'hook-test' });
    const endpoint = await register(org.admin, '/test-event', ['flow.run.failed']);
    const oldSecret = endpoint.entry.secret!;
    const sent = await call('POST', `/webhooks/${endpoint.id}/test`, org.admin);
    assert.equal(sent.statusCode, 202, sent.body);
    assert.deepEqual([sent.json().eventType, sent.json().status], ['webhook.test', 'pending']);
    await workUntil(() => endpoint.entry.received.length > 0);
    assert.ok(endpoint.entry.received[0]?.verified);
    assert.equal(endpoint.entry.received[0]?.id, sent.json().eventId);

    const rotated = await call('POST', `/webhooks/${endpoint.id}/rotate-secret`, org.admin);
    assert.equal(rotated.statusCode, 200, rotated.body);
    assert.notEqual(rotated.json().secret, oldSecret);
    assert.ok(rotated.json().endpoint.secretRotatedAt);
    // The receiver still holds the old secret: the next message does not verify with it…
    await call('POST', `/webhooks/${endpoint.id}/test`, org.admin);
    await workUntil(() => endpoint.entry.received.length > 1);
    assert.equal(endpoint.entry.received[1]?.verified, false);
    // …and does with the new one.
    endpoint.entry.secret = rotated.json().secret;
    await call('POST', `/webhooks/${endpoint.id}/test`, org.admin);
    await workUntil(() => endpoint.entry.received.length > 2);
    assert.equal(endpoint.entry.received[2]?.verified, true);

    const listed = await call('GET', '/webhooks', org.admin);
    assert.equal(listed.statusCode, 200);
    assert.deepEqual(
      listed.json().endpoints.map((entry: { id: string }) => entry.id),
      [endpoint.id],
    );
    assert.ok(!listed.body.includes('whsec_'), 'no secret is listed');
  });

  it('sends through the outbound guard: a redirect is not followed, an address off the public internet is refused', async () => {
    const org = await organizationWithPeople(server, { label: 'hook-guard' });
    const target = receiver.path('/guard/target');
    const moved = await register(org.admin, '/guard/moved', ['flow.run.finished'], [302]);
    moved.entry.location = receiver.url('/guard/target');
    assert.equal((await call('POST', `/webhooks/${moved.id}/test`, org.admin)).statusCode, 202);
    await server.app.jobs.work();
    const redirected = (await deliveriesOf(org.admin, moved.id)).deliveries[0];
    assert.deepEqual(
      [redirected?.status, redirected?.attempts, redirected?.responseStatus],
      ['pending', 1, 302],
      'a 3xx is a failed try',
    );
    assert.equal(moved.entry.received.length, 1);
    assert.deepEqual(target.received, [], 'the redirect was not followed');

    // A host name checked at registration may resolve elsewhere later (DNS rebinding): each try is checked against
    // the address it connects to. The stored address is set to a private one, as such a name would resolve.
    const rebound = await register(org.admin, '/guard/rebound', ['flow.run.finished']);
    await server.database.execute('update webhook_endpoints set url = $1 where id = $2', [
      'https://10.0.0.8/hook',
      rebound.id,
    ]);
    assert.equal((await call('POST', `/webhooks/${rebound.id}/test`, org.admin)).statusCode, 202);
    await server.app.jobs.work();
    const refused = (await deliveriesOf(org.admin, rebound.id)).deliveries[0];
    assert.deepEqual(
      [refused?.status, refused?.attempts, refused?.responseStatus, refused?.lastError],
      ['pending', 1, null, 'refused'],
    );
  });

  it('refuses other roles, other organizations and addresses off the public internet', async () => {
    const org = await organizationWithPeople(server, { label: 'hook-roles' });
    const other = await organizationWithPeople(server, { label: 'hook-other' });
    const endpoint = await register(org.admin, '/roles', ['flow.run.finished']);

    for (const token of [org.teammate, org.guest]) {
      assert.equal((await call('GET', '/webhooks', token)).statusCode, 403);
      const created = await call('POST', '/webhooks', token, {
        url: receiver.url('/x'),
        eventTypes: ['flow.run.finished'],
      });
      assert.equal(created.statusCode, 403);
      assert.equal((await call('POST', `/webhooks/${endpoint.id}/test`, token)).statusCode, 403);
    }
    const attempts = [
      ['PUT', `/webhooks/${endpoint.id}`, { enabled: false }],
      ['DELETE', `/webhooks/${endpoint.id}`],
      ['POST', `/webhooks/${endpoint.id}/rotate-secret`],
      ['GET', `/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/webhooks/${endpoint.id}/test`],
    ] as const;
    for (const [method, url, payload] of attempts) {
      const answer = await call(method, url, other.admin, payload);
      assert.equal(answer.statusCode, 404, `${method} ${url}: ${answer.body}`);
      assert.equal(answer.json().code, 'NOT_FOUND');
    }
    assert.deepEqual((await call('GET', '/webhooks', other.admin)).json(), { endpoints: [] });

    for (const url of [
      'http://example.com/hook',
      'https://10.0.0.8/hook',
      'https://169.254.169.254/latest',
      'https://[::ffff:192.168.1.1]/hook',
      'ftp://example.com/hook',
    ]) {
      const refused = await call('POST', '/webhooks', org.admin, { url, eventTypes: ['flow.run.finished'] });
      assert.equal(refused.statusCode, 400, `${url}: ${refused.body}`);
      assert.equal(refused.json().code, 'VALIDATION_FAILED');
      assert.ok(refused.json().issues?.url, refused.body);
      assert.ok(
        !refused.body.includes('10.0.0.8') && !refused.body.includes('169.254'),
        'the input is not echoed',
      );
    }
    const noEvents = await call('POST', '/webhooks', org.admin, { url: receiver.url('/y'), eventTypes: [] });
    assert.equal(noEvents.statusCode, 400);

    const deleted = await call('DELETE', `/webhooks/${endpoint.id}`, org.admin);
    assert.equal(deleted.statusCode, 200);
    assert.equal((await call('GET', `/webhooks/${endpoint.id}/deliveries`, org.admin)).statusCode, 404);
  });
});
