import * as v from 'valibot';
import { emailMaxLength, enteredPassword } from '../validation/fields.js';
import {
  accountSecurityMessages,
  errorCatalogue,
  tooLong,
  validationMessages,
} from '../validation/messages.js';
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

/**
 * A signed-in session's tokens. `refreshToken` is absent when the caller is a browser on one of the product's
 * origins: the API then sets it as an `HttpOnly; Secure; SameSite=Strict` cookie scoped to `POST /token`, so no
 * script ever reads it (docs/decisions/0032). Callers without an `Origin` (servers, scripts) get it in the body.
 */
export const TokenPairSchema = v.object({
  accessToken: v.string(),
  refreshToken: v.optional(v.string()),
  requiresPasswordChange: v.boolean(),
  /** Seconds until the refresh token (and so the session) ends; cookies are kept as long. */
  refreshExpiresIn: v.number(),
});
export type TokenPair = v.InferOutput<typeof TokenPairSchema>;
/** A token pair as the API issues it, before a browser caller's refresh token moves into its cookie. */
export type IssuedTokenPair = TokenPair & { refreshToken: string };

/**
 * The answer of a sign-in whose first step (password, SSO) succeeded for an account with two-step verification:
 * no tokens yet, but a challenge `POST /login/two-factor` completes with a code. The challenge works for 5 minutes
 * and at most 5 wrong codes (docs/decisions/0025).
 */
export const TwoFactorChallengeSchema = v.object({
  twoFactorRequired: v.literal(true),
  challengeToken: v.string(),
  /** Seconds the challenge stays usable. */
  expiresIn: v.number(),
});
export type TwoFactorChallenge = v.InferOutput<typeof TwoFactorChallengeSchema>;

/** What `POST /login` and the SSO callback answer: tokens, or a two-step challenge. */
export const LoginResultSchema = v.union([TokenPairSchema, TwoFactorChallengeSchema]);
export type LoginResult = v.InferOutput<typeof LoginResultSchema>;

export const isTwoFactorChallenge = (result: LoginResult): result is TwoFactorChallenge =>
  'twoFactorRequired' in result && result.twoFactorRequired === true;

export const login = defineEndpoint({
  operation: 'login',
  errors: ['INVALID_CREDENTIALS', 'EMAIL_NOT_VERIFIED', 'ACCOUNT_SUSPENDED', 'SSO_REQUIRED'],
  summary:
    'Sign in with email and password; with two-step verification on, answers a challenge instead of tokens',
  method: 'POST',
  path: '/login',
  auth: 'public',
  body: { name: 'credentials', schema: CredentialsSchema },
  response: LoginResultSchema,
});

/** Six digits, as authenticator apps show them; spaces typed between groups are dropped. */
export const twoFactorCode = v.pipe(
  v.string(accountSecurityMessages.codeFormat),
  v.maxLength(20, accountSecurityMessages.codeFormat),
  v.transform((code) => code.replace(/\s+/g, '')),
  v.regex(/^\d{6}$/, accountSecurityMessages.codeFormat),
);

/** A recovery code as typed: ten letters and digits, any case, with or without the dash and spaces. */
export const recoveryCode = v.pipe(
  v.string(accountSecurityMessages.recoveryCodeFormat),
  v.maxLength(40, accountSecurityMessages.recoveryCodeFormat),
  v.transform((code) => code.replace(/[\s-]+/g, '').toLowerCase()),
  v.regex(/^[a-z0-9]{10}$/, accountSecurityMessages.recoveryCodeFormat),
);

/** The second step's form when the app's code is typed (the screen adds the challenge it holds). */
export const TwoFactorCodeInputSchema = v.object({ code: twoFactorCode });

/** The second step's form when a recovery code stands in for the app. */
export const RecoveryCodeInputSchema = v.object({ recoveryCode });

/** The second step of a sign-in: the challenge and either the app's code or one recovery code. */
export const TwoFactorLoginInputSchema = v.pipe(
  v.object({
    challengeToken: v.pipe(
      v.string(accountSecurityMessages.challengeInvalid),
      v.regex(/^[A-Za-z0-9_-]{43}$/, accountSecurityMessages.challengeInvalid),
    ),
    code: v.optional(twoFactorCode),
    recoveryCode: v.optional(recoveryCode),
  }),
  v.forward(
    v.check(
      (input) => (input.code === undefined) !== (input.recoveryCode === undefined),
      accountSecurityMessages.codeOrRecoveryCode,
    ),
    ['code'],
  ),
);
export type TwoFactorLoginInput = v.InferInput<typeof TwoFactorLoginInputSchema>;

export const completeTwoFactorLogin = defineEndpoint({
  operation: 'completeTwoFactorLogin',
  errors: ['TWO_FACTOR_CHALLENGE_INVALID', 'TWO_FACTOR_CODE_INVALID'],
  summary: 'Finish a sign-in that asked for two-step verification: the challenge and a code or recovery code',
  method: 'POST',
  path: '/login/two-factor',
  auth: 'public',
  body: { name: 'twoFactorLoginInput', schema: TwoFactorLoginInputSchema },
  response: TokenPairSchema,
});

export const refreshToken = defineEndpoint({
  operation: 'refreshToken',
  errors: ['INVALID_REFRESH_TOKEN', 'REFRESH_TOKEN_REUSED'],
  summary:
    'Exchange a refresh token (in the body, or the HttpOnly session cookie for browsers) for a new token pair (the used one is retired)',
  method: 'POST',
  path: '/token',
  auth: 'public',
  body: {
    name: 'refreshTokenInput',
    schema: v.object({ refreshToken: v.optional(v.pipe(v.string(), v.nonEmpty())) }),
  },
  response: TokenPairSchema,
});

export const logout = defineEndpoint({
  operation: 'logout',
  errors: [],
  summary: 'End the current session; with isForced, every session of the user',
  method: 'POST',
  path: '/logout',
  auth: 'bearer',
  permission: 'signed-in',
  body: { name: 'logoutInput', schema: v.object({ isForced: v.boolean() }) },
  response: v.object({ loggedOut: v.literal(true) }),
  allowedWithExpiredPassword: true,
  allowedBeforeTwoStepSetup: true,
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
 * Every other session of the user ends; the caller's session goes on (same session id) with a new token pair
 * (12 hours from now), and its earlier refresh tokens stop working. The one bearer endpoint besides logout and the account a user whose password has expired
 * may call.
 */
export const changePassword = defineEndpoint({
  operation: 'changePassword',
  errors: [],
  summary: "Change the signed-in user's password; other sessions end and a new token pair is answered",
  method: 'PUT',
  path: '/change-password',
  auth: 'bearer',
  permission: { resource: 'account', action: 'update' },
  body: { name: 'changePasswordInput', schema: ChangePasswordInputSchema },
  response: TokenPairSchema,
  allowedWithExpiredPassword: true,
  allowedBeforeTwoStepSetup: true,
});
