import * as account from './account.js';
import * as auth from './auth.js';
import * as captcha from './captcha.js';
import * as contact from './contact.js';
import * as creditCards from './credit-cards.js';
import type { EndpointDefinition } from './endpoint.js';
import * as pricing from './pricing.js';
import * as recovery from './recovery.js';
import * as registration from './registration.js';
import * as system from './system.js';
import * as whitePaper from './white-paper.js';

export { type Account, AccountSchema } from './account.js';
export {
  type ChangePasswordInput,
  ChangePasswordInputSchema,
  type Credentials,
  CredentialsSchema,
  type TokenPair,
  TokenPairSchema,
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
  contactTopics,
  phoneMaxLength,
} from './contact.js';
export {
  type CardBrand,
  type CreditCard,
  CreditCardSchema,
  cardBrands,
  cardExpiryParts,
  type DeleteCreditCardInput,
  DeleteCreditCardInputSchema,
  type PaymentMethodInput,
  PaymentMethodInputSchema,
} from './credit-cards.js';
export {
  defineEndpoint,
  type EndpointDefinition,
  type EndpointInput,
  type EndpointOutput,
  type EndpointRequest,
  type HttpMethod,
  pathParameterNames,
} from './endpoint.js';
export { type ErrorBody, ErrorBodySchema, type ErrorCode, errorCodes } from './errors.js';
export { companyMaxLength, jobTitleMaxLength } from './lead-fields.js';
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
/** The contract, one module per API area. */
export {
  type RegistrationInput,
  RegistrationInputSchema,
  SendConfirmationInputSchema,
  VerifyEmailInputSchema,
} from './registration.js';
export {
  type WhitePaperDownload,
  WhitePaperDownloadSchema,
  type WhitePaperRequestInput,
  WhitePaperRequestInputSchema,
  whitePaperDownloadPath,
} from './white-paper.js';

export const contract = {
  account: { getAccount: account.getAccount },
  auth: {
    login: auth.login,
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
  },
  pricing: { listPricingPlans: pricing.listPricingPlans, listPayAsYouGoPrices: pricing.listPayAsYouGoPrices },
  recovery: { resetPassword: recovery.resetPassword, setNewPassword: recovery.setNewPassword },
  registration: {
    register: registration.register,
    verifyEmail: registration.verifyEmail,
    sendConfirmation: registration.sendConfirmation,
  },
  system: { health: system.health },
  whitePaper: { requestWhitePaper: whitePaper.requestWhitePaper },
} as const;

/** Every endpoint of the contract, for registering routes and generating the OpenAPI document. */
export const allEndpoints: readonly EndpointDefinition[] = Object.values(contract).flatMap((area) =>
  Object.values(area),
);
