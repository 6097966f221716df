import type { ReactNode } from 'react';
import { theme } from './theme.js';

/** A message that screen readers announce as soon as it appears. */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      css={{
        padding: '0.75rem 1rem',
        marginBottom: '1rem',
        borderRadius: theme.radius,
        background: theme.colors.dangerSurface,
        color: theme.colors.danger,
        border: `1px solid ${theme.colors.danger}`,
      }}
    >
      {children}
    </div>
  );
}

/** A confirmation that screen readers announce politely. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      css={{
        padding: '1rem 1.25rem',
        marginBottom: '1rem',
        borderRadius: theme.radius,
        background: '#ecfdf3',
        color: '#05603a',
        border: '1px solid #6ce9a6',
      }}
    >
      {children}
    </div>
  );
}
