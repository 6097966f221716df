import * as account from './account.js';
import * as accountSecurity from './account-security.js';
import * as apiKeys from './api-keys.js';
import * as auth from './auth.js';
import * as captcha from './captcha.js';
import * as contact from './contact.js';
import * as creditCards from './credit-cards.js';
import * as credits from './credits.js';
import * as emailChange from './email-change.js';
import type { EndpointDefinition } from './endpoint.js';
import * as integrations from './integrations.js';
import * as invitations from './invitations.js';
import * as marketingEmails from './marketing-emails.js';
import * as members from './members.js';
import * as organization from './organization.js';
import * as organizationSettings from './organization-settings.js';
import * as pricing from './pricing.js';
import * as recovery from './recovery.js';
import * as registration from './registration.js';
import * as roles from './roles.js';
import * as sso from './sso.js';
import * as subscriptions from './subscriptions.js';
import * as suspension from './suspension.js';
import * as system from './system.js';
import * as tokens from './tokens.js';
import * as trial from './trial.js';
import * as usage from './usage.js';
import * as whitePaper from './white-paper.js';

export {
  type Account,
  type AccountProfileInput,
  AccountProfileInputSchema,
  AccountSchema,
  type DeleteAccountInput,
  DeleteAccountInputSchema,
  type DeletionReceipt,
  DeletionReceiptSchema,
  type PersonalDataExport,
  PersonalDataExportSchema,
  type UpdatedAccount,
  UpdatedAccountSchema,
} from './account.js';
export {
  type DisableTwoFactorInput,
  DisableTwoFactorInputSchema,
  type EnableTwoFactorInput,
  EnableTwoFactorInputSchema,
  type RecoveryCodes,
  RecoveryCodesSchema,
  type Session,
  SessionSchema,
  type SignInAttempt,
  SignInAttemptSchema,
  type SignInMethod,
  type SignInOutcome,
  signInHistoryLength,
  signInMethods,
  signInOutcomes,
  type TwoFactorSetup,
  TwoFactorSetupSchema,
  type TwoFactorStatus,
  TwoFactorStatusSchema,
} from './account-security.js';
export {
  type ApiKey,
  type ApiKeyKind,
  type ApiKeyList,
  ApiKeyListSchema,
  ApiKeySchema,
  apiKeyHeader,
  apiKeyKinds,
  apiKeyNameMaxLength,
  apiKeySecretPrefixes,
  apiKeysMaxCount,
  type CreateApiKeyInput,
  CreateApiKeyInputSchema,
  type IssuedApiKey,
  IssuedApiKeySchema,
  type ResearchBotToken,
  ResearchBotTokenSchema,
  researchBotTokenAudience,
  researchBotTokenType,
  type UpdateApiKeyInput,
  UpdateApiKeyInputSchema,
  type UpdatedApiKey,
  UpdatedApiKeySchema,
} from './api-keys.js';
export {
  type ChangePasswordInput,
  ChangePasswordInputSchema,
  type Credentials,
  CredentialsSchema,
  type IssuedTokenPair,
  isTwoFactorChallenge,
  type LoginResult,
  LoginResultSchema,
  RecoveryCodeInputSchema,
  type TokenPair,
  TokenPairSchema,
  type TwoFactorChallenge,
  TwoFactorChallengeSchema,
  TwoFactorCodeInputSchema,
  type TwoFactorLoginInput,
  TwoFactorLoginInputSchema,
} from './auth.js';
export {
  type CaptchaChallenge,
  CaptchaChallengeSchema,
  CaptchaPayloadSchema,
  captchaField,
} from './captcha.js';
export {
  type ContactRequestInput,
  ContactRequestInputSchema,
  type ContactRequestReceipt,
  ContactRequestReceiptSchema,
  type ContactTopic,
  contactMessageMaxLength,
  contactTopicLabels,
  contactTopics,
  phoneMaxLength,
} from './contact.js';
export {
  type BillingDetails,
  type BillingDetailsInput,
  BillingDetailsInputSchema,
  BillingDetailsSchema,
  type CardBrand,
  type CreditCard,
  CreditCardSchema,
  cardBrands,
  cardExpiryParts,
  type DeleteCreditCardInput,
  DeleteCreditCardInputSchema,
  type HostedCardFieldState,
  HostedPaymentCardFormSchema,
  hostedCardFieldStates,
  type PaymentCardForm,
  PaymentCardFormSchema,
  type PaymentGatewayInfo,
  PaymentGatewaySchema,
  type PaymentMethodInput,
  PaymentMethodInputSchema,
} from './credit-cards.js';
export {
  type EmailChangeReceipt,
  EmailChangeReceiptSchema,
  type UpdateEmailInput,
  UpdateEmailInputSchema,
} from './email-change.js';
export {
  type BearerEndpointDefinition,
  declaredErrorCodes,
  defineEndpoint,
  type EndpointDefinition,
  type EndpointInput,
  type EndpointOutput,
  type EndpointPermission,
  type EndpointRequest,
  type HttpMethod,
  type PublicEndpointDefinition,
  pathParameterNames,
} from './endpoint.js';
export {
  bearerEndpointErrorCodes,
  type DomainVerificationProblem,
  type ErrorBody,
  ErrorBodySchema,
  type ErrorCode,
  type ErrorDefinition,
  type ErrorParams,
  errorCodes,
  errorDefinitions,
  errorMessage,
  errorStatus,
  everyEndpointErrorCodes,
  hasValidErrorParams,
  isErrorCode,
  permissionRefusal,
  type ValidationReason,
  validationReasons,
} from './errors.js';
export {
  AuthCodeQuerySchema,
  type IntegrationAccessToken,
  IntegrationAccessTokenSchema,
  type IntegrationProvider,
  integrationProviders,
  LatestMiroTokenQuerySchema,
} from './integrations.js';
export {
  type AcceptInvitationInput,
  AcceptInvitationInputSchema,
  DeclineInvitationInputSchema,
  type Invitation,
  type InvitationOffer,
  InvitationOfferSchema,
  InvitationRenewalRequestInputSchema,
  InvitationSchema,
  type InvitationState,
  type InviteInput,
  InviteInputSchema,
  invitationLifetimeDays,
  invitationStates,
  type ResendInvitationInput,
  ResendInvitationInputSchema,
  type SentInvitation,
  SentInvitationSchema,
} from './invitations.js';
export { companyMaxLength, jobTitleMaxLength } from './lead-fields.js';
export {
  type FeatureUpdatesCampaign,
  FeatureUpdatesCampaignSchema,
  featureUpdatesMax,
  type SentEmailsReceipt,
  SentEmailsReceiptSchema,
  type UnsubscribeReceipt,
  UnsubscribeReceiptSchema,
} from './marketing-emails.js';
/** The contract, one module per API area. */
export {
  type Member,
  type MemberEmailCheck,
  MemberEmailCheckSchema,
  type MemberListQuery,
  type MemberPage,
  MemberPageSchema,
  type MemberRoleInput,
  MemberRoleInputSchema,
  MemberSchema,
  type MemberStatus,
  memberPageSizeDefault,
  memberPageSizeMax,
  memberStatuses,
  type Teammate,
  TeammateSchema,
} from './members.js';
export { type DeleteOrganizationInput, DeleteOrganizationInputSchema } from './organization.js';
export {
  type ActivityEntry,
  ActivityEntrySchema,
  type ActivityPage,
  ActivityPageSchema,
  activityPageSizeMax,
  type Organization,
  type OrganizationDetailsInput,
  OrganizationDetailsInputSchema,
  OrganizationSchema,
  organizationNameMaxLength,
  type PasswordPolicy,
  PasswordPolicyFormSchema,
  type PasswordPolicyInput,
  PasswordPolicyInputSchema,
  PasswordPolicySchema,
  type RegionInput,
  RegionInputSchema,
  RegionListSchema,
  TwoStepRequirementInputSchema,
} from './organization-settings.js';
export {
  listPayAsYouGoPrices,
  listPricingPlans,
  type PayAsYouGoPrice,
  PayAsYouGoPriceSchema,
  type PlanQuota,
  PlanQuotaSchema,
  type Prices,
  PricesSchema,
  type PricingPlan,
  PricingPlanSchema,
} from './pricing.js';
export {
  type NewPasswordInput,
  NewPasswordInputSchema,
  type ResetPasswordInput,
  ResetPasswordInputSchema,
} from './recovery.js';
export {
  type EmailVerified,
  isSignedInVerification,
  type QuickRegistrationInput,
  QuickRegistrationInputSchema,
  type RegistrationInput,
  RegistrationInputSchema,
  SendConfirmationInputSchema,
  VerifyEmailInputSchema,
} from './registration.js';
export {
  type Abilities,
  AbilitiesSchema,
  ResourceGrantInputSchema,
  type ResourceSharing,
  ResourceSharingSchema,
  type SharedResource,
} from './roles.js';
export {
  domainVerificationRecordName,
  domainVerificationRecordValue,
  emailDomainOf,
  isEmailDomain,
  isPublicMailDomain,
  publicMailDomains,
  type SsoCallbackInput,
  SsoCallbackInputSchema,
  type SsoConfig,
  SsoConfigFormSchema,
  type SsoConfigInput,
  SsoConfigInputSchema,
  SsoConfigSchema,
  type SsoConnectionProblem,
  type SsoConnectionTestInput,
  SsoConnectionTestInputSchema,
  type SsoConnectionTestResult,
  SsoConnectionTestResultSchema,
  type SsoDomain,
  SsoDomainSchema,
  type SsoDomainVerificationInput,
  SsoDomainVerificationInputSchema,
  type SsoLoginInput,
  SsoLoginInputSchema,
  ssoConnectionProblems,
} from './sso.js';
export { type SuspensionState, SuspensionStateSchema } from './suspension.js';
export {
  type TokenVerification,
  TokenVerificationSchema,
  type VerifyTokenInput,
  VerifyTokenInputSchema,
} from './tokens.js';
export {
  invalidEndedBeforeMessage,
  type ReactivateTrialInput,
  ReactivateTrialInputSchema,
  type SendTrialReactivationEmailsInput,
  SendTrialReactivationEmailsInputSchema,
  type TrialReactivation,
  TrialReactivationSchema,
} from './trial.js';
export {
  type WhitePaperDownload,
  WhitePaperDownloadSchema,
  type WhitePaperRequestInput,
  WhitePaperRequestInputSchema,
  whitePaperDownloadPath,
} from './white-paper.js';

export const contract = {
  account: {
    getAccount: account.getAccount,
    updateAccount: account.updateAccount,
    exportAccountData: account.exportAccountData,
    deleteAccount: account.deleteAccount,
  },
  accountSecurity: {
    listSessions: accountSecurity.listSessions,
    endSession: accountSecurity.endSession,
    endOtherSessions: accountSecurity.endOtherSessions,
    listSignInHistory: accountSecurity.listSignInHistory,
    getTwoFactorStatus: accountSecurity.getTwoFactorStatus,
    setUpTwoFactor: accountSecurity.setUpTwoFactor,
    enableTwoFactor: accountSecurity.enableTwoFactor,
    disableTwoFactor: accountSecurity.disableTwoFactor,
  },
  auth: {
    login: auth.login,
    completeTwoFactorLogin: auth.completeTwoFactorLogin,
    refreshToken: auth.refreshToken,
    logout: auth.logout,
    changePassword: auth.changePassword,
  },
  captcha: { getCaptchaChallenge: captcha.getCaptchaChallenge },
  contact: { createContactRequest: contact.createContactRequest },
  creditCards: {
    listCreditCards: creditCards.listCreditCards,
    addCreditCard: creditCards.addCreditCard,
    deleteCreditCard: creditCards.deleteCreditCard,
    getBillingDetails: creditCards.getBillingDetails,
    saveBillingDetails: creditCards.saveBillingDetails,
    deleteBillingDetails: creditCards.deleteBillingDetails,
    getPaymentGateway: creditCards.getPaymentGateway,
  },
  emailChange: { updateEmail: emailChange.updateEmail },
  integrations: {
    exchangeMiroCode: integrations.exchangeMiroCode,
    getLatestMiroAccessToken: integrations.getLatestMiroAccessToken,
    exchangeSurveyMonkeyCode: integrations.exchangeSurveyMonkeyCode,
  },
  invitations: {
    inviteUser: invitations.inviteUser,
    resendInvitation: invitations.resendInvitation,
    getInvitation: invitations.getInvitation,
    acceptInvitation: invitations.acceptInvitation,
    requestInvitationRenewal: invitations.requestInvitationRenewal,
    declineInvitation: invitations.declineInvitation,
    listInvitationOffers: invitations.listInvitationOffers,
    acceptInvitationOffer: invitations.acceptInvitationOffer,
    declineInvitationOffer: invitations.declineInvitationOffer,
  },
  members: {
    listMembers: members.listMembers,
    revokeInvitation: members.revokeInvitation,
    checkMemberEmail: members.checkMemberEmail,
    changeMemberRole: members.changeMemberRole,
    removeMember: members.removeMember,
    listTeam: members.listTeam,
  },
  marketingEmails: {
    sendDiscoverDcipherEmails: marketingEmails.sendDiscoverDcipherEmails,
    sendFeatureUpdatesEmails: marketingEmails.sendFeatureUpdatesEmails,
    sendEmailVerificationReminder: marketingEmails.sendEmailVerificationReminder,
    unsubscribeEmail: marketingEmails.unsubscribeEmail,
  },
  roles: {
    getAbilities: roles.getAbilities,
    listOrganizationRoles: roles.listOrganizationRoles,
    listResourceRolePolicy: roles.listResourceRolePolicy,
    getResourceRoles: roles.getResourceRoles,
    getPublicRole: roles.getPublicRole,
    grantResourceRole: roles.grantResourceRole,
    updateResourceRole: roles.updateResourceRole,
    removeResourceRole: roles.removeResourceRole,
    transferOwnership: roles.transferOwnership,
    listRoleUsers: roles.listRoleUsers,
    listSharedResources: roles.listSharedResources,
    getMyRoles: roles.getMyRoles,
    setOrganizationRole: roles.setOrganizationRole,
  },
  organization: {
    deleteOrganization: organization.deleteOrganization,
    getOrganization: organizationSettings.getOrganization,
    updateOrganization: organizationSettings.updateOrganization,
    changeOrganizationRegion: organizationSettings.changeOrganizationRegion,
    setTwoStepRequirement: organizationSettings.setTwoStepRequirement,
    listOrganizationActivity: organizationSettings.listOrganizationActivity,
    listRegions: organizationSettings.listRegions,
    getPasswordPolicy: organizationSettings.getPasswordPolicy,
    updatePasswordPolicy: organizationSettings.updatePasswordPolicy,
  },
  pricing: {
    listPricingPlans: pricing.listPricingPlans,
    listPayAsYouGoPrices: pricing.listPayAsYouGoPrices,
    listPlanUpgrades: pricing.listPlanUpgrades,
    createCustomPlan: pricing.createCustomPlan,
  },
  usage: {
    getUsageDetails: usage.getUsageDetails,
    getAddOnUsageDetails: usage.getAddOnUsageDetails,
    getMaxFileSize: usage.getMaxFileSize,
    validateLimit: usage.validateLimit,
    validateActivity: usage.validateActivity,
    recordActivity: usage.recordActivity,
    validateFile: usage.validateFile,
  },
  credits: {
    listWalletPackages: credits.listWalletPackages,
    getCustomerCredits: credits.getCustomerCredits,
    listCreditTransactions: credits.listCreditTransactions,
    buyCredits: credits.buyCredits,
    calculateCreditCost: credits.calculateCreditCost,
    giftCredits: credits.giftCredits,
    resetCredits: credits.resetCredits,
    listAddOnPackages: credits.listAddOnPackages,
    listOwnedAddOns: credits.listOwnedAddOns,
    purchaseAddOn: credits.purchaseAddOn,
  },
  subscriptions: {
    getSubscription: subscriptions.getSubscription,
    getSubscriptionSummary: subscriptions.getSubscriptionSummary,
    getUpgradeCost: subscriptions.getUpgradeCost,
    startSubscription: subscriptions.startSubscription,
    changeSubscription: subscriptions.changeSubscription,
    cancelSubscription: subscriptions.cancelSubscription,
    listInvoices: subscriptions.listInvoices,
    calculateDiscountedPrice: subscriptions.calculateDiscountedPrice,
    payOutstandingInvoice: subscriptions.payOutstandingInvoice,
    downloadInvoice: subscriptions.downloadInvoice,
  },
  recovery: { resetPassword: recovery.resetPassword, setNewPassword: recovery.setNewPassword },
  registration: {
    register: registration.register,
    verifyEmail: registration.verifyEmail,
    sendConfirmation: registration.sendConfirmation,
    quickRegister: registration.quickRegister,
  },
  apiKeys: {
    listApiKeys: apiKeys.generalApiKeyEndpoints.list,
    createApiKey: apiKeys.generalApiKeyEndpoints.create,
    updateApiKey: apiKeys.generalApiKeyEndpoints.update,
    revokeApiKey: apiKeys.generalApiKeyEndpoints.revoke,
    listResearchBotApiKeys: apiKeys.researchBotApiKeyEndpoints.list,
    createResearchBotApiKey: apiKeys.researchBotApiKeyEndpoints.create,
    updateResearchBotApiKey: apiKeys.researchBotApiKeyEndpoints.update,
    revokeResearchBotApiKey: apiKeys.researchBotApiKeyEndpoints.revoke,
    authorizeResearchBot: apiKeys.authorizeResearchBot,
    getResearchBotAccessToken: apiKeys.getResearchBotAccessToken,
  },
  sso: {
    getSsoConfig: sso.getSsoConfig,
    saveSsoConfig: sso.saveSsoConfig,
    deleteSsoConfig: sso.deleteSsoConfig,
    testSsoConnection: sso.testSsoConnection,
    verifySsoDomain: sso.verifySsoDomain,
    startSsoLogin: sso.startSsoLogin,
    completeSsoLogin: sso.completeSsoLogin,
  },
  suspension: { suspendUser: suspension.suspendUser, desuspendUser: suspension.desuspendUser },
  system: { health: system.health, ready: system.ready },
  tokens: { verifyToken: tokens.verifyToken },
  trial: {
    sendTrialReactivationEmails: trial.sendTrialReactivationEmails,
    reactivateTrial: trial.reactivateTrial,
  },
  whitePaper: { requestWhitePaper: whitePaper.requestWhitePaper },
} as const;

/** Every endpoint of the contract, for registering routes and generating the OpenAPI document. */
export const allEndpoints: readonly EndpointDefinition[] = Object.values(contract).flatMap((area) =>
  Object.values(area),
);
export type {
  AddOnPackage,
  CreditTransaction,
  OwnedAddOn,
  WalletPackage,
} from './credits.js';
export {
  currencyCodes,
  type Invoice,
  InvoiceSchema,
  type PlanChangeQuote,
  PlanChangeQuoteSchema,
  type SubscriptionState,
  type SubscriptionSummary,
  SubscriptionSummarySchema,
  subscriptionStates,
} from './subscriptions.js';
export { maxUploadBytes, type UsageCheck, type UsageDetails, type UsageLine } from './usage.js';
