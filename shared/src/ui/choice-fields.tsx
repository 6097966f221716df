import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { theme } from './theme.js';

const controlStyle = (invalid: boolean) => ({
  font: 'inherit',
  padding: '0.65rem 0.75rem',
  borderRadius: theme.radius,
  border: `1px solid ${invalid ? theme.colors.danger : theme.colors.border}`,
  background: theme.colors.surface,
  color: theme.colors.ink,
  '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 1 },
});

function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <span id={id} css={{ color: theme.colors.danger, fontSize: '0.9rem' }}>
      {error}
    </span>
  ) : null;
}

const fieldWrapper = {
  display: 'flex',
  flexDirection: 'column' as const,
  gap: '0.35rem',
  marginBottom: '1rem',
};

export type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string | undefined;
};

// forwardRef: the form layer hands each control a ref (to read and focus it).
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, id, ...props },
  ref,
) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <div css={fieldWrapper}>
      <label htmlFor={fieldId} css={{ fontWeight: 600 }}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        css={{ ...controlStyle(Boolean(error)), minHeight: '8rem', resize: 'vertical' }}
        {...props}
      />
      <FieldError id={`${fieldId}-error`} error={error} />
    </div>
  );
});

export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
};

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, id, options, placeholder, ...props },
  ref,
) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <div css={fieldWrapper}>
      <label htmlFor={fieldId} css={{ fontWeight: 600 }}>
        {label}
      </label>
      <select
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        css={controlStyle(Boolean(error))}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${fieldId}-error`} error={error} />
    </div>
  );
});

export type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  error?: string | undefined;
};

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, error, id, ...props },
  ref,
) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <div css={{ ...fieldWrapper, flexDirection: 'column' }}>
      <div css={{ display: 'flex', alignItems: 'flex-start', gap: '0.6rem' }}>
        <input
          ref={ref}
          id={fieldId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          css={{ width: '1.2rem', height: '1.2rem', marginTop: '0.2rem', accentColor: theme.colors.brand }}
          {...props}
        />
        <label htmlFor={fieldId}>{label}</label>
      </div>
      <FieldError id={`${fieldId}-error`} error={error} />
    </div>
  );
});
