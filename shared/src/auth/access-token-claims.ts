import * as v from 'valibot';
import { organizationRoles } from '../domain/enumerations.js';

/** Issuer and audience the API signs into, and the browser checks, every access token. */
export const accessTokenIssuer = 'https://api.dcipher.io';
export const accessTokenAudience = 'dcipher-web';

export const AccessTokenClaimsSchema = v.object({
  sub: v.string(),
  email: v.string(),
  organizationId: v.string(),
  role: v.picklist(organizationRoles),
  requiresPasswordChange: v.optional(v.boolean(), false),
  /** The session (refresh-token family) the token belongs to; the API refuses it once that session ends. */
  sid: v.optional(v.string()),
  exp: v.number(),
  iat: v.number(),
});
export type AccessTokenClaims = v.InferOutput<typeof AccessTokenClaimsSchema>;
