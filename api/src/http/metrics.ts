import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { countUndeliveredOutboxMessages } from '../adapters/mailer/email-outbox-repository.js';
import type { Database } from '../db/database.js';
import type { Jobs } from '../jobs/jobs.js';

/**
 * Prometheus metrics of one API process (prom-client; docs/decisions/0060): requests by route (rate, latency,
 * errors), background jobs (by queue and state, the age of the oldest due job), the email outbox, the database
 * pool and Node's own (CPU, memory, event loop). They are served on a port of their own (`METRICS_PORT`, on
 * 127.0.0.1 by default), never on the public API.
 */
export function createMetrics({ database, jobs }: { database: Database; jobs: Jobs }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'Requests answered with a 4xx or 5xx status, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request received to the answer sent, by method, route pattern and status.',
    labelNames,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  new Gauge({
    name: 'jobs',
    help: 'Background jobs by queue and state (succeeded: in the last hour).',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobs.stats()) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
  new Gauge({
    name: 'jobs_oldest_due_seconds',
    help: 'How long the oldest due job of each queue has waited to be claimed.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobs.stats()) {
        if (row.state === 'queued' && row.oldestDueSeconds !== null) {
          this.set({ queue: row.queue }, row.oldestDueSeconds);
        }
      }
    },
  });
  new Gauge({
    name: 'email_outbox_messages',
    help: 'Emails waiting for delivery (queued) and given up (failed).',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      const counts = await countUndeliveredOutboxMessages(database);
      for (const status of ['queued', 'failed'] as const) this.set({ status }, counts[status]);
    },
  });
  if (database.poolStats) {
    const poolStats = database.poolStats;
    new Gauge({
      name: 'database_pool_connections',
      help: 'Connections of the PostgreSQL pool: open in all, idle, and requests waiting for one.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  return {
    registry,
    /** Counts every answer of `app` by its route pattern (never the raw URL: ids and tokens stay out of labels). */
    observe(app: FastifyInstance): void {
      app.addHook('onResponse', async (request, reply) => {
        const labels = {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        };
        requests.inc(labels);
        duration.observe(labels, reply.elapsedTime / 1000);
        if (reply.statusCode >= 400) errors.inc(labels);
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The metrics endpoint of its own: `GET /metrics` in Prometheus's text format; anything else is 404. */
export function createMetricsServer(registry: Registry): Server {
  return createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be read\n'),
    );
  });
}
