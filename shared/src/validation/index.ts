export { type FieldErrors, fieldErrorsOf, issueMessage, validateForm } from './field-errors.js';
export {
  emailField,
  emailMaxLength,
  enteredPassword,
  nameMaxLength,
  optionalText,
  requiredText,
} from './fields.js';
export {
  errorCatalogue,
  missingParameterMessage,
  networkErrorMessage,
  passwordTooLong,
  passwordTooShort,
  toCatalogueMessage,
  tooLong,
  tooManyRequestsMessage,
  validationMessages,
} from './messages.js';
export { newPassword, passwordPolicy, passwordProblems } from './password-policy.js';
