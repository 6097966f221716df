import type { ButtonHTMLAttributes } from 'react';
import { theme } from './theme.js';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** `danger` for what cannot be undone (deleting an account). */
  variant?: 'primary' | 'secondary' | 'danger';
};

export function Button({ variant = 'primary', type = 'button', ...props }: ButtonProps) {
  const filled = variant !== 'secondary';
  const fill = variant === 'danger' ? theme.colors.danger : theme.colors.brand;
  const hoverFill = variant === 'danger' ? '#912018' : theme.colors.brandDark;
  return (
    <button
      type={type}
      css={{
        font: 'inherit',
        fontWeight: 600,
        padding: '0.7rem 1.25rem',
        borderRadius: theme.radius,
        border: `1px solid ${filled ? fill : theme.colors.border}`,
        background: filled ? fill : theme.colors.surface,
        color: filled ? theme.colors.onBrand : theme.colors.ink,
        cursor: 'pointer',
        '&:hover:not(:disabled)': { background: filled ? hoverFill : theme.colors.canvas },
        '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
        '&:disabled': { opacity: 0.6, cursor: 'progress' },
      }}
      {...props}
    />
  );
}
