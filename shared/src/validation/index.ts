export { type FieldErrors, fieldErrorsOf, validateForm } from './field-errors.js';
export { emailField, emailMaxLength, enteredPassword, nameMaxLength, requiredText } from './fields.js';
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
