import { theme } from '@dcipher/shared/ui';
import type { ReactNode } from 'react';

const gutter = 'clamp(1rem, 6vw, 5rem)';

/** The opening block of a page: its one h1 and a lead paragraph. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section css={{ padding: `clamp(2.5rem, 7vw, 5rem) ${gutter}`, background: theme.colors.canvas }}>
      {eyebrow ? (
        <p
          css={{
            margin: '0 0 0.5rem',
            fontWeight: 700,
            color: theme.colors.brandDark,
            letterSpacing: '0.04em',
          }}
        >
          {eyebrow}
        </p>
      ) : null}
      <h1
        css={{ fontSize: 'clamp(2rem, 4.5vw, 3rem)', lineHeight: 1.15, margin: '0 0 1rem', maxWidth: '24ch' }}
      >
        {title}
      </h1>
      {lead ? (
        <p css={{ fontSize: '1.2rem', maxWidth: '60ch', color: theme.colors.muted, margin: 0 }}>{lead}</p>
      ) : null}
      {children}
    </section>
  );
}

/** A titled band of content. */
export function Section({ title, children, id }: { title?: string; children: ReactNode; id?: string }) {
  return (
    <section id={id} css={{ padding: `2.5rem ${gutter}` }}>
      {title ? <h2 css={{ fontSize: '1.6rem', margin: '0 0 1.25rem' }}>{title}</h2> : null}
      {children}
    </section>
  );
}

/** Cards in a responsive grid. */
export function CardGrid({ children, min = '16rem' }: { children: ReactNode; min?: string }) {
  return (
    <div
      css={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(min(${min}, 100%), 1fr))`,
        gap: '1.5rem',
      }}
    >
      {children}
    </div>
  );
}

export function Card({
  title,
  children,
  headingLevel = 3,
}: {
  title: string;
  children: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      css={{
        border: `1px solid ${theme.colors.border}`,
        borderRadius: '12px',
        padding: '1.5rem',
        background: theme.colors.surface,
      }}
    >
      <Heading css={{ fontSize: '1.2rem', margin: '0 0 0.5rem' }}>{title}</Heading>
      <div css={{ color: theme.colors.muted }}>{children}</div>
    </article>
  );
}

/** Long-form text (legal pages, articles): comfortable measure and spacing. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div
      css={{
        maxWidth: '70ch',
        fontSize: '1.075rem',
        '& h2': { fontSize: '1.5rem', marginTop: '2rem' },
        '& h3': { fontSize: '1.2rem', marginTop: '1.5rem' },
        '& li': { marginBottom: '0.35rem' },
        '& pre, & code': { background: theme.colors.canvas, borderRadius: '4px' },
        '& pre': { padding: '1rem', overflowX: 'auto' },
        '& blockquote': {
          borderLeft: `4px solid ${theme.colors.brand}`,
          margin: '1.5rem 0',
          padding: '0.25rem 1rem',
          color: theme.colors.muted,
        },
      }}
    >
      {children}
    </div>
  );
}
