import * as v from 'valibot';
import { defineEndpoint } from './endpoint.js';

export const health = defineEndpoint({
  operation: 'health',
  errors: [],
  summary: 'Liveness and database reachability',
  method: 'GET',
  path: '/health',
  auth: 'public',
  response: v.object({ status: v.literal('ok'), database: v.literal('ok') }),
});

/**
 * Readiness (docs/decisions/0075): whether this process should be sent requests. 503 `NOT_READY` while it shuts
 * down, when the database cannot be reached, or when the database's schema is behind this version's migrations.
 */
export const ready = defineEndpoint({
  operation: 'ready',
  errors: ['NOT_READY'],
  summary: 'Readiness: not shutting down, database reachable, migrations current (503 NOT_READY otherwise)',
  method: 'GET',
  path: '/ready',
  auth: 'public',
  response: v.object({
    status: v.literal('ready'),
    database: v.literal('ok'),
    migrations: v.literal('current'),
  }),
});
