import * as v from 'valibot';
import { emailMaxLength, enteredPassword } from '../validation/fields.js';
import { errorCatalogue, tooLong, validationMessages } from '../validation/messages.js';
import { newPassword, passwordPolicy } from '../validation/password-policy.js';
import { defineEndpoint } from './endpoint.js';

/** The email as typed at sign-in: the catalogue's login row "Invalid email" when it is not an address. */
export const signInEmail = v.pipe(
  v.string(validationMessages.required),
  v.trim(),
  v.nonEmpty(validationMessages.required),
  v.maxLength(emailMaxLength, tooLong(emailMaxLength)),
  v.email(errorCatalogue.invalidEmail),
  v.toLowerCase(),
);

/**
 * The password as typed at sign-in. Longer than the policy allows, it cannot be anyone's password: refused as
 * "Invalid username/password combination" before any account is looked up (which also keeps argon2's input
 * bounded). See docs/decisions/0015 for which login row answers what.
 */
export const signInPassword = v.pipe(
  v.string(validationMessages.required),
  v.nonEmpty(validationMessages.required),
  v.maxLength(passwordPolicy.maxLength, errorCatalogue.invalidUsernamePassword),
);

export const CredentialsSchema = v.object({
  email: signInEmail,
  password: signInPassword,
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
  permission: 'signed-in',
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
  permission: { resource: 'account', action: 'update' },
  body: { name: 'changePasswordInput', schema: ChangePasswordInputSchema },
  response: TokenPairSchema,
  allowedWithExpiredPassword: true,
});
