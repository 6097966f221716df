export { emailField, emailMaxLength, enteredPassword, nameMaxLength, requiredText } from './fields.js';
export { type FieldErrors, fieldErrorsOf, validateForm } from './field-errors.js';
export {
  errorCatalogue,
  missingParameterMessage,
  networkErrorMessage,
  passwordTooLong,
  passwordTooShort,
  toCatalogueMessage,
  tooLong,
  validationMessages,
} from './messages.js';
