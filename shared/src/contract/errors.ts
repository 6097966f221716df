import * as v from 'valibot';
import { businessFeatureMessage, organizationFeatures } from '../domain/entitlements.js';
import { permissionActions, permissionResources } from '../domain/enumerations.js';
import { type EndpointPermission, missingFeature, type PermissionSubject } from '../domain/permissions.js';
import {
  accountMessages,
  accountSecurityMessages,
  billingMessages,
  disallowedCharacterMessage,
  domainVerificationFailed,
  emailChangeMessages,
  errorCatalogue,
  forbiddenMessage,
  identityProviderUnreachable,
  integrationMessages,
  integrationNames,
  internalAdminOnlyMessage,
  invalidRequestMessage,
  invitationMessages,
  lastAdminMessage,
  marketingEmailMessages,
  memberMessages,
  networkErrorMessage,
  organizationSettingsMessages,
  paymentMessages,
  permissionDenied,
  rolesMessages,
  sessionEndedMessage,
  signedInOnlyMessage,
  ssoDomainVerifiedElsewhere,
  ssoEmailDomainTaken,
  ssoMessages,
  subscriptionAlreadyActiveMessage,
  tooManyRequestsMessage,
  tooManySignInAttempts,
  unauthorizedMessage,
  validationMessages,
  webhookMessages,
  workflowMessages,
} from '../validation/messages.js';

/**
 * The one error shape every API error answer has. `message` is the catalogue's text for `code` and `params`
 * (rendered by `errorMessage`, the same function the client uses), for callers that only read text; the browser
 * never shows it. `params` are the code's declared parameters; `issues` name the fields the error is about.
 */
export const ErrorBodySchema = v.object({
  statusCode: v.number(),
  error: v.string(),
  message: v.string(),
  code: v.optional(v.string()),
  params: v.optional(v.unknown()),
  issues: v.optional(v.record(v.string(), v.string())),
  /** The request's id, as in the API's log line and the `X-Request-Id` header (docs/decisions/0063). */
  requestId: v.optional(v.string()),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

/**
 * One error code's catalogue entry: the status the API answers with it, the parameters it carries (a valibot
 * schema; none when absent) and the message, a function of those parameters. Both sides render the text with it:
 * the API into the body's `message`, the client into `ApiError.message`.
 */
export interface ErrorDefinition {
  /** The HTTP status the API answers with this code (0: no answer, client only). */
  status: number;
  params?: v.GenericSchema;
  message: (params: never) => string;
}

type UntypedDefinition = { params?: v.GenericSchema; message: (params: unknown) => string };
const definitionOf = (code: ErrorCode) => errorDefinitions[code] as unknown as UntypedDefinition;

/** A code whose message never changes. */
const fixed = (status: number, text: string) => ({ status, message: () => text }) as const;

/** A code whose message is a function of declared parameters. */
const withParams = <const TSchema extends v.GenericSchema>(
  status: number,
  params: TSchema,
  message: (params: v.InferOutput<TSchema>) => string,
) => ({ status, params, message }) as const;

type Keys<TTexts extends object> = [keyof TTexts & string, ...(keyof TTexts & string)[]];

/** A code that says one of several fixed things, chosen by the `reason` parameter (required). */
const byReason = <const TTexts extends Record<string, string>>(status: number, texts: TTexts) =>
  withParams(
    status,
    v.object({ reason: v.picklist(Object.keys(texts) as Keys<TTexts>) }),
    ({ reason }) => texts[reason] as string,
  );

/** A code with a general text, or a more specific one when the answer names a `reason`. */
const byReasonOr = <const TTexts extends Record<string, string>>(
  status: number,
  general: string,
  texts: TTexts,
) =>
  withParams(
    status,
    v.optional(v.object({ reason: v.picklist(Object.keys(texts) as Keys<TTexts>) })),
    (params) => (params ? (texts[params.reason] as string) : general),
  );

const integration = v.picklist(integrationNames);
const wholeNumber = v.pipe(v.number(), v.integer(), v.minValue(0));
/** A value from the request or the database shown inside a message: one line, bounded. */
const shownText = v.pipe(v.string(), v.minLength(1), v.maxLength(320), v.regex(/^[^\n\r]*$/));

/** Rules the API checks beyond the endpoint's schemas (they need the database or a secret), with their texts. */
export const validationReasons = {
  bodyNotObject: 'The request body must be a JSON object',
  invalidJson: 'The request body is not valid JSON',
  emptyBody: 'The request body is empty; send a JSON object',
  notJson: 'The request body must be sent as JSON (Content-Type: application/json)',
  contentLengthMismatch: 'The request body does not match its Content-Length',
  disallowedCharacter: disallowedCharacterMessage,
  required: validationMessages.required,
  captcha: validationMessages.captcha,
  noPassword: accountSecurityMessages.noPassword,
  currentPasswordIncorrect: errorCatalogue.currentPasswordIncorrect,
  newPasswordSameAsCurrent: validationMessages.newPasswordSameAsCurrent,
  sameEmailAsCurrent: emailChangeMessages.sameAsCurrent,
  invalidPaymentMethod: paymentMessages.invalidPaymentMethod,
  webhookSignature: 'The webhook signature is missing or does not match.',
  tooManyApiKeys: ssoMessages.tooManyApiKeys,
  notAMember: rolesMessages.notAMember,
  guestCannotOwn: 'A guest cannot own a resource',
  ownerRole: rolesMessages.ownerRole,
  grantableRole: rolesMessages.grantableRole,
  noPayAsYouGoPrice: 'This usage category has no pay-as-you-go price.',
  cannotSuspendYourself: 'You cannot suspend your own account.',
  httpsRequired: ssoMessages.httpsRequired,
  vatNumberNotRegistered: paymentMessages.vatNumberNotRegistered,
  addressRefused: ssoMessages.addressRefused,
  activityDateRange: organizationSettingsMessages.activityDateRange,
  webhookHttpsRequired: webhookMessages.httpsRequired,
  webhookAddressRefused: webhookMessages.addressRefused,
  tooManyWebhookEndpoints: webhookMessages.tooManyEndpoints,
} as const;
export type ValidationReason = keyof typeof validationReasons;

const notFoundReasons = {
  paymentMethod: paymentMessages.notFound,
  billingDetails: 'Your organization has no billing details yet: add a card or set them.',
  invoice: 'There is no such invoice in your organization.',
  walletPackage: 'This package is not on sale. Choose one of the packages shown.',
  organization: 'There is no organization with this id.',
  session: accountSecurityMessages.sessionNotFound,
  apiKey: ssoMessages.apiKeyNotFound,
  member: memberMessages.notFound,
  pendingInvitee: memberMessages.noPendingInvitation,
  pendingInvitation: invitationMessages.noPendingInvitation,
  resource: rolesMessages.resourceNotFound,
  user: 'No user has this email address.',
  ssoConfig: ssoMessages.configNotFound,
  ssoDomain: ssoMessages.domainNotClaimed,
  flow: workflowMessages.flowNotFound,
  run: workflowMessages.runNotFound,
  upload: workflowMessages.uploadNotFound,
  resultFile: workflowMessages.fileNotFound,
  webhookEndpoint: webhookMessages.endpointNotFound,
} as const;

const forbiddenReasons = {
  internalAdminOnly: internalAdminOnlyMessage,
  signedInOnly: signedInOnlyMessage,
  apiKeyNotAllowed: ssoMessages.apiKeyNotAllowed,
  ssoEmailNotVerified: ssoMessages.emailNotVerified,
  ssoEmailOutsideDomains: ssoMessages.emailOutsideDomains,
  ssoOtherOrganization: ssoMessages.otherOrganization,
} as const;

const domainProblems = {
  noRecord: (recordName: string, _dnsCode?: string) => `there is no TXT record at ${recordName} yet.`,
  dnsTimeout: () => 'the DNS servers did not answer in time.',
  lookupFailed: (_recordName: string, dnsCode?: string) =>
    `the DNS lookup failed (${dnsCode ?? 'unknown error'}).`,
  wrongToken: (recordName: string) =>
    `the TXT record at ${recordName} does not hold this organization's token.`,
} as const;
export type DomainVerificationProblem = keyof typeof domainProblems;

/**
 * Every error code with its status, parameters and message, declared once (docs/decisions/0023, 0058): the API's
 * errors are made from it by code, and the client renders its messages from it, never from the server's text.
 * Texts are the spec's catalogue (section 8) and `@dcipher/shared/validation` messages. Adding a code is one entry
 * here (its camel-case name in `errorCodes` follows) and its name in the `errors` of the endpoints that answer it.
 */
export const errorDefinitions = {
  /** The request did not match the endpoint's schemas (`issues` per field) or a rule the API checks itself. */
  VALIDATION_FAILED: byReasonOr(400, invalidRequestMessage, validationReasons),
  INVALID_CREDENTIALS: fixed(401, errorCatalogue.invalidEmailOrPassword),
  /** Right password, but the address was never confirmed: the login screen offers to send the link again. */
  EMAIL_NOT_VERIFIED: fixed(403, errorCatalogue.emailNotVerified),
  UNAUTHORIZED: fixed(401, unauthorizedMessage),
  INVALID_REFRESH_TOKEN: fixed(401, sessionEndedMessage),
  REFRESH_TOKEN_REUSED: fixed(401, sessionEndedMessage),
  /** Nothing of that id here; `reason` says what was not found. */
  NOT_FOUND: withParams(
    404,
    v.optional(
      v.variant('reason', [
        v.object({ reason: v.picklist(Object.keys(notFoundReasons) as Keys<typeof notFoundReasons>) }),
        v.object({ reason: v.literal('integrationToken'), integration }),
      ]),
    ),
    (params) =>
      !params
        ? errorCatalogue.notFound
        : params.reason === 'integrationToken'
          ? integrationMessages.noSavedToken(params.integration)
          : notFoundReasons[params.reason],
  ),
  /** The email verification token is unknown, already used or malformed. */
  VERIFICATION_FAILED: fixed(400, errorCatalogue.emailVerificationFailed),
  /** The email verification link is older than 24 hours: the screen offers a new one. */
  VERIFICATION_LINK_EXPIRED: fixed(400, errorCatalogue.emailVerificationExpired),
  /** Over a rate limit (`Retry-After` says how long), or sign-in attempts of one account delayed (0029). */
  TOO_MANY_REQUESTS: withParams(
    429,
    v.optional(v.object({ reason: v.literal('signInAttempts'), waitSeconds: wholeNumber })),
    (params) => (params ? tooManySignInAttempts(params.waitSeconds) : tooManyRequestsMessage),
  ),
  /** The password reset link is older than 1 hour: the page offers to ask for a new one. */
  RESET_LINK_EXPIRED: fixed(400, errorCatalogue.resetLinkExpired),
  /** The password reset link is unknown, already used or replaced by a newer one. */
  RESET_LINK_INVALID: fixed(400, errorCatalogue.resetLinkInvalid),
  /** The user's password has expired: only changing it, signing out and reading the account are allowed. */
  PASSWORD_CHANGE_REQUIRED: fixed(403, errorCatalogue.passwordExpired),
  /** The organization requires two-step verification and the caller has not set it up (403). */
  TWO_STEP_SETUP_REQUIRED: fixed(403, organizationSettingsMessages.twoStepSetupRequired),
  /** Signed in, but not allowed: the permission policy's refusal (which action on what) or a named reason. */
  FORBIDDEN: withParams(
    403,
    v.optional(
      v.variant('reason', [
        v.object({
          reason: v.literal('permission'),
          action: v.picklist(permissionActions),
          resource: v.picklist(permissionResources),
        }),
        v.object({ reason: v.literal('resourcePermission'), action: v.picklist(permissionActions) }),
        // An organization-only call from an Individual account (docs/decisions/0085).
        v.object({ reason: v.literal('businessFeature'), feature: v.picklist(organizationFeatures) }),
        v.object({ reason: v.literal('otherUsersIntegrationTokens'), integration }),
        v.object({ reason: v.picklist(Object.keys(forbiddenReasons) as Keys<typeof forbiddenReasons>) }),
      ]),
    ),
    (params) => {
      if (!params) return forbiddenMessage;
      switch (params.reason) {
        case 'permission':
          return permissionDenied(params.action, params.resource);
        case 'resourcePermission':
          return `You do not have permission to ${params.action} this resource.`;
        case 'businessFeature':
          return businessFeatureMessage(params.feature);
        case 'otherUsersIntegrationTokens':
          return integrationMessages.onlyOwnTokens(params.integration);
        default:
          return forbiddenReasons[params.reason];
      }
    },
  ),
  /** The payment gateway refused the card (402); `reason` says why in the customer's words. */
  CARD_DECLINED: byReasonOr(402, paymentMessages.cardDeclined, {
    card_declined: paymentMessages.cardDeclined,
    insufficient_funds: paymentMessages.insufficientFunds,
    authentication_required: paymentMessages.authenticationRequired,
  }),
  /** Right password, but an internal admin suspended the account: the screen says to contact support. */
  ACCOUNT_SUSPENDED: fixed(403, errorCatalogue.accountSuspended),
  /** The trial reactivation link is unknown, already used, expired or malformed. */
  TRIAL_REACTIVATION_FAILED: fixed(400, errorCatalogue.trialReactivationFailed),
  /** A trial reactivation link was opened while the organization's subscription or trial is still active. */
  SUBSCRIPTION_ALREADY_ACTIVE: fixed(409, subscriptionAlreadyActiveMessage),
  /** Miro or SurveyMonkey is not set up on this server (503): its client id, secret and redirect URI are missing. */
  INTEGRATION_NOT_CONFIGURED: withParams(503, v.optional(v.object({ integration })), (params) =>
    params
      ? integrationMessages.notConfigured(params.integration)
      : 'This tool is not configured on this server.',
  ),
  /** Miro or SurveyMonkey refused the authorization code (400): the user connects the tool again. */
  INTEGRATION_CODE_REJECTED: withParams(400, v.optional(v.object({ integration })), (params) =>
    params
      ? integrationMessages.codeRejected(params.integration)
      : 'The tool did not accept the authorization code. Connect it again.',
  ),
  /** Miro or SurveyMonkey did not answer usably (502): a network failure, a timeout or their server's error. */
  INTEGRATION_UNAVAILABLE: withParams(502, v.optional(v.object({ integration })), (params) =>
    params
      ? integrationMessages.unavailable(params.integration)
      : 'The tool could not be reached. Try again in a few minutes.',
  ),
  /** Invitations (0019): the address already has an account, or another organization invited it. */
  ACCOUNT_EXISTS: byReasonOr(409, invitationMessages.alreadyHasAccount, {
    invitedByAnotherOrganization: invitationMessages.invitedByAnotherOrganization,
  }),
  /** Invitations: the address is already invited to this organization and not yet accepted; resend instead. */
  INVITATION_PENDING: fixed(409, invitationMessages.alreadyInvited),
  /** The invitation token is unknown, replaced by a newer one, or malformed. */
  INVITATION_INVALID: fixed(404, invitationMessages.invalid),
  /** The invitation is older than its 7 days: the page offers to ask the inviter for a new one. */
  INVITATION_EXPIRED: fixed(410, invitationMessages.expired),
  /** The invitation was accepted already: the page offers to log in. */
  INVITATION_ALREADY_ACCEPTED: fixed(409, invitationMessages.alreadyAccepted),
  /** A new invitation was asked for while the current one still works. */
  INVITATION_STILL_VALID: fixed(409, invitationMessages.stillValid),
  /** The invitee has signed up on their own since: they accept signed in, from the account area (0035). */
  INVITATION_FOR_EXISTING_ACCOUNT: fixed(409, invitationMessages.forExistingAccount),
  /** No open invitation of that id is held out to the signed-in user (theirs, unaccepted). */
  INVITATION_OFFER_NOT_FOUND: fixed(404, invitationMessages.offerNotFound),
  /** Joining another organization while others still belong to one's own. */
  ORGANIZATION_HAS_OTHER_MEMBERS: fixed(409, invitationMessages.organizationHasOtherMembers),
  /** The unsubscribe link's token does not belong to its address (forged, or copied incompletely). */
  UNSUBSCRIBE_LINK_INVALID: fixed(403, marketingEmailMessages.unsubscribeLinkInvalid),
  /** SSO (0020): no organization has set up single sign-on for the email's domain (404). */
  SSO_NOT_SET_UP: fixed(404, ssoMessages.notSetUp),
  /** SSO: the issuer's discovery document could not be fetched when saving a configuration (400). */
  IDENTITY_PROVIDER_UNREACHABLE: withParams(400, v.optional(v.object({ issuerUrl: shownText })), (params) =>
    params
      ? identityProviderUnreachable(params.issuerUrl)
      : 'We could not reach the identity provider. Check the address and try again.',
  ),
  /** SSO: an email domain of the configuration is another organization's (409). */
  EMAIL_DOMAIN_TAKEN: withParams(
    409,
    v.optional(
      v.object({ reason: v.picklist(['configuredElsewhere', 'verifiedElsewhere']), domain: shownText }),
    ),
    (params) =>
      !params
        ? 'An email domain already uses single sign-on with another organization.'
        : params.reason === 'configuredElsewhere'
          ? ssoEmailDomainTaken(params.domain)
          : ssoDomainVerifiedElsewhere(params.domain),
  ),
  /** SSO (0036): the domain's TXT record was not found or did not hold the token (400). */
  DOMAIN_VERIFICATION_FAILED: withParams(
    400,
    v.optional(
      v.object({
        recordName: shownText,
        problem: v.picklist(Object.keys(domainProblems) as Keys<typeof domainProblems>),
        dnsCode: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9_]{1,40}$/))),
      }),
    ),
    (params) =>
      params
        ? domainVerificationFailed(
            params.recordName,
            domainProblems[params.problem](params.recordName, params.dnsCode),
          )
        : 'We could not verify the domain. Check its TXT record and try again.',
  ),
  /** Password sign-in of a member whose organization requires single sign-on for their domain (403). */
  SSO_REQUIRED: fixed(403, ssoMessages.ssoRequired),
  /** API keys (0037): the key is unknown, revoked or rotated away (401). */
  API_KEY_INVALID: fixed(401, ssoMessages.apiKeyInvalid),
  /** SSO callback: the state is unknown, already used or older than 10 minutes; start again (400). */
  SSO_ATTEMPT_INVALID: fixed(400, ssoMessages.attemptInvalid),
  /** SSO callback: the identity provider refused, or its answer did not verify (400). */
  SSO_FAILED: fixed(400, ssoMessages.identityProviderFailed),
  /**
   * The change would leave the organization without an admin (409): deleting the last admin's account while others
   * remain (hand admin over first), or changing or removing the last admin.
   */
  LAST_ADMIN: withParams(
    409,
    v.optional(
      v.variant('reason', [
        v.object({ reason: v.literal('accountDeletion'), organizationName: shownText }),
        v.object({ reason: v.literal('memberChange') }),
      ]),
    ),
    (params) =>
      params?.reason === 'accountDeletion'
        ? lastAdminMessage(params.organizationName)
        : params?.reason === 'memberChange'
          ? memberMessages.lastAdmin
          : 'You are the last admin of your organization: make another member an admin first, or delete the organization.',
  ),
  /** DELETE /account or /organization: the typed email or name does not match (400); `reason` is the field. */
  DELETION_NOT_CONFIRMED: byReasonOr(400, accountMessages.confirmEmailMismatch, {
    confirmEmail: accountMessages.confirmEmailMismatch,
    confirmName: accountMessages.confirmNameMismatch,
  }),
  /** Two-step sign-in (0025): the challenge is unknown, used, older than 5 minutes or out of tries (401). */
  TWO_FACTOR_CHALLENGE_INVALID: fixed(401, accountSecurityMessages.challengeInvalid),
  /** Two-step sign-in or setup: the authenticator or recovery code is wrong, used or replayed (400). */
  TWO_FACTOR_CODE_INVALID: byReasonOr(400, accountSecurityMessages.codeIncorrect, {
    code: accountSecurityMessages.codeIncorrect,
    recoveryCode: accountSecurityMessages.recoveryCodeIncorrect,
  }),
  /**
   * Two-step verification is already on (setup, enable), not on (disable), its setup was not begun, or an admin
   * requires it of the organization without having it (409).
   */
  TWO_FACTOR_STATE_CONFLICT: byReason(409, {
    alreadyEnabled: accountSecurityMessages.alreadyEnabled,
    notEnabled: accountSecurityMessages.notEnabled,
    setupMissing: accountSecurityMessages.setupMissing,
    requiredOfAdminFirst: organizationSettingsMessages.twoStepRequiredOfAdminFirst,
  }),
  /** Billing (0039): a plan is chosen before a card was added. */
  NO_PAYMENT_METHOD: fixed(409, billingMessages.noPaymentMethod),
  /** Billing: the plan is unknown, retired, priced on request, or not for the organization's customer type. */
  PLAN_NOT_AVAILABLE: byReasonOr(404, billingMessages.planNotAvailable, {
    customerTypeMismatch: billingMessages.customerTypeMismatch,
  }),
  /** Billing: the promo code is unknown, expired, used up or not for this plan (400 on `promoCode`). */
  PROMO_CODE_INVALID: byReasonOr(400, billingMessages.promoCodeInvalid, {
    expired: billingMessages.promoCodeExpired,
    usedUp: billingMessages.promoCodeUsedUp,
    notForPlan: billingMessages.promoCodeNotForPlan,
    alreadyUsed: billingMessages.promoCodeAlreadyUsed,
    firstPlanOnly: billingMessages.promoCodeFirstPlanOnly,
  }),
  /** Billing: a subscription exists already (start) or not yet (change, cancel, add-ons), or nothing is due. */
  SUBSCRIPTION_CONFLICT: byReason(409, {
    alreadySubscribed: billingMessages.alreadySubscribed,
    notSubscribed: billingMessages.notSubscribed,
    nothingToPay: billingMessages.nothingToPay,
    noPlanForAddOn: 'Add-ons add to a paid plan: choose a plan first.',
    noTrialPlan: billingMessages.noTrialPlan,
  }),
  /** Billing: the last card cannot go while a paid plan is running (409). */
  CARD_REQUIRED: fixed(409, billingMessages.lastCardOfPaidPlan),
  /** Payments (0055): an idempotency key sent again for another endpoint, item or quantity (409). */
  IDEMPOTENCY_KEY_REUSED: fixed(409, billingMessages.idempotencyKeyReused),
  /** Payments: another payment of the organization is still being processed after waiting for it (409). */
  PAYMENT_IN_PROGRESS: fixed(409, billingMessages.paymentInProgress),
  /** Payments: the gateway or the database failed after the payment was recorded; the repair job settles it (503). */
  PAYMENT_NOT_CONFIRMED: fixed(503, billingMessages.paymentNotConfirmed),
  /** Payments: the key's payment ended without completing (refunded); a new purchase needs a new key (409). */
  PAYMENT_NOT_COMPLETED: fixed(409, billingMessages.paymentNotCompleted),
  /** Billing details: the VAT number service (VIES, `VAT_VALIDATION=vies`) did not answer; try later (503). */
  VAT_CHECK_UNAVAILABLE: fixed(503, paymentMessages.vatNumberCheckUnavailable),
  /** Usage past the quota that the wallet cannot pay (402). */
  INSUFFICIENT_CREDITS: withParams(
    402,
    v.optional(v.object({ needed: wholeNumber, balance: v.number() })),
    (params) =>
      params
        ? `This needs ${params.needed} credits and your wallet has ${params.balance}. Buy credits to go on.`
        : billingMessages.insufficientCredits,
  ),
  /** Workflows (0071): another flow of the organization has this name already (409). */
  FLOW_NAME_TAKEN: fixed(409, workflowMessages.nameTaken),
  /** Workflows: the plan's custom workflow quota is used up (402); `limit` is the plan's number. */
  FLOW_QUOTA_REACHED: withParams(402, v.optional(v.object({ limit: wholeNumber })), (params) =>
    params ? workflowMessages.quotaReached(params.limit) : workflowMessages.quotaReached(0),
  ),
  /** Workflows: the flow cannot run or change now; `reason` says why (409). */
  FLOW_CONFLICT: byReason(409, {
    runInProgress: workflowMessages.runInProgress,
    /** Anonymous callers of a public flow that its organization cannot pay for now: nothing about its wallet. */
    cannotRunNow: workflowMessages.cannotRunNow,
    archived: workflowMessages.archived,
    notScheduled: workflowMessages.notScheduled,
    alreadyPaused: workflowMessages.alreadyPaused,
    notPaused: workflowMessages.notPaused,
    runNotFinished: workflowMessages.runNotFinished,
    uploadInUse: workflowMessages.uploadInUse,
  }),
  /** Workflows: an uploaded file cannot be used; `reason` says why (400, also when it streams past the largest file). */
  UPLOAD_REJECTED: byReasonOr(400, workflowMessages.uploadUnreadable, {
    format: workflowMessages.uploadFormat,
    tooLarge: workflowMessages.uploadTooLarge,
    unreadable: workflowMessages.uploadUnreadable,
    empty: workflowMessages.uploadEmpty,
    notMultipart: workflowMessages.uploadNotMultipart,
    expandsTooMuch: workflowMessages.uploadExpandsTooMuch,
    tooComplex: workflowMessages.uploadTooComplex,
  }),
  /** Workflows: an RSS feed or page could not be fetched or read; `reason` says why (422). */
  SOURCE_UNREACHABLE: byReasonOr(422, workflowMessages.sourceUnreachable, {
    blocked: workflowMessages.sourceBlocked,
    notFeed: workflowMessages.sourceNotFeed,
    unreachable: workflowMessages.sourceUnreachable,
    timeout: workflowMessages.sourceTimeout,
    invalidUrl: workflowMessages.sourceInvalidUrl,
  }),
  /** Readiness (0075): this process should not be sent requests now; `reason` says why (503). */
  NOT_READY: byReason(503, {
    shuttingDown: 'This API process is shutting down.',
    database: 'The database cannot be reached.',
    migrations: 'The database schema is behind this version of the API: its migrations have not run.',
  }),
  INTERNAL: fixed(500, errorCatalogue.serverError),
  /** Client only: no answer came back at all (offline, server down, timeout); status 0. */
  NETWORK: fixed(0, networkErrorMessage),
  /** Client only: the API answered success with a body that does not match the contract (a version mismatch). */
  INVALID_RESPONSE: fixed(0, errorCatalogue.serverError),
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof errorDefinitions;

type CamelCase<TCode extends string> = TCode extends `${infer Head}_${infer Tail}`
  ? `${Lowercase<Head>}${Capitalize<CamelCase<Tail>>}`
  : Lowercase<TCode>;

const camelCase = (code: string) =>
  code.toLowerCase().replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** Names for the codes in code (`errorCodes.lastAdmin === 'LAST_ADMIN'`), derived from the definitions. */
export const errorCodes = Object.fromEntries(
  Object.keys(errorDefinitions).map((code) => [camelCase(code), code]),
) as { readonly [TCode in ErrorCode as CamelCase<TCode>]: TCode };

/** The parameters an error code carries (`undefined` when it has none or they are optional and left out). */
export type ErrorParams<TCode extends ErrorCode> = TCode extends ErrorCode
  ? (typeof errorDefinitions)[TCode] extends { params: infer TSchema extends v.GenericSchema }
    ? v.InferInput<TSchema>
    : undefined
  : never;

/** Whether an answer's `code` is one this contract declares (a newer API may send others). */
export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(errorDefinitions, code);

/** Whether `params` are what `code` declares (nothing, for a code without parameters). */
export function hasValidErrorParams(code: ErrorCode, params: unknown): boolean {
  const definition = definitionOf(code);
  return definition.params ? v.safeParse(definition.params, params).success : params === undefined;
}

/**
 * The catalogue's text for a code and its parameters: what the API puts in `message` and what the client shows.
 * Parameters that do not match the code's declaration (a newer API's reason) give "Server error".
 */
export function errorMessage<TCode extends ErrorCode>(code: TCode, params?: ErrorParams<TCode>): string;
export function errorMessage(code: ErrorCode, params?: unknown): string {
  const definition = definitionOf(code);
  if (!definition.params)
    return params === undefined ? definition.message(undefined) : errorCatalogue.serverError;
  const parsed = v.safeParse(definition.params, params);
  return parsed.success ? definition.message(parsed.output) : errorCatalogue.serverError;
}

/** The status the API answers with a code. */
export const errorStatus = (code: ErrorCode): number => errorDefinitions[code].status;

/**
 * The refusal the permission policy gives a caller an endpoint's permission does not let through (0022): the
 * organization feature the caller's account lacks (0085), else the action on the resource.
 */
export function permissionRefusal(
  permission: EndpointPermission,
  subject?: PermissionSubject,
): NonNullable<ErrorParams<'FORBIDDEN'>> {
  const feature = subject ? missingFeature(subject, permission) : undefined;
  if (feature) return { reason: 'businessFeature', feature };
  if (permission === 'internal-admin') return { reason: 'internalAdminOnly' };
  if (permission === 'signed-in') return { reason: 'signedInOnly' };
  return { reason: 'permission', action: permission.action, resource: permission.resource };
}

/** Codes every endpoint may answer, declared once: a malformed request, a rate limit, a failure of ours. */
export const everyEndpointErrorCodes = [
  'VALIDATION_FAILED',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
] as const satisfies readonly ErrorCode[];

/** Codes every bearer endpoint may answer besides: no valid token, the policy's refusal, a blocked account state. */
export const bearerEndpointErrorCodes = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'PASSWORD_CHANGE_REQUIRED',
  'TWO_STEP_SETUP_REQUIRED',
] as const satisfies readonly ErrorCode[];
