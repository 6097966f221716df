import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import { theme } from './theme.js';

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
};

/** A text input with a visible label and its error announced to assistive technology. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, id, ...props },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '0.35rem', marginBottom: '1rem' }}>
      <label htmlFor={inputId} css={{ fontWeight: 600, color: theme.colors.ink }}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        css={{
          font: 'inherit',
          padding: '0.65rem 0.75rem',
          borderRadius: theme.radius,
          border: `1px solid ${error ? theme.colors.danger : theme.colors.border}`,
          '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 1 },
        }}
        {...props}
      />
      {error ? (
        <span id={errorId} css={{ color: theme.colors.danger, fontSize: '0.9rem' }}>
          {error}
        </span>
      ) : null}
    </div>
  );
});
