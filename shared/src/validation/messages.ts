import type { PermissionAction, PermissionResource } from '../domain/enumerations.js';
import { type EndpointPermission, permissionResourceLabels } from '../domain/permissions.js';

// The user-facing messages of product-spec sections 5 and 8, word for word. `{0}` placeholders become arguments.

export const validationMessages = {
  required: 'This field is required',
  invalidEmail: 'Please enter a valid email address',
  invalidUrl: 'URL is not valid',
  invalidCardNumber: 'Invalid Card Number',
  invalidCvc: 'Invalid CVC Number',
  invalidExpiry: 'Invalid Expire Date',
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordSameAsCurrent: 'New password must be different than the current password',
  passwordRequiresNumber: 'Password requires a number',
  passwordRequiresLowercase: 'Password requires a lowercase letter',
  passwordRequiresUppercase: 'Password requires an uppercase letter',
  passwordRequiresSymbol: 'Password requires a symbol',
  captcha: 'Please verify that you are a human',
} as const;

export const tooLong = (max: number) => `Your input exceeds the maximum allowed length of ${max} characters`;
export const passwordTooShort = (min: number) => `Password must contain at least ${min} characters`;
export const passwordTooLong = (max: number) => `Password must contain at most ${max} characters`;

export const errorCatalogue = {
  invalidUsernamePassword: 'Invalid username/password combination',
  invalidEmail: 'Invalid email',
  emailNotVerified: 'Email is not verified',
  invalidEmailOrPassword: 'Invalid email or password',
  accountSuspended: 'Your account has been suspended due to unusual activity. Please contact support.',
  serverError: 'Server error',
  emailVerificationFailed: 'Unexpected error while validating email',
  emailVerificationExpired: 'The verification link has expired. We can send you a new one.',
  trialReactivationFailed: 'Unexpected error while reactivating your free trial',
  notFound: 'Sorry, the page you are looking for cannot be found.',
  maintenance: 'Scheduled maintenance in progress. We will be back in a couple of hours.',
  passwordExpired: 'Your password has expired. Set a new one.',
  // Password recovery and change: not in the spec, which shows no texts for them.
  resetLinkExpired: 'This password reset link has expired. Ask for a new one.',
  resetLinkInvalid: 'This password reset link is not valid any more. Ask for a new one.',
  currentPasswordIncorrect: 'The current password is not correct.',
} as const;

/**
 * Default texts of the API's generic error codes (see the contract's `errorDefinitions`); the spec has none.
 * An answer normally carries a more specific message (the field's, the permission's).
 */
/** A field whose value has the wrong type or shape, where the schema has no message of its own. */
export const invalidValueMessage = 'This value is not valid';
/** A text field holding a NUL character, which no text of ours may contain. */
export const disallowedCharacterMessage = 'This field contains a character that is not allowed';
export const invalidRequestMessage =
  'Some of the information sent is not valid. Please check it and try again.';
export const forbiddenMessage = 'You do not have permission to do this.';
/** A bearer endpoint without a valid access token (401); the client refreshes the token and tries again. */
export const unauthorizedMessage = 'Unauthorized';
/** The refresh token is unknown, expired, revoked or reused (401): the user logs in again. */
export const sessionEndedMessage = 'Your session has ended. Please log in again.';

/** Shown when no answer came back at all (offline, server down): not a server message, so not "Server error". */
export const networkErrorMessage = 'We could not reach Dcipher. Check your connection and try again.';

/**
 * The API's answer to a client over a rate limit (429). The spec has no rate limiting and so no text for it.
 */
export const tooManyRequestsMessage = 'Too many requests. Please wait a few minutes and try again.';

/**
 * The API's answers about payment methods, and the VAT number's format. The spec has no text for them.
 */
/** Plans, subscriptions and invoices (docs/decisions/0039). */
export const billingMessages = {
  noPaymentMethod: 'Add a payment card before choosing a plan.',
  planNotAvailable: 'This plan is not available. Choose one of the plans shown.',
  promoCodeInvalid: 'This promo code is not valid.',
  promoCodeExpired: 'This promo code has expired.',
  promoCodeUsedUp: 'This promo code has been used up.',
  promoCodeNotForPlan: 'This promo code does not apply to this plan.',
  alreadySubscribed: 'Your organization already has a subscription: change its plan instead.',
  notSubscribed: 'Your organization has no subscription yet: choose a plan first.',
  nothingToPay: 'There is nothing to pay: your plan has no payment problem.',
  noTrialPlan: 'No plan is waiting for the end of your free trial, so there is nothing to cancel.',
  insufficientCredits: 'Your wallet does not have enough credits for this. Buy credits to go on.',
  lastCardOfPaidPlan:
    'Your plan is paid with this card: add another card before removing it, or cancel the plan first.',
  customerTypeMismatch: 'This plan is for another kind of customer. Choose one of the plans shown.',
  promoCodeAlreadyUsed: 'Your organization has already used this promo code.',
  promoCodeFirstPlanOnly: "This promo code is for an organization's first plan only.",
  idempotencyKeyReused:
    'This request repeats the key of an earlier purchase of something else. Start the purchase again.',
  paymentInProgress: 'Another payment for your organization is being processed. Try again in a minute.',
  paymentNotConfirmed:
    'We could not confirm your payment yet. You will not be charged twice: check your invoices in a few minutes before trying again.',
  paymentNotCompleted:
    'This payment could not be completed and any amount taken was refunded. Start the purchase again.',
  /** An invoice's line for a plan's period (a start, an upgrade, a renewal), its dates already formatted. */
  planPeriodLine: (planName: string, period: 'monthly' | 'annual', from: string, to: string) =>
    `${planName} (${period}), ${from} to ${to}`,
  /** An upgrade's invoice line crediting the time left on the plan it replaces. */
  unusedTimeLine: (planName: string | undefined) => `Unused time on ${planName ?? 'the previous plan'}`,
} as const;

/** Sharing a workflow (or another resource) with members, and making it public (issue 36). */
export const sharingMessages = {
  formLabel: (name: string) => `Share ${name}`,
  shareWith: 'Share with',
  chooseMember: 'Choose a member',
  as: 'As',
  viewer: 'Viewer — can open it',
  editor: 'Editor — can open, run and change it',
  share: 'Share',
  sharing: 'Sharing…',
  sharedWith: (email: string, role: string) => `Shared with ${email} as ${role}.`,
  everyoneHasIt: 'Everyone in the organization already has a role on it.',
  isPrivate: 'Private: its owner, your organization’s admins and those it is shared with can open it.',
  isPublic: 'Public:',
  workflowPublicMeaning:
    'Everyone in your organization can open it (read only), and anyone with its public link can read its last run and run it without signing in.',
  otherPublicMeaning: 'Everyone in your organization can open it (read only).',
  makePublic: 'Make it public…',
  makePrivate: 'Make it private',
  confirmTitle: (name: string) => `Make ${name} public?`,
  confirmLabel: 'Make it public',
  making: 'Making it public…',
  nowPublic: 'It is public now.',
  nowPrivate: (name: string) => `${name} is private again.`,
  publicLink: 'Public link (its last run)',
  /** "Sharing options" lists what can be opened here: the workflows (a Studio project opens in the app). */
  nothingShared: 'No workflows are shared with you yet. When someone shares one, it appears here.',
} as const;

/** A public workflow's page (`/shared/workflow?id=…`, issue 36 point 4, docs/decisions/0128), read by anyone. */
export const sharedWorkflowMessages = {
  eyebrow: 'A workflow shared from Dcipher',
  loading: 'Loading the shared workflow…',
  notSharedTitle: 'This workflow is not shared',
  notShared:
    'Nothing public is found at this link: the workflow may be private again, deleted, or the link may be incomplete. Ask whoever sent it for a new one.',
  lastRunHeading: 'Its last result',
  notRunYet: 'It has not run yet. Its result shows here once it has run.',
  lastRun: (when: string) => `Last run ${when}`,
  documents: (documents: string) => `${documents} documents analysed.`,
  drawing: 'Drawing the charts…',
  ownCta: 'Find what your own sources say:',
  startTrial: 'Start a free trial',
} as const;

/** Copying a value shown on the page (a secret, the SSO redirect URI, a public link). */
export const copyMessages = {
  copy: 'Copy',
  copied: 'Copied.',
  blocked: 'Copying is blocked here: select it and copy it.',
  /** What a copy button copies, completing its name for screen readers: "Copy the redirect URI". */
  redirectUri: 'the redirect URI',
  publicLink: 'the public link',
} as const;

/** "Require two-step verification" (issue 36): the admin's own comes first, and is set up from there. */
export const twoStepRequirementMessages = {
  ownFirst:
    'You do not use two-step verification yet. Set it up on your own account first, so that requiring it does not lock you out.',
  setUpOwn: 'Set up your own two-step verification',
} as const;

/** The overview's plan card (issue 36): during the trial it names the plan whose features the trial gives. */
export const overviewMessages = {
  trialOf: (plan: string) => `Free trial of ${plan}`,
} as const;

/** The payment method screen's own words (issue 36): who may add a card, and adding one more. */
export const paymentMethodMessages = {
  noCardAdmin: 'No card yet. The free trial needs none; add one to choose a plan.',
  noCardMember:
    'No card yet. The free trial needs none. Only an admin of your organization can add a card or choose a plan.',
  addAnother: 'Add another card',
} as const;

export const paymentMessages = {
  cardDeclined: 'Your card was declined. Try another card.',
  insufficientFunds: 'Your card has insufficient funds. Try another card.',
  changeForbidden: 'You do not have permission to change the payment method.',
  notFound: 'This payment method no longer exists.',
  invalidVatNumber: 'Please enter a valid VAT number',
  vatNumberOtherCountry:
    'Enter the VAT number of the billing country, starting with its country code (DE for Germany, EL for Greece).',
  vatNumberNotRegistered:
    'This VAT number is not registered in the EU VAT database (VIES). Check it and try again.',
  vatNumberCheckUnavailable:
    'The EU VAT number service (VIES) is not answering, so the VAT number cannot be checked now. Try again later.',
  invalidPaymentMethod: 'This card could not be read. Enter it again.',
  authenticationRequired:
    'Your bank asks to confirm every payment with this card, which renewals cannot do. Try another card.',
  cardDataRefused:
    'Card numbers are not accepted here: the payment form sends a token from the payment gateway instead.',
} as const;

/**
 * A trial reactivation link opened while the organization's subscription or free trial is still active (409).
 * Not in the spec, which shows the state but no text for it.
 */
export const subscriptionAlreadyActiveMessage = 'Your organization already has an active subscription.';

/** Changing the sign-in address (`POST /update-email`); the spec shows no texts for it. */
export const emailChangeMessages = {
  sameAsCurrent: 'The new email address must be different from the current one.',
} as const;

/** Roles on resources (issue 10; the spec shows no texts for them). */
export const rolesMessages = {
  unknownResource: 'Choose one of the resources of the permission policy',
  unknownAction: 'Ask about transfer, create, read, update, delete or grant',
  notShareable: 'This kind of resource is not shared item by item',
  resourceNotFound: 'This resource could not be found',
  grantableRole: 'Choose editor or viewer',
  organizationRole: 'Choose admin, teammate or guest',
  notAMember: 'This person is not a member of your organization',
  ownerRole: 'The owner already has every right on it; transfer the ownership instead',
} as const;

/** The organization's settings (issue 10; the spec shows no texts for them). */
export const organizationSettingsMessages = {
  unknownRegion: 'Choose one of the listed regions',
  expiryDays: 'Enter a whole number of days between 30 and 365',
  unknownCategory: 'Choose one of the listed kinds of change',
  page: 'The page must be a whole number from 1',
  pageSize: 'The page size must be a whole number from 1 to 100',
  activityDate: 'Enter a date as YYYY-MM-DD, for example 2026-01-31',
  activityDateRange: 'The start date must be on or before the end date',
  twoStepSetupRequired:
    'Your organization requires two-step verification. Set it up to continue using your account.',
  twoStepRequiredOfAdminFirst:
    'Set up two-step verification for your own account first, so that requiring it does not lock you out.',
} as const;

/** The profile, data export and deletion of the account area (not in the spec, which shows no texts for them). */
export const accountMessages = {
  forbiddenCharacter: 'This field contains a character that is not allowed',
  confirmEmailMismatch: "Type your account's email address exactly to confirm the deletion",
  confirmNameMismatch: "Type the organization's name exactly to confirm the deletion",
  onlyAdminsMayDeleteOrganization: 'Only organization admins can delete the organization.',
} as const;

/** Deleting the account of an organization's last admin, while others remain, would leave it without one. */
export const lastAdminMessage = (organizationName: string) =>
  `You are the last admin of ${organizationName}: make another member an admin first, or delete the organization.`;

/** The third-party tools a user connects (`GET /auth/{provider}/...`), by the name users know them by. */
export const integrationNames = ['Miro', 'SurveyMonkey'] as const;
export type IntegrationName = (typeof integrationNames)[number];

/** The API's answers about connecting Miro or SurveyMonkey; the spec shows no texts for them. */
export const integrationMessages = {
  notConfigured: (name: IntegrationName) => `${name} is not configured on this server.`,
  codeRejected: (name: IntegrationName) =>
    `${name} did not accept the authorization code. Connect ${name} again.`,
  unavailable: (name: IntegrationName) => `${name} could not be reached. Try again in a few minutes.`,
  noSavedToken: (name: IntegrationName) => `No saved ${name} access token. Connect ${name} first.`,
  onlyOwnTokens: (name: IntegrationName) => `You can only read your own ${name} access tokens.`,
} as const;

/**
 * Invitations (docs/decisions/0019): the answers of the invite, resend, accept and renewal-request calls. The spec
 * has no texts for them.
 */
export const invitationMessages = {
  onlyAdminsMayInvite: 'Only the admins of your organization can invite people.',
  invalidRole: 'Please choose a role: admin, teammate or guest.',
  alreadyHasAccount: 'This person already has a Dcipher account.',
  invitedByAnotherOrganization: 'This person has already been invited to Dcipher by another organization.',
  alreadyInvited: 'This person has already been invited. Resend the invitation instead.',
  noPendingInvitation: 'There is no pending invitation for this email address in your organization.',
  invalid: 'This invitation link is not valid.',
  expired: 'This invitation has expired. Ask for a new one.',
  alreadyAccepted: 'This invitation has already been accepted. Log in instead.',
  stillValid: 'This invitation is still valid: accept it instead of asking for a new one.',
  forExistingAccount:
    'You already have a Dcipher account with this email address. Log in to accept the invitation from your account.',
  offerNotFound: 'This invitation is no longer open to you.',
  organizationHasOtherMembers:
    'Others still belong to your current organization (members or invitations): you can join another organization once you are its only member.',
} as const;

/** Managing the organization's members (docs/decisions/0035). */
export const memberMessages = {
  onlyAdmins: 'Only organization admins can manage members.',
  notFound: 'There is no such member in your organization.',
  noPendingInvitation: 'There is no pending invitation for this person in your organization.',
  lastAdmin:
    'Your organization needs at least one admin: make another member an admin before changing this one.',
  /** Shown on the last active admin's row before anyone tries to demote or remove them (issue 25). */
  lastAdminReason: 'The organization needs at least one admin',
  /** Inviting several people at once: one form, at most this many addresses (issue 25). */
  tooManyInvitations: 'Invite at most 20 people at once',
  invalidPage: 'Please enter a page number from 1.',
  invalidPageSize: 'Please choose a page size from 1 to 100.',
  invitationDeclined: 'You declined the invitation. Nothing else happens.',
} as const;

/**
 * The API's answers about marketing emails and their unsubscribe links (docs/decisions/0018). The spec has no
 * text for them.
 */
export const marketingEmailMessages = {
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid.',
  tooManyFeatureUpdates: 'A feature updates email has at most 10 updates.',
} as const;

/**
 * Single sign-on with OpenID Connect (docs/decisions/0020): the answers of `/sso/configs`, `/sso/login` and its
 * callback. The spec has no texts for them.
 */
export const ssoMessages = {
  notSetUp: 'Single sign-on is not set up for your email address. Log in with your password.',
  configNotFound: 'Single sign-on is not set up for your organization.',
  onlyAdmins: 'Only the admins of your organization can manage single sign-on.',
  invalidEmailDomain: 'Please enter valid email domains, such as example.com',
  tooManyEmailDomains: 'Enter at most 20 email domains.',
  httpsRequired: "The identity provider's address must start with https://",
  addressRefused:
    "The identity provider's address must be on the public internet: loopback, private, link-local and cloud metadata addresses are refused.",
  attemptInvalid: 'This single sign-on attempt has expired or was already used. Please start again.',
  identityProviderFailed: 'Your identity provider could not sign you in. Please try again.',
  emailNotVerified:
    'Your identity provider has not verified your email address. Log in with your password instead.',
  emailOutsideDomains:
    'Your identity provider signed you in with an email address your organization has not set up for single sign-on.',
  otherOrganization:
    "Your email address belongs to another organization's account. Log in with your password instead.",
  cancelled: 'Sign-in was cancelled at your identity provider.',
  onlyAdminsKeys: 'Only the admins of your organization can manage API keys.',
  domainNotVerified:
    'Verify this domain first: add the TXT record shown next to it to your DNS, then press Verify.',
  domainNotClaimed: 'This domain is not one of your single sign-on domains.',
  ssoRequired:
    'Your organization requires you to sign in with single sign-on. Choose "Log in with SSO" and enter your work email.',
  apiKeyNotFound: 'This API key does not exist or was already revoked.',
  apiKeyInvalid: 'The API key is not valid: it is unknown, revoked or was replaced when it was rotated.',
  apiKeyNotAllowed:
    'API keys cannot call this endpoint: it needs a person signed in. Your account’s API keys page lists the calls a key may make.',
  tooManyApiKeys: 'Your organization has 20 keys of this kind already. Revoke one you no longer use first.',
  apiKeyNameRequired: 'Give the key a name, such as "Reporting export".',
} as const;

/** A public mail domain (gmail.com...) in the SSO configuration: nobody can prove they own it for an organization. */
/**
 * Webhooks (docs/decisions/0111): the organization's endpoints told when a workflow run ends, their secrets and
 * their delivery log. The spec has no texts for them.
 */
export const webhookMessages = {
  urlRequired: 'Enter the address that receives the events, such as https://example.com/dcipher-events',
  urlInvalid: 'Enter a whole address, such as https://example.com/dcipher-events',
  httpsRequired: 'The address must start with https://',
  addressRefused:
    'The address must be on the public internet: loopback, private, link-local and cloud metadata addresses are refused.',
  eventTypesRequired: 'Choose at least one event to send.',
  endpointNotFound: 'This webhook endpoint does not exist or was deleted.',
  tooManyEndpoints: 'Your organization has 10 webhook endpoints already. Delete one you no longer use first.',
} as const;

export const publicMailDomainRefused = (domain: string) =>
  `${domain} is a public email provider: single sign-on needs a domain your organization owns.`;

/** Verifying an SSO domain: what the DNS lookup found (docs/decisions/0036). */
export const domainVerificationFailed = (recordName: string, reason: string) =>
  `We could not verify the domain: ${reason} Add a TXT record at ${recordName} with the value shown, wait a few minutes for DNS to update, then press Verify again.`;

/** An SSO domain another organization verified first (409). */
export const ssoDomainVerifiedElsewhere = (domain: string) =>
  `The email domain ${domain} is verified by another organization and already uses single sign-on there.`;

/**
 * Privacy & security (docs/decisions/0025): sessions, two-step verification and the sign-in step that asks for its
 * code. The spec has no texts for them.
 */
export const accountSecurityMessages = {
  sessionNotFound: 'This session has already ended.',
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  recoveryCodeFormat: 'Enter one of your recovery codes, such as abcde-12345.',
  codeOrRecoveryCode: 'Enter the code from your authenticator app or one of your recovery codes.',
  codeIncorrect: 'That code is not correct. Check your authenticator app and try again.',
  recoveryCodeIncorrect: 'That recovery code is not correct or was already used.',
  challengeInvalid: 'Your sign-in has expired. Please log in again.',
  alreadyEnabled: 'Two-step verification is already turned on.',
  notEnabled: 'Two-step verification is not turned on.',
  setupMissing: 'Start setting up two-step verification again: scan a new QR code.',
  noPassword: 'Your account has no password: set one with "Forgot password" first.',
} as const;

/** Saving an SSO configuration whose issuer's discovery document could not be fetched (400). */
export const identityProviderUnreachable = (issuerUrl: string) =>
  `We could not reach the identity provider at ${issuerUrl}. Check the address and try again.`;

/** Saving an SSO configuration with an email domain another organization's configuration has (409). */
export const ssoEmailDomainTaken = (domain: string) =>
  `The email domain ${domain} already uses single sign-on with another organization.`;

/** A bearer endpoint for Dcipher staff only (403). */
export const internalAdminOnlyMessage = 'This action is reserved for Dcipher staff.';

/** A bearer endpoint for signed-in users, called with sign-up's payment-setup token (403). */
export const signedInOnlyMessage = 'Verify your email address and log in first.';

/**
 * The 403 answer to a caller the permission policy refuses (docs/decisions/0022). The areas that had their own
 * text before the policy keep it; everything else says which action on what.
 */
const permissionDeniedOverrides: {
  [R in PermissionResource]?: Partial<Record<PermissionAction, string>> | string;
} = {
  'payment-method': paymentMessages.changeForbidden,
  'account-sso-settings': ssoMessages.onlyAdmins,
  'api-key': ssoMessages.onlyAdminsKeys,
  organization: {
    grant: invitationMessages.onlyAdminsMayInvite,
    delete: accountMessages.onlyAdminsMayDeleteOrganization,
  },
};

export const permissionDenied = (action: PermissionAction, resource: PermissionResource) => {
  const override = permissionDeniedOverrides[resource];
  const text = typeof override === 'string' ? override : override?.[action];
  return text ?? `You do not have permission to ${action} ${permissionResourceLabels[resource]}.`;
};

/** The message of the 403 an endpoint answers a caller its declared permission refuses. */
export function permissionDeniedMessage(permission: EndpointPermission): string {
  if (permission === 'internal-admin') return internalAdminOnlyMessage;
  if (permission === 'signed-in') return signedInOnlyMessage;
  return permissionDenied(permission.action, permission.resource);
}

/**
 * Sign-in attempts for one account are being delayed after repeated failures (429). In seconds under two
 * minutes, in whole minutes above.
 */
export const tooManySignInAttempts = (waitSeconds: number) =>
  waitSeconds < 120
    ? `Too many attempts. Please wait ${waitSeconds} seconds and try again.`
    : `Too many attempts. Please wait ${Math.ceil(waitSeconds / 60)} minutes and try again.`;

export const missingParameterMessage = (parameter: string, operation: string) =>
  `Required parameter ${parameter} was null or undefined when calling ${operation}.`;

/** A language's English name from its ISO 639 code ("fr" → "French"); the code itself when it has none. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Workflows (issue 24; docs/decisions/0071; the spec shows no texts for them). */
/** The login page (issue 36): why it shows when an account page sent a signed-out visitor to it. */
export const loginMessages = {
  /** `page` is the title of the account page asked for ("Subscription details"). */
  toSee: (page: string) => `Log in to see ${page}: you are signed out.`,
} as const;

/** The workflows list's search, order and row actions (issue 36). */
export const workflowListMessages = {
  search: 'Search by name or description',
  sortBy: 'Sort by',
  sortOrders: { newest: 'Newest first', name: 'Name (A to Z)', lastRun: 'Last run (latest first)' },
  shown: (shown: number, all: number) =>
    shown === all
      ? `${all.toLocaleString('en')} workflow${all === 1 ? '' : 's'}`
      : `${shown.toLocaleString('en')} of ${all.toLocaleString('en')} workflows match`,
  noneFound: (search: string) => `No workflow matches “${search}”.`,
  open: 'Open',
  run: 'Run',
  delete: 'Delete',
} as const;

export const workflowMessages = {
  flowNotFound: 'This workflow could not be found. It may have been deleted, or not shared with you.',
  runNotFound: 'This run of the workflow could not be found.',
  uploadNotFound: 'This uploaded file could not be found. Upload it again.',
  fileNotFound: 'This result file could not be found for that run.',
  nameTaken: 'A workflow with this name already exists in your organization. Choose another name.',
  nameInvalid: 'A name cannot contain / \\ : * ? " < > | or control characters.',
  quotaReached: (limit: number) =>
    `Your plan includes ${limit} custom workflow${limit === 1 ? '' : 's'}, and all are in use. Delete one or choose a larger plan.`,
  /**
   * The custom workflows in use of the plan's number, shown before the limit is met (issue 36): every custom
   * workflow counts until it is deleted, whatever its runs did, as the API counts them.
   */
  customInUse: (used: number, limit: number) =>
    `${used.toLocaleString('en')} of ${limit.toLocaleString('en')} custom workflows in use. Each one counts until it is deleted, failed ones too; predefined workflows do not count.`,
  runInProgress: 'This workflow is running already. Wait for the run to finish, or cancel it.',
  /** A price the wallet cannot pay (`POST /flows/calculate-cost`'s `reason`). */
  notEnoughCredits: (needed: number, balance: number) =>
    `This needs ${needed} credits and your wallet has ${balance}. Buy credits to go on.`,
  /** The wallet's line for a run's reservation, and for its settlement when it ends. */
  runReserved: (flowName: string, quantity: number, unit: 'articles' | 'posts') =>
    `Workflow run: ${flowName} (${quantity.toLocaleString('en-GB')} ${unit})`,
  runSettled: (creditsReserved: number, documentsNotAnalysed: number) =>
    `Workflow run settled: ${creditsReserved} credits reserved, ${documentsNotAnalysed} documents not analysed`,
  cannotRunNow: 'This workflow cannot run right now. Try again later, or ask the people who shared it.',
  archived: 'This workflow is archived and cannot run.',
  notScheduled: 'This workflow has no schedule to pause or resume.',
  alreadyPaused: 'This workflow is paused already.',
  notPaused: 'This workflow is not paused.',
  runNotFinished: 'This run has not finished yet: its files are written when it ends.',
  /** The documents behind a run's figures (`GET /flows/{flowId}/runs/{runId}/documents`, issue 34). */
  runDocuments: {
    termInvalid: 'Enter a term of 1 to 200 characters.',
    narrativeInvalid: 'Choose a narrative by its number (1 or more), or unassigned.',
    sentimentInvalid: 'Choose positive, negative or neutral.',
    languageInvalid: 'Enter a language code such as en or eng, or und.',
    periodInvalid:
      'Enter a period such as 2024-03-05 (a day, or the Monday of a week), 2024-03 (a month) or 2024-Q1 (a quarter).',
    periodUnitInvalid: 'Choose day, week, month or quarter.',
    leftOutInvalid:
      'Choose why the documents were left out: any, empty, language, articleLimit or unreadable.',
    cursorInvalid: 'Use the nextCursor of the previous page.',
    limitInvalid: 'Ask for 1 to 100 documents a page.',
    /** Said on screen when a run made before the documents were kept is asked for them. */
    notKept:
      'This run was made before each document was kept with its run. Run the workflow again to see them.',
    /** Said on screen for a filter that matches no document. */
    none: 'No document of this run matches.',
    /** The drill-down's count line: "12 documents mention “boiler”" (`what` agrees with the count, issue 34). */
    total: (documents: number, what: string) =>
      `${documents.toLocaleString('en')} document${documents === 1 ? '' : 's'} ${what}`,
    /** Beside a document whose text the page shows only in part. */
    textShortened: 'Text shortened: the run’s files hold it whole.',
  },
  uploadInUse:
    'This file is used by a workflow. Remove it from the workflow’s data sources, or delete the workflow, then delete the file.',
  uploadFormat:
    'This kind of file cannot be analysed. Upload one of: csv, tsv, json, ndjson, jsonl, txt, xlsx, pdf, docx.',
  uploadTooLarge: 'This file is larger than your plan allows. See the largest file size on your plan.',
  uploadUnreadable:
    'This file could not be read. Check that it is not damaged and is in the format its name says.',
  uploadEmpty: 'This file has no text to analyse.',
  uploadNotMultipart: 'Send the file as multipart/form-data, in one part named "file".',
  uploadExpandsTooMuch:
    'This file unpacks to far more than its size, so it cannot be read. Save it again, or export its text as csv or txt.',
  uploadTooComplex:
    'This file is too complex to be read within our limits. Split it into smaller files, or export its text as csv or txt.',
  sourceBlocked: 'This address cannot be fetched: it points to a private or local network.',
  sourceNotFeed: 'This address does not serve an RSS or Atom feed.',
  sourceUnreachable: 'This address could not be fetched. Check it and try again.',
  sourceTimeout: 'This address took too long to answer. Try again later, or use another address.',
  sourceInvalidUrl:
    'This data source’s address can no longer be fetched. Edit the workflow and enter an http or https address.',
  sourceUrlInvalid: 'Enter an http or https address, such as https://example.com/feed.xml.',
  sourceUrlBackslash: 'An address may not contain a backslash (\\). Use / instead.',
  sourceUrlCredentials: 'An address may not contain a user name or password.',
  dataSourcesRequired: 'Add at least one data source.',
  tooManyDataSources: 'A workflow takes at most 10 data sources.',
  inputInvalid: 'This value does not fit the input.',
  typeNotCreatedHere: 'Studio and Insight Booster projects are created in the app, not as workflows here.',
  predefinedRequired: 'Choose the predefined workflow to start from.',
  unknownPredefined: 'Choose one of the predefined workflows of the store.',
  unknownSample: 'Choose one of the sample datasets.',
  /**
   * Why a run ended without results, by the run's `failureReason` (issue 32): the only words screens and emails
   * show for it, never an exception's text (that goes to the server's log with the run's id).
   */
  /** Why a run's sentiment says little, by the result's `sentiment.caveat` (issue 34). */
  sentimentCaveat: {
    notOpinion:
      'These documents mostly state facts (release notes, changelogs, technical text) rather than opinions: their sentiment comes from words such as “fix”, “error” or “unstable” and says little about how people feel.',
  },
  /** How the result view names sentiment figures (issue 34). */
  sentimentWords: {
    withoutOpinion: (documents: number) =>
      `${documents.toLocaleString('en')} document${documents === 1 ? '' : 's'} without an opinion word (scored neutral)`,
    termSentiment: 'Sentiment of the documents mentioning each term',
  },
  runFailed: {
    sourcesUnreadable: 'The data sources of the workflow could not be read.',
    sourceBlocked:
      'A data source of the workflow points to a private or local network and cannot be fetched.',
    sourceNotFeed: 'A data source of the workflow does not serve an RSS or Atom feed.',
    sourceUnreachable: 'A data source of the workflow could not be fetched. Check its address and try again.',
    uploadMissing:
      'A file the workflow analyses has been deleted. Upload it again and choose it as a data source.',
    analysisFailed:
      'The analysis could not be completed. Run the workflow again; if it fails again, contact us.',
    runIncomplete: 'The run could not be completed. Run the workflow again.',
    flowDeleted: 'The workflow was deleted.',
  },
  /**
   * Why a document was left out of a run, by its `leftOut` reason (issue 34): the words the screens show beside
   * each left-out document, and the summary line above the list. `language` names the language it was found in.
   */
  leftOutReason: {
    empty: 'It has no text.',
    language: (language?: string) =>
      language && language !== 'und'
        ? `It is in ${languageName(language)}, not in the language the workflow filters on.`
        : 'It is not in the language the workflow filters on.',
    articleLimit: 'It is beyond the workflow’s article limit (the most recent documents are analysed first).',
    unreadable: 'It could not be read.',
  },
  /** The line above the left-out documents: how many, out of how many, and where the full list is. */
  documentsLeftOut: (leftOut: number, received: number) =>
    `${leftOut} of ${received} document${received === 1 ? '' : 's'} ${leftOut === 1 ? 'was' : 'were'} left out of the analysis; left-out-documents.csv lists each with its row and why.`,
  /** The run's note on documents it could not read, left out of the analysis and listed in its files. */
  documentsUnreadable: (count: number) =>
    `${count} document${count === 1 ? '' : 's'} could not be read and ${count === 1 ? 'was' : 'were'} left out; left-out-documents.csv lists ${count === 1 ? 'it' : 'them'} with ${count === 1 ? 'its' : 'their'} row.`,
  /**
   * The headline finding of a finished run (issue 34 point 7): the result view's first line and the finished-run
   * email's. Counts are already written (e.g. "1,234"); `share` is a whole percentage.
   */
  headline: {
    topKeyword: (term: string, documents: string, analysed: string) =>
      `The top keyword is “${term}”, in ${documents} of the ${analysed} documents analysed.`,
    risingTerm: (term: string, documents: string, times: string) =>
      `The strongest rising term is “${term}”: its share of the documents grew ${times}× (${documents} documents mention it).`,
    biggestNarrative: (label: string, documents: string, share: number) =>
      `The biggest narrative is “${label}”: ${documents} documents, ${share}% of those grouped.`,
  },
} as const;

/** The periods trends are counted by, in words: one and several (docs/decisions/0097). */
export const trendPeriodWords = {
  day: ['day', 'days'],
  week: ['week', 'weeks'],
  month: ['month', 'months'],
  quarter: ['quarter', 'quarters'],
} as const satisfies Record<string, readonly [string, string]>;
export type TrendPeriodWord = keyof typeof trendPeriodWords;

const periodsInWords = (count: number, period: TrendPeriodWord) =>
  count === 1 ? `${trendPeriodWords[period][0]}` : `${count} ${trendPeriodWords[period][1]}`;

/**
 * The words of trend results (issue 34; docs/decisions/0097): the windows rising and falling terms compare, the
 * period and why nothing is listed. The engine writes them into its result; screens and emails show them as they are.
 */
export const trendMessages = {
  /** "the last 4 weeks against the 12 before", "the last quarter against the 3 before". */
  windows: (recentPeriods: number, baselinePeriods: number, period: TrendPeriodWord) =>
    baselinePeriods === 0
      ? `the last ${periodsInWords(recentPeriods, period)}, with no earlier ${trendPeriodWords[period][0]} to compare with`
      : `the last ${periodsInWords(recentPeriods, period)} against the ${baselinePeriods === 1 ? 'one' : baselinePeriods} before`,
  /** How the period was chosen. */
  periodChosen: (period: TrendPeriodWord, automatic: boolean) =>
    automatic
      ? `Counted per ${trendPeriodWords[period][0]}, chosen from the span of the dates.`
      : `Counted per ${trendPeriodWords[period][0]}, as the workflow asks.`,
  /** The result view, counting by another period than the run's (chosen on the page, issue 34). */
  periodShown: (period: TrendPeriodWord, runPeriod: string) =>
    `Counted per ${trendPeriodWords[period][0]}, as chosen here (the run counted per ${runPeriod}).`,
  /** The result view's footnote on how rising and falling terms were judged (docs/decisions/0097). */
  significance: (falseDiscoveryRate: number, minimumMentions: number, minimumMomentum: number) =>
    `Listed when the change passes a log-likelihood test (false discovery rate ${Math.round(falseDiscoveryRate * 100)} %), in at least ${minimumMentions} documents, and momentum at least ±${minimumMomentum}.`,
  /** Why no rising or falling term is listed, by the result's `noteCode`. */
  notes: {
    undated: 'No document has a publication date: trends need dates.',
    onePeriod: (period: TrendPeriodWord) =>
      `All dated documents fall in one ${trendPeriodWords[period][0]}: rising and falling terms need at least two.`,
    tooFewDocuments: (recentDocuments: number, minimum: number) =>
      `The recent window holds ${recentDocuments} document${recentDocuments === 1 ? '' : 's'}; rising and falling terms need at least ${minimum}.`,
    nothingSignificant: (windows: string) =>
      `Nothing is trending: no term rose or fell between ${windows} by more than chance would explain.`,
  },
} as const;
