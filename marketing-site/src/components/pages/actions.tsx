import { theme } from '@dcipher/shared/ui';
import type { CSSObject } from '@emotion/react';
import { Link } from 'gatsby';
import type { ReactNode } from 'react';
import { Section } from '../page-sections';

export interface Action {
  label: string;
  to: string;
  variant?: 'primary' | 'secondary';
}

const actionBase: CSSObject = {
  display: 'inline-block',
  fontWeight: 600,
  padding: '0.7rem 1.25rem',
  borderRadius: theme.radius,
  textDecoration: 'none',
  lineHeight: 1.3,
  '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
};

const variants: Record<'primary' | 'secondary', CSSObject> = {
  primary: {
    ...actionBase,
    border: `1px solid ${theme.colors.brand}`,
    background: theme.colors.brand,
    color: theme.colors.onBrand,
    '&:hover': { background: theme.colors.brandDark },
  },
  secondary: {
    ...actionBase,
    border: `1px solid ${theme.colors.border}`,
    background: theme.colors.surface,
    color: theme.colors.ink,
    '&:hover': { background: theme.colors.canvas },
  },
};

/** Files, mail and other sites get a plain anchor; site pages get a Gatsby link. */
export function isExternal(to: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(to) || /\.pdf$/i.test(to);
}

/** A link styled as a button, for calls to action. */
export function ActionLink({ action }: { action: Action }) {
  const style = variants[action.variant ?? 'primary'];
  if (isExternal(action.to)) {
    const offSite = /^https?:/.test(action.to);
    return (
      <a href={action.to} css={style} {...(offSite ? { rel: 'noopener noreferrer' } : {})}>
        {action.label}
      </a>
    );
  }
  return (
    <Link to={action.to} css={style}>
      {action.label}
    </Link>
  );
}

/** A row of call-to-action links. */
export function ActionRow({ actions }: { actions: Action[] }) {
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', marginTop: '1.5rem' }}>
      {actions.map((action) => (
        <ActionLink key={action.to} action={action} />
      ))}
    </div>
  );
}

/** A closing band with an h2, a short text and one or more actions. */
export function CallToAction({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions: Action[];
}) {
  return (
    <div css={{ background: theme.colors.canvas, borderTop: `1px solid ${theme.colors.border}` }}>
      <Section title={title}>
        <div css={{ maxWidth: '65ch', color: theme.colors.muted, fontSize: '1.1rem' }}>{children}</div>
        <ActionRow actions={actions} />
      </Section>
    </div>
  );
}

/** A numbered sequence of steps, each with an h3 title. */
export function OrderedSteps({ steps }: { steps: { title: string; text: ReactNode }[] }) {
  return (
    <ol
      css={{
        margin: 0,
        paddingLeft: '1.75rem',
        display: 'grid',
        gap: '1.25rem',
        maxWidth: '70ch',
        '& li::marker': { fontWeight: 700, color: theme.colors.brandDark },
      }}
    >
      {steps.map((step) => (
        <li key={step.title} css={{ paddingLeft: '0.5rem' }}>
          <h3 css={{ fontSize: '1.15rem', margin: '0 0 0.35rem' }}>{step.title}</h3>
          <p css={{ margin: 0, color: theme.colors.muted }}>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** A plain bulleted list with the site's muted text colour. */
export function BulletList({ items }: { items: ReactNode[] }) {
  return (
    <ul css={{ margin: '0.5rem 0 0', paddingLeft: '1.25rem', display: 'grid', gap: '0.4rem' }}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** Text in the page's muted colour with a readable measure, for intros under a section heading. */
export function Lead({ children }: { children: ReactNode }) {
  return <p css={{ maxWidth: '70ch', margin: '0 0 1.5rem', color: theme.colors.muted }}>{children}</p>;
}
