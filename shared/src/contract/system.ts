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
