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
  internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
