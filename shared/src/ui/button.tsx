import type { ButtonHTMLAttributes } from 'react';
import { theme } from './theme.js';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' };

export function Button({ variant = 'primary', type = 'button', ...props }: ButtonProps) {
  const primary = variant === 'primary';
  return (
    <button
      type={type}
      css={{
        font: 'inherit',
        fontWeight: 600,
        padding: '0.7rem 1.25rem',
        borderRadius: theme.radius,
        border: `1px solid ${primary ? theme.colors.brand : theme.colors.border}`,
        background: primary ? theme.colors.brand : theme.colors.surface,
        color: primary ? theme.colors.onBrand : theme.colors.ink,
        cursor: 'pointer',
        '&:hover:not(:disabled)': { background: primary ? theme.colors.brandDark : theme.colors.canvas },
        '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
        '&:disabled': { opacity: 0.6, cursor: 'progress' },
      }}
      {...props}
    />
  );
}
