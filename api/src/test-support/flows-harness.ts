import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import { predefinedWorkflows } from '@dcipher/shared/domain';
import { db } from '../db/kysely.js';
import { callAs } from './call-as.js';
import { organizationWithPeople } from './organization-with-people.js';
import { logIn, startTestServer, type TestServer } from './test-server.js';

/** The engine's test corpus (reviews.csv, survey-answers.docx…). */
export const flowsCorpus = new URL('../engine/test-corpus/', import.meta.url);

/**
 * The workflow tests' server and calls, for a `describe` of them (flows.test.ts, whose cases the engine can matter
 * to, and flows-analyses.test.ts, whose it cannot): an API with the flows module (uploads up to 300,000 bytes, no
 * scheduler of its own, loopback sources allowed), the staff's token, and an RSS feed of twelve items on loopback.
 * Registers its `before` and `after`; `server`, `staffToken` and `feedUrl` are read once they have run.
 */
export function flowsHarness() {
  const state = {} as { server: TestServer; staffToken: string; feedServer: Server; feedUrl: string };

  before(async () => {
    state.server = await startTestServer({
      rateLimitScale: 100,
      flows: { uploadMaxBytes: 300_000, schedulerIntervalSeconds: 0, allowLoopbackSources: true },
    });
    state.staffToken = (await logIn(state.server.app, { email: 'staff@demo.dcipher.local' })).accessToken;
    const items = Array.from({ length: 12 }, (_, index) => {
      const day = new Date(Date.UTC(2025, 10, 1 + index)).toUTCString();
      const topic =
        index > 8 ? 'Offshore wind farm output breaks a record' : 'Gas prices and household bills';
      return `<item><title>${topic} ${index}</title><description>${topic}: the grid operator and suppliers reported the news today.</description><pubDate>${day}</pubDate><link>http://127.0.0.1/item/${index}</link><guid>item-${index}</guid></item>`;
    }).join('');
    const feed = `<?xml version="1.0"?><rss version="2.0"><channel><title>Loopback Energy</title>${items}</channel></rss>`;
    state.feedServer = createHttpServer((request, response) => {
      if (request.url === '/feed.xml') {
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        response.end(feed);
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => state.feedServer.listen(0, '127.0.0.1', resolve));
    state.feedUrl = `http://127.0.0.1:${(state.feedServer.address() as AddressInfo).port}/feed.xml`;
  });
  after(async () => {
    state.feedServer?.close();
    await state.server?.close();
  });

  const call = callAs(() => state.server.app);
  const work = () => state.server.app.jobs.work();
  const newOrganization = () => organizationWithPeople(state.server, { label: 'flows' });
  const emailOf = (adminEmail: string, role: 'teammate' | 'guest') =>
    adminEmail.replace('-admin-', `-${role}-`);
  let names = 0;
  /** A predefined workflow's creation body, named uniquely, over its shipped sample. */
  const predefined = (predefinedFlowId: string, extra: object = {}) => {
    const workflow = predefinedWorkflows.find((entry) => entry.id === predefinedFlowId)!;
    names += 1;
    return {
      name: `${workflow.name} ${names}`,
      flowType: 'predefinedFlow',
      predefinedFlowId,
      analysisType: workflow.analysisType,
      dataSources: [{ kind: 'starter', group: 'file', sampleId: workflow.sample.id }],
      ...extra,
    };
  };
  const create = async (token: string, body: object) => {
    const response = await call('POST', '/flows', { token }, body);
    assert.equal(response.statusCode, 201, response.body);
    return response.json();
  };
  /** Starts a run, works the job queue, and answers the run's status. */
  const runToEnd = async (token: string, flowId: string) => {
    const started = await call('POST', `/flows/${flowId}/run`, { token });
    assert.equal(started.statusCode, 202, started.body);
    await work();
    const status = await call('GET', `/flows/${flowId}/status?taskId=${started.json().taskId}`, { token });
    assert.equal(status.statusCode, 200, status.body);
    return status.json();
  };
  /** An organization's credit transactions, oldest first. */
  const ledger = async (organizationId: string) =>
    db(state.server.database)
      .selectFrom('creditTransactions')
      .select(['kind', 'credits'])
      .where('organizationId', '=', organizationId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();

  return {
    get server() {
      return state.server;
    },
    get staffToken() {
      return state.staffToken;
    },
    get feedUrl() {
      return state.feedUrl;
    },
    call,
    work,
    newOrganization,
    emailOf,
    predefined,
    create,
    runToEnd,
    ledger,
  };
}
