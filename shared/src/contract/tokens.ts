import * as v from 'valibot';
import { organizationRoles } from '../domain/enumerations.js';
import { validationMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';

/** An access token another Dcipher service was given and wants checked. */
export const VerifyTokenInputSchema = v.object({
  token: v.pipe(v.string(validationMessages.required), v.nonEmpty(validationMessages.required)),
});
export type VerifyTokenInput = v.InferInput<typeof VerifyTokenInputSchema>;

/**
 * The token verifies (RS256, our key, not expired) and its user may still sign in. The user's fields are as the
 * database knows them now (an address or role may have changed since the token was signed); `expiresAt` is the
 * token's own expiry (ISO 8601).
 */
export const ValidTokenSchema = v.object({
  valid: v.literal(true),
  userId: v.string(),
  email: v.string(),
  organizationId: v.string(),
  role: v.picklist(organizationRoles),
  requiresPasswordChange: v.boolean(),
  expiresAt: v.string(),
});

/** Anything else: expired, forged, malformed, or its user is suspended, deleted or not active. No reason given. */
export const InvalidTokenSchema = v.object({ valid: v.literal(false) });

export const TokenVerificationSchema = v.variant('valid', [ValidTokenSchema, InvalidTokenSchema]);
export type TokenVerification = v.InferOutput<typeof TokenVerificationSchema>;

/**
 * For other Dcipher services: is this access token good now, and whose is it? Always 200 for a token, good or
 * not (docs/decisions/0016).
 */
export const verifyToken = defineEndpoint({
  operation: 'verifyToken',
  errors: [],
  summary: 'Check an access token: 200 { valid: true, user... } or 200 { valid: false }',
  method: 'POST',
  path: '/verifyToken',
  auth: 'public',
  body: { name: 'verifyTokenInput', schema: VerifyTokenInputSchema },
  response: TokenVerificationSchema,
});
