import * as v from 'valibot';

/** The one error shape every API error answer has. */
export const ErrorBodySchema = v.object({
  statusCode: v.number(),
  error: v.string(),
  message: v.string(),
  code: v.optional(v.string()),
  issues: v.optional(v.record(v.string(), v.string())),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

/** Machine-readable codes the API puts in `code`. */
export const errorCodes = {
  validationFailed: 'VALIDATION_FAILED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  /** Right password, but the address was never confirmed: the login screen offers to send the link again. */
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  unauthorized: 'UNAUTHORIZED',
  invalidRefreshToken: 'INVALID_REFRESH_TOKEN',
  refreshTokenReused: 'REFRESH_TOKEN_REUSED',
  notFound: 'NOT_FOUND',
  /** The email verification token is unknown, already used or malformed. */
  verificationFailed: 'VERIFICATION_FAILED',
  /** The email verification link is older than 24 hours: the screen offers a new one. */
  verificationLinkExpired: 'VERIFICATION_LINK_EXPIRED',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  /** The password reset link is older than 1 hour: the page offers to ask for a new one. */
  resetLinkExpired: 'RESET_LINK_EXPIRED',
  /** The password reset link is unknown, already used or replaced by a newer one. */
  resetLinkInvalid: 'RESET_LINK_INVALID',
  /** The user's password has expired: only changing it, signing out and reading the account are allowed. */
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  /** Signed in, but the role may not do this (a payment method is changed by the organization's admin only). */
  forbidden: 'FORBIDDEN',
  /** The payment gateway refused the card (402); the message says why in the customer's words. */
  cardDeclined: 'CARD_DECLINED',
  internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
