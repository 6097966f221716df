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
  /** Right password, but an internal admin suspended the account: the screen says to contact support. */
  accountSuspended: 'ACCOUNT_SUSPENDED',
  /** The trial reactivation link is unknown, already used, expired or malformed. */
  trialReactivationFailed: 'TRIAL_REACTIVATION_FAILED',
  /** A trial reactivation link was opened while the organization's subscription or trial is still active (409). */
  subscriptionAlreadyActive: 'SUBSCRIPTION_ALREADY_ACTIVE',
  /** Miro or SurveyMonkey is not set up on this server (503): its client id, secret and redirect URI are missing. */
  integrationNotConfigured: 'INTEGRATION_NOT_CONFIGURED',
  /** Miro or SurveyMonkey refused the authorization code (400): the user connects the tool again. */
  integrationCodeRejected: 'INTEGRATION_CODE_REJECTED',
  /** Miro or SurveyMonkey did not answer usably (502): a network failure, a timeout or their server's error. */
  integrationUnavailable: 'INTEGRATION_UNAVAILABLE',
  /** Invitations (docs/decisions/0019): the address already belongs to a user who is not a pending invitee here. */
  accountExists: 'ACCOUNT_EXISTS',
  /** Invitations: the address is already invited to this organization and not yet accepted; resend instead. */
  invitationPending: 'INVITATION_PENDING',
  /** The invitation token is unknown, replaced by a newer one, or malformed. */
  invitationInvalid: 'INVITATION_INVALID',
  /** The invitation is older than its 7 days: the page offers to ask the inviter for a new one. */
  invitationExpired: 'INVITATION_EXPIRED',
  /** The invitation was accepted already: the page offers to log in. */
  invitationAlreadyAccepted: 'INVITATION_ALREADY_ACCEPTED',
  /** A new invitation was asked for while the current one still works. */
  invitationStillValid: 'INVITATION_STILL_VALID',
  /** The unsubscribe link's token does not belong to its address (forged, or copied incompletely). */
  unsubscribeLinkInvalid: 'UNSUBSCRIBE_LINK_INVALID',
  /** SSO (docs/decisions/0020): no organization has set up single sign-on for the email's domain (404). */
  ssoNotSetUp: 'SSO_NOT_SET_UP',
  /** SSO: the issuer's discovery document could not be fetched when saving a configuration (400). */
  identityProviderUnreachable: 'IDENTITY_PROVIDER_UNREACHABLE',
  /** SSO: an email domain of the configuration is another organization's (409). */
  emailDomainTaken: 'EMAIL_DOMAIN_TAKEN',
  /** SSO callback: the state is unknown, already used or older than 10 minutes; start again (400). */
  ssoAttemptInvalid: 'SSO_ATTEMPT_INVALID',
  /** SSO callback: the identity provider refused, or its answer did not verify (400). */
  ssoFailed: 'SSO_FAILED',
  /** DELETE /account by the last admin of an organization that has other members (409): hand admin over first. */
  lastAdmin: 'LAST_ADMIN',
  /** DELETE /account or /organization: the typed email or name does not match (400). */
  deletionNotConfirmed: 'DELETION_NOT_CONFIRMED',
  /** Two-step sign-in (docs/decisions/0025): the challenge is unknown, used, older than 5 minutes or out of tries (401). */
  twoFactorChallengeInvalid: 'TWO_FACTOR_CHALLENGE_INVALID',
  /** Two-step sign-in or setup: the authenticator code or recovery code is wrong, used or replayed (400). */
  twoFactorCodeInvalid: 'TWO_FACTOR_CODE_INVALID',
  /** Two-step verification is already on (setup, enable) or not on (disable) (409). */
  twoFactorStateConflict: 'TWO_FACTOR_STATE_CONFLICT',
  internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
