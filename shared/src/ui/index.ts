export { AccountFrame, accountMenuGroups, accountSectionLabels } from './account-frame.js';
export { Alert, Notice } from './alert.js';
export { Button, type ButtonProps } from './button.js';
export {
  CheckboxField,
  type CheckboxFieldProps,
  SelectField,
  type SelectFieldProps,
  TextAreaField,
  type TextAreaFieldProps,
} from './choice-fields.js';
export {
  type ContractForm,
  type ContractFormOptions,
  type FieldNameOf,
  Form,
  type FormFieldValue,
  type FormProps,
  type FormSchema,
  FormSubmitButton,
  type FormSubmitButtonProps,
  type FormValues,
  useContractForm,
} from './contract-form.js';
export { focusFirstInvalidField } from './focus-first-invalid-field.js';
export { focusRing, focusRingStyles } from './focus-ring.js';
export {
  FormCheckboxField,
  type FormCheckboxFieldProps,
  FormSelectField,
  type FormSelectFieldProps,
  FormTextAreaField,
  type FormTextAreaFieldProps,
  FormTextField,
  type FormTextFieldProps,
  fieldError,
} from './form-fields.js';
export { LoginFrame, type LoginFrameProps, LogoMark } from './login-frame.js';
export {
  FormNewPasswordField,
  type FormNewPasswordFieldProps,
  PasswordRules,
  passwordRuleMessages,
} from './password-rules.js';
export { TextField, type TextFieldProps, visuallyHidden } from './text-field.js';
export { theme } from './theme.js';
export { useHydrated, useHydratedDefaults } from './use-hydrated-defaults.js';
