import { theme } from '@dcipher/shared/ui';
import { type ReactNode, useId } from 'react';

/** A titled card of an account screen. */
export function ScreenSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      css={{
        background: theme.colors.surface,
        border: `1px solid ${theme.colors.border}`,
        borderRadius: '12px',
        padding: '1.25rem',
        marginBottom: '1.5rem',
        '@media (min-width: 48rem)': { padding: '1.5rem 1.75rem' },
      }}
    >
      <h2 id={headingId} css={{ margin: '0 0 1rem', fontSize: '1.25rem' }}>
        {title}
      </h2>
      {children}
    </section>
  );
}
