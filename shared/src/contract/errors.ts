import * as v from 'valibot';
import {
  accountMessages,
  accountSecurityMessages,
  billingMessages,
  errorCatalogue,
  forbiddenMessage,
  invalidRequestMessage,
  invitationMessages,
  marketingEmailMessages,
  networkErrorMessage,
  organizationSettingsMessages,
  paymentMessages,
  sessionEndedMessage,
  ssoMessages,
  subscriptionAlreadyActiveMessage,
  tooManyRequestsMessage,
  unauthorizedMessage,
} from '../validation/messages.js';

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
  /** The organization requires two-step verification and the caller has not set it up (403). */
  twoStepSetupRequired: 'TWO_STEP_SETUP_REQUIRED',
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
  /** The invitee has signed up on their own since: they accept signed in, from the account area (0035). */
  invitationForExistingAccount: 'INVITATION_FOR_EXISTING_ACCOUNT',
  /** No open invitation of that id is held out to the signed-in user (theirs, unaccepted). */
  invitationOfferNotFound: 'INVITATION_OFFER_NOT_FOUND',
  /** Joining another organization while others still belong to one's own. */
  organizationHasOtherMembers: 'ORGANIZATION_HAS_OTHER_MEMBERS',
  /** The unsubscribe link's token does not belong to its address (forged, or copied incompletely). */
  unsubscribeLinkInvalid: 'UNSUBSCRIBE_LINK_INVALID',
  /** SSO (docs/decisions/0020): no organization has set up single sign-on for the email's domain (404). */
  ssoNotSetUp: 'SSO_NOT_SET_UP',
  /** SSO: the issuer's discovery document could not be fetched when saving a configuration (400). */
  identityProviderUnreachable: 'IDENTITY_PROVIDER_UNREACHABLE',
  /** SSO: an email domain of the configuration is another organization's (409). */
  emailDomainTaken: 'EMAIL_DOMAIN_TAKEN',
  /** SSO (docs/decisions/0036): the domain's TXT record was not found or did not hold the token (400). */
  domainVerificationFailed: 'DOMAIN_VERIFICATION_FAILED',
  /** Password sign-in of a member whose organization requires single sign-on for their domain (403). */
  ssoRequired: 'SSO_REQUIRED',
  /** API keys (docs/decisions/0037): the key is unknown, revoked or rotated away (401). */
  apiKeyInvalid: 'API_KEY_INVALID',
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
  /** Billing (0039): a plan is chosen before a card was added. */
  noPaymentMethod: 'NO_PAYMENT_METHOD',
  /** Billing: the plan is unknown, retired, priced on request, or not for the organization's customer type. */
  planNotAvailable: 'PLAN_NOT_AVAILABLE',
  /** Billing: the promo code is unknown, expired, used up or not for this plan (400 on `promoCode`). */
  promoCodeInvalid: 'PROMO_CODE_INVALID',
  /** Billing: a subscription exists already (start) or not yet (change, cancel). */
  subscriptionConflict: 'SUBSCRIPTION_CONFLICT',
  /** Billing: the last card cannot go while a paid plan is running (409). */
  cardRequired: 'CARD_REQUIRED',
  /** Payments (0055): an idempotency key sent again for another endpoint, item or quantity (409). */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** Payments: another payment of the organization is still being processed after waiting for it (409). */
  paymentInProgress: 'PAYMENT_IN_PROGRESS',
  /** Payments: the gateway or the database failed after the payment was recorded; the repair job settles it (503). */
  paymentNotConfirmed: 'PAYMENT_NOT_CONFIRMED',
  /** Payments: the key's payment ended without completing (refunded); a new purchase needs a new key (409). */
  paymentNotCompleted: 'PAYMENT_NOT_COMPLETED',
  /** Usage past the quota that the wallet cannot pay (402). */
  insufficientCredits: 'INSUFFICIENT_CREDITS',
  internal: 'INTERNAL',
  /** Client only: no answer came back at all (offline, server down, timeout); status 0. */
  network: 'NETWORK',
  /** Client only: the API answered success with a body that does not match the contract (a version mismatch). */
  invalidResponse: 'INVALID_RESPONSE',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

export interface ErrorDefinition {
  /** The HTTP status the API answers with this code (0: no answer, client only). */
  status: number;
  /**
   * The message the API sends unless a more specific one of the same meaning is given (which card was declined,
   * which field is invalid, which tool is not configured), and the one the client shows for the code when the
   * server's text is not a known message.
   */
  message: string;
}

/**
 * Every error code, its status and its message, declared once (docs/decisions/0023): the API's errors are made
 * from it by code, and the client's messages fall back to it. Texts come from the spec's catalogue and
 * `@dcipher/shared/validation` messages.
 */
export const errorDefinitions: Readonly<Record<ErrorCode, ErrorDefinition>> = {
  VALIDATION_FAILED: { status: 400, message: invalidRequestMessage },
  INVALID_CREDENTIALS: { status: 401, message: errorCatalogue.invalidEmailOrPassword },
  EMAIL_NOT_VERIFIED: { status: 403, message: errorCatalogue.emailNotVerified },
  UNAUTHORIZED: { status: 401, message: unauthorizedMessage },
  INVALID_REFRESH_TOKEN: { status: 401, message: sessionEndedMessage },
  REFRESH_TOKEN_REUSED: { status: 401, message: sessionEndedMessage },
  NOT_FOUND: { status: 404, message: errorCatalogue.notFound },
  VERIFICATION_FAILED: { status: 400, message: errorCatalogue.emailVerificationFailed },
  VERIFICATION_LINK_EXPIRED: { status: 400, message: errorCatalogue.emailVerificationExpired },
  TOO_MANY_REQUESTS: { status: 429, message: tooManyRequestsMessage },
  RESET_LINK_EXPIRED: { status: 400, message: errorCatalogue.resetLinkExpired },
  RESET_LINK_INVALID: { status: 400, message: errorCatalogue.resetLinkInvalid },
  PASSWORD_CHANGE_REQUIRED: { status: 403, message: errorCatalogue.passwordExpired },
  TWO_STEP_SETUP_REQUIRED: { status: 403, message: organizationSettingsMessages.twoStepSetupRequired },
  FORBIDDEN: { status: 403, message: forbiddenMessage },
  CARD_DECLINED: { status: 402, message: paymentMessages.cardDeclined },
  ACCOUNT_SUSPENDED: { status: 403, message: errorCatalogue.accountSuspended },
  TRIAL_REACTIVATION_FAILED: { status: 400, message: errorCatalogue.trialReactivationFailed },
  SUBSCRIPTION_ALREADY_ACTIVE: { status: 409, message: subscriptionAlreadyActiveMessage },
  INTEGRATION_NOT_CONFIGURED: { status: 503, message: 'This tool is not configured on this server.' },
  INTEGRATION_CODE_REJECTED: {
    status: 400,
    message: 'The tool did not accept the authorization code. Connect it again.',
  },
  INTEGRATION_UNAVAILABLE: {
    status: 502,
    message: 'The tool could not be reached. Try again in a few minutes.',
  },
  ACCOUNT_EXISTS: { status: 409, message: invitationMessages.alreadyHasAccount },
  INVITATION_PENDING: { status: 409, message: invitationMessages.alreadyInvited },
  INVITATION_INVALID: { status: 404, message: invitationMessages.invalid },
  INVITATION_EXPIRED: { status: 410, message: invitationMessages.expired },
  INVITATION_ALREADY_ACCEPTED: { status: 409, message: invitationMessages.alreadyAccepted },
  INVITATION_STILL_VALID: { status: 409, message: invitationMessages.stillValid },
  INVITATION_FOR_EXISTING_ACCOUNT: { status: 409, message: invitationMessages.forExistingAccount },
  INVITATION_OFFER_NOT_FOUND: { status: 404, message: invitationMessages.offerNotFound },
  ORGANIZATION_HAS_OTHER_MEMBERS: { status: 409, message: invitationMessages.organizationHasOtherMembers },
  UNSUBSCRIBE_LINK_INVALID: { status: 403, message: marketingEmailMessages.unsubscribeLinkInvalid },
  SSO_NOT_SET_UP: { status: 404, message: ssoMessages.notSetUp },
  IDENTITY_PROVIDER_UNREACHABLE: {
    status: 400,
    message: 'We could not reach the identity provider. Check the address and try again.',
  },
  EMAIL_DOMAIN_TAKEN: {
    status: 409,
    message: 'An email domain already uses single sign-on with another organization.',
  },
  DOMAIN_VERIFICATION_FAILED: {
    status: 400,
    message: 'We could not verify the domain. Check its TXT record and try again.',
  },
  SSO_REQUIRED: { status: 403, message: ssoMessages.ssoRequired },
  API_KEY_INVALID: { status: 401, message: ssoMessages.apiKeyInvalid },
  SSO_ATTEMPT_INVALID: { status: 400, message: ssoMessages.attemptInvalid },
  SSO_FAILED: { status: 400, message: ssoMessages.identityProviderFailed },
  LAST_ADMIN: {
    status: 409,
    message:
      'You are the last admin of your organization: make another member an admin first, or delete the organization.',
  },
  DELETION_NOT_CONFIRMED: { status: 400, message: accountMessages.confirmEmailMismatch },
  TWO_FACTOR_CHALLENGE_INVALID: { status: 401, message: accountSecurityMessages.challengeInvalid },
  TWO_FACTOR_CODE_INVALID: { status: 400, message: accountSecurityMessages.codeIncorrect },
  TWO_FACTOR_STATE_CONFLICT: { status: 409, message: accountSecurityMessages.alreadyEnabled },
  NO_PAYMENT_METHOD: { status: 409, message: billingMessages.noPaymentMethod },
  PLAN_NOT_AVAILABLE: { status: 404, message: billingMessages.planNotAvailable },
  PROMO_CODE_INVALID: { status: 400, message: billingMessages.promoCodeInvalid },
  SUBSCRIPTION_CONFLICT: { status: 409, message: billingMessages.alreadySubscribed },
  CARD_REQUIRED: { status: 409, message: billingMessages.lastCardOfPaidPlan },
  INSUFFICIENT_CREDITS: { status: 402, message: billingMessages.insufficientCredits },
  IDEMPOTENCY_KEY_REUSED: { status: 409, message: billingMessages.idempotencyKeyReused },
  PAYMENT_IN_PROGRESS: { status: 409, message: billingMessages.paymentInProgress },
  PAYMENT_NOT_CONFIRMED: { status: 503, message: billingMessages.paymentNotConfirmed },
  PAYMENT_NOT_COMPLETED: { status: 409, message: billingMessages.paymentNotCompleted },
  INTERNAL: { status: 500, message: errorCatalogue.serverError },
  NETWORK: { status: 0, message: networkErrorMessage },
  INVALID_RESPONSE: { status: 0, message: errorCatalogue.serverError },
};

/** Whether an answer's `code` is one this contract declares (a newer API may send others). */
export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(errorDefinitions, code);
