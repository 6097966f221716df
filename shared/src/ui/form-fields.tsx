import type { Path } from 'react-hook-form';
import {
  CheckboxField,
  type CheckboxFieldProps,
  SelectField,
  type SelectFieldProps,
  TextAreaField,
  type TextAreaFieldProps,
} from './choice-fields.js';
import type { ContractForm, FieldNameOf } from './contract-form.js';
import { TextField, type TextFieldProps } from './text-field.js';

/** What the form layer provides for a control: its value, handlers, name and error. */
type Bound =
  | 'form'
  | 'name'
  | 'error'
  | 'value'
  | 'defaultValue'
  | 'checked'
  | 'defaultChecked'
  | 'onChange'
  | 'onBlur';

type FieldBinding<TValues extends Record<string, unknown>, TOutput, TValue> = {
  form: ContractForm<TValues, TOutput>;
  /** A field of the form's schema whose control holds this kind of value; checked by the compiler. */
  name: Path<TValues> & FieldNameOf<TValues, TValue>;
  /** Fields to re-validate with this one once submitted (a confirmation that must match it). */
  deps?: Path<TValues>[];
};

/** The message under a field: none before the first submit, then the current one as the field changes. */
export function fieldError<TValues extends Record<string, unknown>, TOutput>(
  form: ContractForm<TValues, TOutput>,
  name: Path<TValues>,
): string | undefined {
  return form.getFieldState(name, form.formState).error?.message;
}

export type FormTextFieldProps<TValues extends Record<string, unknown>, TOutput> = Omit<
  TextFieldProps,
  Bound
> &
  FieldBinding<TValues, TOutput, string>;

export function FormTextField<TValues extends Record<string, unknown>, TOutput>({
  form,
  name,
  deps,
  ...props
}: FormTextFieldProps<TValues, TOutput>) {
  return <TextField {...props} {...form.register(name, { deps })} error={fieldError(form, name)} />;
}

export type FormTextAreaFieldProps<TValues extends Record<string, unknown>, TOutput> = Omit<
  TextAreaFieldProps,
  Bound
> &
  FieldBinding<TValues, TOutput, string>;

export function FormTextAreaField<TValues extends Record<string, unknown>, TOutput>({
  form,
  name,
  deps,
  ...props
}: FormTextAreaFieldProps<TValues, TOutput>) {
  return <TextAreaField {...props} {...form.register(name, { deps })} error={fieldError(form, name)} />;
}

export type FormSelectFieldProps<TValues extends Record<string, unknown>, TOutput> = Omit<
  SelectFieldProps,
  Bound
> &
  FieldBinding<TValues, TOutput, string>;

export function FormSelectField<TValues extends Record<string, unknown>, TOutput>({
  form,
  name,
  deps,
  ...props
}: FormSelectFieldProps<TValues, TOutput>) {
  return <SelectField {...props} {...form.register(name, { deps })} error={fieldError(form, name)} />;
}

export type FormCheckboxFieldProps<TValues extends Record<string, unknown>, TOutput> = Omit<
  CheckboxFieldProps,
  Bound
> &
  FieldBinding<TValues, TOutput, boolean>;

export function FormCheckboxField<TValues extends Record<string, unknown>, TOutput>({
  form,
  name,
  deps,
  ...props
}: FormCheckboxFieldProps<TValues, TOutput>) {
  return <CheckboxField {...props} {...form.register(name, { deps })} error={fieldError(form, name)} />;
}
