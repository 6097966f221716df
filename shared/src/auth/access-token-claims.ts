import * as v from 'valibot';
import { organizationRoles } from '../domain/enumerations.js';

/** Issuer and audience the API signs into, and the browser checks, every access token. */
export const accessTokenIssuer = 'https://api.dcipher.io';
export const accessTokenAudience = 'dcipher-web';

/**
 * The ids are UUIDs, checked here before anything looks them up: a token that verifies but names something else is
 * refused like a forged one (401), never handed to SQL (docs/decisions/0057).
 */
const uuid = v.pipe(v.string(), v.uuid());

export const AccessTokenClaimsSchema = v.object({
  sub: uuid,
  email: v.string(),
  organizationId: uuid,
  role: v.picklist(organizationRoles),
  requiresPasswordChange: v.optional(v.boolean(), false),
  /** The session (refresh-token family) the token belongs to; the API refuses it once that session ends. */
  sid: v.optional(uuid),
  exp: v.number(),
  iat: v.number(),
});
export type AccessTokenClaims = v.InferOutput<typeof AccessTokenClaimsSchema>;
