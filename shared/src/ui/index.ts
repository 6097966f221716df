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
export { focusFirstInvalidField } from './focus-first-invalid-field.js';
export { TextField, type TextFieldProps } from './text-field.js';
export { theme } from './theme.js';
