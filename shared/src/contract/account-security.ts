import * as v from 'valibot';
import { enteredPassword } from '../validation/fields.js';
import { accountSecurityMessages } from '../validation/messages.js';
import { twoFactorCode } from './auth.js';
import { defineEndpoint } from './endpoint.js';

/*
 * Privacy & security in the account area (docs/decisions/0025): the user's active sessions, their sign-in
 * history and two-step verification with an authenticator app.
 */

/** One signed-in browser: a refresh-token family, from its sign-in until it is signed out or expires. */
export const SessionSchema = v.object({
  id: v.string(),
  /** Browser name and major version read from the user agent, such as "Firefox 128"; '' when unknown. */
  browser: v.string(),
  /** Operating system read from the user agent, such as "macOS 14.5"; '' when unknown. */
  os: v.string(),
  ipAddress: v.string(),
  createdAt: v.string(),
  /** When the session last signed in or refreshed its access token. */
  lastActiveAt: v.string(),
  /** The session of the request that asked. */
  current: v.boolean(),
});
export type Session = v.InferOutput<typeof SessionSchema>;

export const listSessions = defineEndpoint({
  operation: 'listSessions',
  errors: [],
  summary: "The signed-in user's active sessions, the most recently active first",
  method: 'GET',
  path: '/account/sessions',
  auth: 'bearer',
  permission: { resource: 'account', action: 'read' },
  response: v.array(SessionSchema),
  allowedBeforeTwoStepSetup: true,
});

export const SessionParamsSchema = v.object({
  sessionId: v.pipe(v.string(), v.maxLength(64, accountSecurityMessages.sessionNotFound)),
});

export const endSession = defineEndpoint({
  operation: 'endSession',
  errors: ['NOT_FOUND'],
  summary: "Sign out one of the user's sessions (404 when it is not theirs or has ended)",
  method: 'DELETE',
  path: '/account/sessions/{sessionId}',
  auth: 'bearer',
  permission: { resource: 'account', action: 'update' },
  params: SessionParamsSchema,
  response: v.object({ signedOut: v.literal(true) }),
  allowedBeforeTwoStepSetup: true,
});

export const endOtherSessions = defineEndpoint({
  operation: 'endOtherSessions',
  errors: [],
  summary: "Sign out every session of the user except the caller's",
  method: 'DELETE',
  path: '/account/sessions',
  auth: 'bearer',
  permission: { resource: 'account', action: 'update' },
  response: v.object({ signedOut: v.number() }),
  allowedBeforeTwoStepSetup: true,
});

/** How a sign-in attempt proved who it was. */
/** `verification-link`: the link that confirmed a new account's address signed its owner in (decision 0050). */
export const signInMethods = [
  'password',
  'sso',
  'two-step-code',
  'recovery-code',
  'verification-link',
] as const;
export type SignInMethod = (typeof signInMethods)[number];

/**
 * How an attempt ended: `success`, `two-step-required` (the first step was right; a code was asked for) or why it
 * failed.
 */
export const signInOutcomes = [
  'success',
  'two-step-required',
  'wrong-password',
  'email-not-verified',
  'not-activated',
  'suspended',
  'throttled',
  'wrong-two-step-code',
  'wrong-recovery-code',
] as const;
export type SignInOutcome = (typeof signInOutcomes)[number];

export const SignInAttemptSchema = v.object({
  attemptedAt: v.string(),
  method: v.picklist(signInMethods),
  outcome: v.picklist(signInOutcomes),
  browser: v.string(),
  os: v.string(),
  ipAddress: v.string(),
});
export type SignInAttempt = v.InferOutput<typeof SignInAttemptSchema>;

/** How many attempts `GET /account/sign-in-history` answers (and about how many are kept per account). */
export const signInHistoryLength = 50;

export const listSignInHistory = defineEndpoint({
  operation: 'listSignInHistory',
  errors: [],
  summary: 'The last 50 sign-in attempts on the signed-in user’s account, newest first',
  method: 'GET',
  path: '/account/sign-in-history',
  auth: 'bearer',
  permission: { resource: 'account', action: 'read' },
  response: v.array(SignInAttemptSchema),
  allowedBeforeTwoStepSetup: true,
});

export const TwoFactorStatusSchema = v.object({
  enabled: v.boolean(),
  /** Unused recovery codes; 0 when two-step verification is off. */
  recoveryCodesRemaining: v.number(),
});
export type TwoFactorStatus = v.InferOutput<typeof TwoFactorStatusSchema>;

export const getTwoFactorStatus = defineEndpoint({
  operation: 'getTwoFactorStatus',
  errors: [],
  summary: 'Whether two-step verification is on, and how many recovery codes are left',
  method: 'GET',
  path: '/account/two-factor',
  auth: 'bearer',
  permission: { resource: 'account', action: 'read' },
  response: TwoFactorStatusSchema,
  allowedBeforeTwoStepSetup: true,
});

/** A new secret to add to an authenticator app; it takes effect once a code from it is confirmed. */
export const TwoFactorSetupSchema = v.object({
  /** Base32, for typing into the app by hand. */
  secret: v.string(),
  otpauthUri: v.string(),
  /** The otpauth URI as a QR code: an SVG document to show as it is (an `<img>` data URL or inline). */
  qrCodeSvg: v.string(),
});
export type TwoFactorSetup = v.InferOutput<typeof TwoFactorSetupSchema>;

export const setUpTwoFactor = defineEndpoint({
  operation: 'setUpTwoFactor',
  errors: ['TWO_FACTOR_STATE_CONFLICT'],
  summary: 'Start turning on two-step verification: a new secret, its otpauth URI and QR code',
  method: 'POST',
  path: '/account/two-factor/setup',
  auth: 'bearer',
  permission: { resource: 'account', action: 'update' },
  response: TwoFactorSetupSchema,
  allowedBeforeTwoStepSetup: true,
});

export const EnableTwoFactorInputSchema = v.object({ code: twoFactorCode });
export type EnableTwoFactorInput = v.InferInput<typeof EnableTwoFactorInputSchema>;

export const RecoveryCodesSchema = v.object({
  /** Ten one-time codes, shown once: only their hashes are kept. */
  recoveryCodes: v.array(v.string()),
});
export type RecoveryCodes = v.InferOutput<typeof RecoveryCodesSchema>;

export const enableTwoFactor = defineEndpoint({
  operation: 'enableTwoFactor',
  errors: ['TWO_FACTOR_STATE_CONFLICT', 'TWO_FACTOR_CODE_INVALID'],
  summary: 'Turn on two-step verification with a code from the app just set up; answers the recovery codes',
  method: 'POST',
  path: '/account/two-factor/enable',
  auth: 'bearer',
  permission: { resource: 'account', action: 'update' },
  body: { name: 'enableTwoFactorInput', schema: EnableTwoFactorInputSchema },
  response: RecoveryCodesSchema,
  allowedBeforeTwoStepSetup: true,
});

export const DisableTwoFactorInputSchema = v.object({ currentPassword: enteredPassword });
export type DisableTwoFactorInput = v.InferInput<typeof DisableTwoFactorInputSchema>;

export const disableTwoFactor = defineEndpoint({
  operation: 'disableTwoFactor',
  errors: ['TWO_FACTOR_STATE_CONFLICT'],
  summary: 'Turn off two-step verification; needs the current password',
  method: 'POST',
  path: '/account/two-factor/disable',
  auth: 'bearer',
  permission: { resource: 'account', action: 'update' },
  body: { name: 'disableTwoFactorInput', schema: DisableTwoFactorInputSchema },
  response: TwoFactorStatusSchema,
});
