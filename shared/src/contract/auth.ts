import * as v from 'valibot';
import { emailField, enteredPassword } from '../validation/fields.js';
import { defineEndpoint } from './endpoint.js';

export const CredentialsSchema = v.object({
  email: emailField,
  password: enteredPassword,
  staySignedIn: v.optional(v.boolean(), false),
});
export type Credentials = v.InferInput<typeof CredentialsSchema>;

export const TokenPairSchema = v.object({
  accessToken: v.string(),
  refreshToken: v.string(),
  requiresPasswordChange: v.boolean(),
  /** Seconds until the refresh token (and so the session) ends; cookies are kept as long. */
  refreshExpiresIn: v.number(),
});
export type TokenPair = v.InferOutput<typeof TokenPairSchema>;

export const login = defineEndpoint({
  operation: 'login',
  summary: 'Sign in with email and password',
  method: 'POST',
  path: '/login',
  auth: 'public',
  body: { name: 'credentials', schema: CredentialsSchema },
  response: TokenPairSchema,
});

export const refreshToken = defineEndpoint({
  operation: 'refreshToken',
  summary: 'Exchange a refresh token for a new token pair (the used one is retired)',
  method: 'POST',
  path: '/token',
  auth: 'public',
  body: { name: 'refreshTokenInput', schema: v.object({ refreshToken: v.pipe(v.string(), v.nonEmpty()) }) },
  response: TokenPairSchema,
});

export const logout = defineEndpoint({
  operation: 'logout',
  summary: 'End the current session; with isForced, every session of the user',
  method: 'POST',
  path: '/logout',
  auth: 'bearer',
  body: { name: 'logoutInput', schema: v.object({ isForced: v.boolean() }) },
  response: v.object({ loggedOut: v.literal(true) }),
});
