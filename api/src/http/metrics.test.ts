// engines: any
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { queue } from '../jobs/jobs.js';
import { logIn, startTestServer, type TestServer } from '../test-support/test-server.js';
import { createMetricsServer } from './metrics.js';

/** Prometheus metrics (docs/decisions/0060): what a scrape of one API process shows, on a port of its own. */
describe('metrics', () => {
  let server: TestServer;
  let metricsUrl: string;
  let close: () => void;

  before(async () => {
    server = await startTestServer();
    const metricsServer = createMetricsServer(server.app.metrics);
    await new Promise<void>((resolve) => metricsServer.listen(0, '127.0.0.1', resolve));
    metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}`;
    close = () => metricsServer.close();
  });
  after(async () => {
    close();
    await server.close();
  });

  const scrape = async () => {
    const response = await fetch(`${metricsUrl}/metrics`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    return response.text();
  };

  it('counts requests by route pattern and status, with their latency, and the errors apart', async () => {
    const { accessToken } = await logIn(server.app);
    await server.app.inject({ method: 'GET', url: '/health' });
    await server.app.inject({ method: 'GET', url: '/health' });
    await server.app.inject({
      method: 'GET',
      url: '/account',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    await server.app.inject({ method: 'GET', url: '/account' });
    await server.app.inject({ method: 'GET', url: '/invoices/not-an-invoice-id-secret/pdf' });
    const text = await scrape();
    assert.match(text, /^http_requests_total\{method="GET",route="\/health",status_code="200"\} 2$/m);
    assert.match(text, /^http_requests_total\{method="GET",route="\/account",status_code="200"\} 1$/m);
    assert.match(text, /^http_request_errors_total\{method="GET",route="\/account",status_code="401"\} 1$/m);
    assert.match(
      text,
      /^http_request_duration_seconds_count\{method="GET",route="\/health",status_code="200"\} 2$/m,
    );
    assert.match(text, /route="\/invoices\/:invoiceId\/pdf"/, 'the pattern, never the raw path');
    assert.doesNotMatch(text, /not-an-invoice-id-secret/);
  });

  it('shows the background jobs by queue and state, the outbox, and the process', async () => {
    const metricsQueue = queue('test.metrics');
    server.app.jobs.define({ name: metricsQueue, handle: async () => {} });
    await server.app.jobs.enqueue(metricsQueue, {}, { runAt: new Date(Date.now() - 30_000) });
    const text = await scrape();
    assert.match(text, /^jobs\{queue="test\.metrics",state="queued"\} 1$/m);
    const oldest = /^jobs_oldest_due_seconds\{queue="test\.metrics"\} ([\d.]+)$/m.exec(text);
    assert.ok(oldest && Number(oldest[1]) >= 29, 'the oldest due job waited 30 s');
    assert.match(text, /^email_outbox_messages\{status="queued"\} \d+$/m);
    assert.match(text, /^process_resident_memory_bytes \d+/m);
    assert.match(text, /^nodejs_eventloop_lag_seconds /m);
  });

  it('is served only on its own port: the public API has no /metrics, the metrics port nothing else', async () => {
    assert.equal((await server.app.inject({ method: 'GET', url: '/metrics' })).statusCode, 404);
    assert.equal((await fetch(`${metricsUrl}/`)).status, 404);
    assert.equal((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status, 404);
  });
});
