import {
  type FormEvent,
  type FormHTMLAttributes,
  type ReactNode,
  type RefObject,
  useCallback,
  useRef,
  useState,
} from 'react';
import {
  type DefaultValues,
  type FieldErrors as LibraryFieldErrors,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type * as v from 'valibot';
import { ApiError } from '../client/api-error.js';
import { validateForm } from '../validation/field-errors.js';
import { errorCatalogue } from '../validation/messages.js';
import { Alert } from './alert.js';
import { Button, type ButtonProps } from './button.js';
import { focusFirstInvalidField } from './focus-first-invalid-field.js';

/** A contract schema a form can be bound to: an object of fields, maybe piped through cross-field checks. */
export type FormSchema = v.GenericSchema<Record<string, unknown>, Record<string, unknown>>;

/**
 * What a form control holds for a schema field: text inputs and selects hold a string (a picklist, a URL or an
 * optional field is still typed as text until validated), checkboxes a boolean; anything else as the schema says.
 */
export type FormFieldValue<TInput> = [Exclude<TInput, undefined>] extends [string]
  ? string
  : [Exclude<TInput, undefined>] extends [boolean]
    ? boolean
    : TInput;

/** A form's values for a schema: its input fields, each as its control holds it; optional fields stay optional. */
export type FormValues<TSchema extends FormSchema> = {
  [K in keyof v.InferInput<TSchema>]: FormFieldValue<v.InferInput<TSchema>[K]>;
};

/** The names of a form's fields whose control holds a value of type `TValue` (text fields take strings...). */
export type FieldNameOf<TValues, TValue> = {
  [K in keyof TValues]-?: [Exclude<TValues[K], undefined>] extends [TValue] ? K : never;
}[keyof TValues] &
  string;

export interface ContractFormOptions<TSchema extends FormSchema> {
  /** The endpoint's body schema from the contract: the same rules and messages as the API. */
  schema: TSchema;
  defaultValues: FormValues<TSchema>;
  /** Runs only with valid values. Throw (an `ApiError` or anything) to show the failure; values are kept. */
  onSubmit: (values: v.InferOutput<TSchema>) => Promise<void> | void;
  /**
   * Fields whose empty text is validated as typed instead of as "not given": an optional field of the API that
   * this form asks for all the same (a password confirmation), so that empty reads "This field is required".
   */
  keepEmpty?: readonly (keyof FormValues<TSchema> & string)[];
}

export type ContractForm<TValues extends Record<string, unknown>, TOutput> = UseFormReturn<
  TValues,
  unknown,
  TOutput
> & {
  /** The form-level message of the last failed call: the API's message, or "Server error". */
  formError: string | undefined;
  /** The `ApiError` of the last failed call, for screens that act on its code. */
  apiError: ApiError | undefined;
  setFormError: (message: string | undefined) => void;
  /** True while `onSubmit` runs. */
  submitting: boolean;
  /** The `<form>`'s submit handler (what `<Form>` binds). */
  submit: (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  /**
   * Sets a value from a custom control (the captcha, a card widget), validating it once the form has been
   * submitted, so its message updates as the visitor fixes it, like the built-in fields.
   */
  setFieldValue: <TName extends Path<TValues>>(name: TName, value: PathValue<TValues, TName>) => void;
  /** Attached to the `<form>` by `<Form>`, to focus the first invalid field in page order. */
  formRef: RefObject<HTMLFormElement>;
};

/**
 * The form's values as the schema sees them: a text left empty is a field not given, so optional fields become
 * absent and required ones fail with "This field is required" (the contract's own wording for both).
 */
function withoutEmptyStrings(
  values: Record<string, unknown>,
  keepEmpty: readonly string[],
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([name, value]) => value !== '' || keepEmpty.includes(name)),
  );
}

/**
 * Validates with the contract schema through the shared `validateForm` (the spec's message per field, "This field
 * is required" for a missing key), rather than a generic resolver that would show valibot's "Invalid key" texts.
 */
function contractResolver<TValues extends Record<string, unknown>, TOutput>(
  schema: v.GenericSchema<Record<string, unknown>, TOutput>,
  keepEmpty: readonly string[],
): Resolver<TValues, unknown, TOutput> {
  return (values) => {
    const validation = validateForm(schema, withoutEmptyStrings(values, keepEmpty));
    if (validation.success) return { values: validation.output, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of Object.entries(validation.errors))
      errors[name] = { type: 'schema', message };
    // The library's error type mirrors the values' shape; a flat map of top-level field names is that shape.
    return { values: {}, errors: errors as LibraryFieldErrors<TValues> };
  };
}

/**
 * A form bound to a contract schema: submit validates with the schema, focuses the first invalid field, then
 * calls `onSubmit`; an `ApiError` puts its per-field messages under the fields and its message on top. Before
 * the first submit no field shows a message; after it, each field re-validates as it changes, so a corrected
 * field's message goes at once.
 */
export function useContractForm<TSchema extends FormSchema>(
  options: ContractFormOptions<TSchema>,
): ContractForm<FormValues<TSchema>, v.InferOutput<TSchema>> {
  type TValues = FormValues<TSchema>;
  type TOutput = v.InferOutput<TSchema>;
  const { schema, defaultValues, onSubmit, keepEmpty = [] } = options;
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string>();
  const [apiError, setApiError] = useState<ApiError>();
  const [submitting, setSubmitting] = useState(false);
  const methods = useForm<TValues, unknown, TOutput>({
    // `FormValues` is exactly the shape of the defaults the library asks for.
    defaultValues: defaultValues as DefaultValues<TValues>,
    resolver: contractResolver<TValues, TOutput>(schema, keepEmpty),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Focus goes to the first invalid field in page order (custom fields included), done below.
    shouldFocusError: false,
  });

  const isFieldName = (name: string): name is Path<TValues> => name in methods.getValues();

  const submit = methods.handleSubmit(
    async (values) => {
      setFormError(undefined);
      setApiError(undefined);
      setSubmitting(true);
      try {
        await onSubmit(values);
      } catch (error) {
        if (error instanceof ApiError) {
          setApiError(error);
          setFormError(error.message);
          for (const [name, message] of Object.entries(error.issues)) {
            if (isFieldName(name)) methods.setError(name, { type: 'server', message });
          }
          focusFirstInvalidField(error.issues, formRef.current);
        } else setFormError(errorCatalogue.serverError);
      } finally {
        setSubmitting(false);
      }
    },
    (errors) => {
      setFormError(undefined);
      setApiError(undefined);
      focusFirstInvalidField(errors, formRef.current);
    },
  );

  const { setValue, formState } = methods;
  const submitted = formState.isSubmitted;
  const setFieldValue = useCallback(
    <TName extends Path<TValues>>(name: TName, value: PathValue<TValues, TName>) =>
      setValue(name, value, { shouldValidate: submitted, shouldDirty: true }),
    [setValue, submitted],
  );

  return { ...methods, formError, apiError, setFormError, submitting, submit, setFieldValue, formRef };
}

export type FormProps<TValues extends Record<string, unknown>, TOutput> = Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'noValidate' | 'form'
> & {
  form: ContractForm<TValues, TOutput>;
  children: ReactNode;
  /** How the form-level message shows; by default an `<Alert>` above the fields. */
  renderFormError?: (message: string) => ReactNode;
};

/** A `<form noValidate>` (the contract's messages, not the browser's) with its form-level message on top. */
export function Form<TValues extends Record<string, unknown>, TOutput>({
  form,
  children,
  renderFormError = (message) => <Alert>{message}</Alert>,
  ...props
}: FormProps<TValues, TOutput>) {
  return (
    <form {...props} ref={form.formRef} noValidate onSubmit={(event) => void form.submit(event)}>
      {form.formError ? renderFormError(form.formError) : null}
      {children}
    </form>
  );
}

export type FormSubmitButtonProps<TValues extends Record<string, unknown>, TOutput> = Omit<
  ButtonProps,
  'type' | 'form'
> & {
  form: ContractForm<TValues, TOutput>;
  /** Shown while the call runs, e.g. "Saving…". */
  busyLabel: string;
};

/** The submit button: disabled with its busy label while the call runs. */
export function FormSubmitButton<TValues extends Record<string, unknown>, TOutput>({
  form,
  busyLabel,
  children,
  disabled,
  ...props
}: FormSubmitButtonProps<TValues, TOutput>) {
  return (
    <Button type="submit" disabled={form.submitting || disabled} {...props}>
      {form.submitting ? busyLabel : children}
    </Button>
  );
}
