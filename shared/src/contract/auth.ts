import * as v from 'valibot';
import { emailField, enteredPassword } from '../validation/fields.js';
import { validationMessages } from '../validation/messages.js';
import { newPassword } from '../validation/password-policy.js';
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
  allowedWithExpiredPassword: true,
});

/**
 * Password (account area) and the expired-password page: the current password, and the new one typed twice. The
 * same schema validates the form and the API's body.
 */
export const ChangePasswordInputSchema = v.pipe(
  v.object({
    currentPassword: enteredPassword,
    newPassword,
    confirmPassword: enteredPassword,
  }),
  v.forward(
    v.partialCheck(
      [['currentPassword'], ['newPassword']],
      (input) => input.newPassword !== input.currentPassword,
      validationMessages.newPasswordSameAsCurrent,
    ),
    ['newPassword'],
  ),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (input) => input.newPassword === input.confirmPassword,
      validationMessages.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
);
export type ChangePasswordInput = v.InferInput<typeof ChangePasswordInputSchema>;

/**
 * Every session of the user ends, the caller's too, and the caller gets a new token pair to stay signed in with
 * (a 12-hour session). The one bearer endpoint besides logout and the account a user whose password has expired
 * may call.
 */
export const changePassword = defineEndpoint({
  operation: 'changePassword',
  summary: "Change the signed-in user's password; other sessions end and a new token pair is answered",
  method: 'PUT',
  path: '/change-password',
  auth: 'bearer',
  body: { name: 'changePasswordInput', schema: ChangePasswordInputSchema },
  response: TokenPairSchema,
  allowedWithExpiredPassword: true,
});
