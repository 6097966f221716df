import * as v from 'valibot';
import { emailField } from '../validation/fields.js';
import { defineEndpoint } from './endpoint.js';

const EmailParamsSchema = v.object({ email: emailField });

export const SuspensionStateSchema = v.object({ email: v.string(), suspended: v.boolean() });
export type SuspensionState = v.InferOutput<typeof SuspensionStateSchema>;

/**
 * Internal admins only (docs/decisions/0015). The spec lists these two without (A); they take the bearer token,
 * as nobody may suspend a customer anonymously.
 */
export const suspendUser = defineEndpoint({
  operation: 'suspendUser',
  errors: ['NOT_FOUND'],
  summary: 'Suspend a user: they cannot sign in and every session of theirs ends at once (internal admins)',
  method: 'PUT',
  path: '/suspend/{email}',
  auth: 'bearer',
  permission: 'internal-admin',
  params: EmailParamsSchema,
  response: SuspensionStateSchema,
});

export const desuspendUser = defineEndpoint({
  operation: 'desuspendUser',
  errors: ['NOT_FOUND'],
  summary: 'Lift a suspension: the user may sign in again (internal admins)',
  method: 'PUT',
  path: '/desuspend/{email}',
  auth: 'bearer',
  permission: 'internal-admin',
  params: EmailParamsSchema,
  response: SuspensionStateSchema,
});
