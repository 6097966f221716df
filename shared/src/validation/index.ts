export { type FieldErrors, fieldErrorsOf, issueMessage, validateForm } from './field-errors.js';
export {
  emailField,
  emailMaxLength,
  enteredPassword,
  nameMaxLength,
  optionalText,
  requiredText,
} from './fields.js';
export { passesLuhnCheck } from './luhn-check.js';
export {
  emailChangeMessages,
  errorCatalogue,
  type IntegrationName,
  identityProviderUnreachable,
  integrationMessages,
  integrationNames,
  internalAdminOnlyMessage,
  invitationMessages,
  marketingEmailMessages,
  missingParameterMessage,
  networkErrorMessage,
  passwordTooLong,
  passwordTooShort,
  paymentMessages,
  permissionDenied,
  permissionDeniedMessage,
  signedInOnlyMessage,
  ssoEmailDomainTaken,
  ssoMessages,
  subscriptionAlreadyActiveMessage,
  toCatalogueMessage,
  tooLong,
  tooManyRequestsMessage,
  tooManySignInAttempts,
  validationMessages,
} from './messages.js';
export { newPassword, passwordPolicy, passwordProblems } from './password-policy.js';
