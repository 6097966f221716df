import { forwardRef, type InputHTMLAttributes, useId, useState } from 'react';
import { theme } from './theme.js';
import { useHydrated } from './use-hydrated-defaults.js';

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
};

/** Read by screen readers, not shown: completes a short visible label ("Show" → "Show password"). */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

const inputStyle = (error: string | undefined) =>
  ({
    font: 'inherit',
    width: '100%',
    minWidth: 0,
    boxSizing: 'border-box',
    padding: '0.65rem 0.75rem',
    borderRadius: theme.radius,
    border: `1px solid ${error ? theme.colors.danger : theme.colors.border}`,
    '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 1 },
  }) as const;

/**
 * A text input with a visible label and its error announced to assistive technology. A password field has a
 * "Show" toggle (a real button, `aria-pressed`), so a long password can be checked before it is sent. In a page's
 * HTML the toggle is disabled until the field's script is live (it could not do anything before that).
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, id, type, ...props },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const [passwordShown, setPasswordShown] = useState(false);
  const live = useHydrated();
  const isPassword = type === 'password';
  const input = (
    <input
      ref={ref}
      id={inputId}
      type={isPassword && passwordShown ? 'text' : type}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      css={[inputStyle(error), isPassword && { paddingRight: '4.75rem' }]}
      {...props}
    />
  );
  return (
    <div
      css={{ display: 'flex', flexDirection: 'column', gap: '0.35rem', marginBottom: '1rem', minWidth: 0 }}
    >
      <label htmlFor={inputId} css={{ fontWeight: 600, color: theme.colors.ink }}>
        {label}
      </label>
      {isPassword ? (
        <div css={{ position: 'relative' }}>
          {input}
          <button
            type="button"
            aria-pressed={passwordShown}
            aria-controls={inputId}
            disabled={!live}
            onClick={() => setPasswordShown((shown) => !shown)}
            css={{
              position: 'absolute',
              top: 0,
              right: 0,
              bottom: 0,
              minWidth: '4.25rem',
              padding: '0 0.75rem',
              border: 0,
              borderLeft: `1px solid ${theme.colors.border}`,
              borderRadius: `0 ${theme.radius} ${theme.radius} 0`,
              background: 'transparent',
              color: theme.colors.brandDark,
              font: 'inherit',
              fontWeight: 600,
              cursor: 'pointer',
              '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: -3 },
            }}
          >
            {passwordShown ? 'Hide' : 'Show'}
            <span css={visuallyHidden}> password</span>
          </button>
        </div>
      ) : (
        input
      )}
      {error ? (
        <span id={errorId} css={{ color: theme.colors.danger, fontSize: '0.9rem' }}>
          {error}
        </span>
      ) : null}
    </div>
  );
});
