export { Alert } from './alert.js';
export { Button, type ButtonProps } from './button.js';
export { TextField, type TextFieldProps } from './text-field.js';
export { theme } from './theme.js';
