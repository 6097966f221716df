import { theme } from '@dcipher/shared/ui';
import { Children, type ReactNode } from 'react';

const gutter = theme.layout.gutter;

/** The opening block of a page: its one h1, a lead paragraph and, beside them on a wide screen, an `aside`. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  aside,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  /** A picture for the hero's right half (under the text on a phone). */
  aside?: ReactNode;
}) {
  const text = (
    <>
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
    </>
  );
  return (
    <section css={{ padding: `clamp(2.5rem, 7vw, 5rem) ${gutter}`, background: theme.colors.canvas }}>
      {aside ? <HeroColumns aside={aside}>{text}</HeroColumns> : text}
    </section>
  );
}

/** Text on the left, a picture on the right from 60rem; one column, the picture last, below that. */
export function HeroColumns({ children, aside }: { children: ReactNode; aside: ReactNode }) {
  return (
    <div
      css={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: '2.5rem',
        alignItems: 'center',
        '@media (min-width: 60rem)': { gridTemplateColumns: 'minmax(0, 1.1fr) minmax(0, 1fr)' },
      }}
    >
      <div>{children}</div>
      <div css={{ display: 'flex', justifyContent: 'center' }}>{aside}</div>
    </div>
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

const remOf = (length: string) => Number.parseFloat(length) * (length.endsWith('px') ? 1 / 16 : 1);

/**
 * Cards in a responsive grid that never leaves one card alone on its last row: one column on a phone; two from
 * tablet width (an odd last card spans the row); three at desktop width, with the last row of two cards (or two
 * rows of two) stretched across, so five cards are 3 + 2, seven 3 + 2 + 2, four 2 + 2. The grid has six tracks
 * and each card spans some of them; `min` is the narrowest a card may be (it moves the breakpoints).
 */
export function CardGrid({ children, min = '16rem' }: { children: ReactNode; min?: string }) {
  const count = Children.toArray(children).length;
  const minRem = remOf(min);
  const twoColumnsAt = Math.max(40, 2 * minRem + 6);
  const threeColumnsAt = Math.max(64, 3 * minRem + 11);
  const remainder = count % 3;
  // At three to a row, the cards after the last full row of three share their row(s) two by two.
  const stretched = count === 1 ? 0 : remainder === 2 ? 2 : remainder === 1 ? 4 : 0;
  return (
    <div
      css={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: '1.5rem',
        [`@media (min-width: ${twoColumnsAt}rem)`]: {
          gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
          '& > *': { gridColumn: 'span 3' },
          ...(count % 2 === 1 ? { '& > :last-child': { gridColumn: '1 / -1' } } : {}),
        },
        [`@media (min-width: ${threeColumnsAt}rem)`]: {
          '& > *': { gridColumn: count === 1 ? '1 / -1' : 'span 2' },
          ...(stretched > 0
            ? { [`& > :nth-last-child(-n + ${stretched})`]: { gridColumn: 'span 3' } }
            : { '& > :last-child': { gridColumn: count === 1 ? '1 / -1' : 'span 2' } }),
        },
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
