import type { ReactNode } from 'react';
import { visuallyHidden } from './text-field.js';
import { theme } from './theme.js';

/** The sign-in screens' background (a gradient with soft circles), inline so the first HTML paints it. */
const background = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1600 1000' preserveAspectRatio='xMidYMid slice'%3E%3Cdefs%3E%3ClinearGradient id='g' x1='0' y1='0' x2='1' y2='1'%3E%3Cstop offset='0' stop-color='%231b1e5c'/%3E%3Cstop offset='0.55' stop-color='%233b3fd8'/%3E%3Cstop offset='1' stop-color='%230f8f9c'/%3E%3C/linearGradient%3E%3C/defs%3E%3Crect width='1600' height='1000' fill='url(%23g)'/%3E%3Ccircle cx='663' cy='970' r='118' fill='%23ffffff' fill-opacity='0.1'/%3E%3Ccircle cx='98' cy='74' r='290' fill='%23ffffff' fill-opacity='0.12'/%3E%3Ccircle cx='748' cy='596' r='94' fill='%23ffffff' fill-opacity='0.17'/%3E%3Ccircle cx='439' cy='38' r='102' fill='%23ffffff' fill-opacity='0.11'/%3E%3Ccircle cx='143' cy='246' r='103' fill='%23ffffff' fill-opacity='0.12'/%3E%3Ccircle cx='121' cy='846' r='224' fill='%23ffffff' fill-opacity='0.07'/%3E%3Ccircle cx='457' cy='645' r='240' fill='%23ffffff' fill-opacity='0.13'/%3E%3Ccircle cx='126' cy='590' r='229' fill='%23ffffff' fill-opacity='0.1'/%3E%3Ccircle cx='452' cy='47' r='222' fill='%23ffffff' fill-opacity='0.16'/%3E%3Ccircle cx='593' cy='429' r='116' fill='%23ffffff' fill-opacity='0.12'/%3E%3Ccircle cx='1169' cy='315' r='223' fill='%23ffffff' fill-opacity='0.16'/%3E%3Ccircle cx='370' cy='105' r='228' fill='%23ffffff' fill-opacity='0.12'/%3E%3Ccircle cx='384' cy='381' r='104' fill='%23ffffff' fill-opacity='0.12'/%3E%3Ccircle cx='128' cy='577' r='95' fill='%23ffffff' fill-opacity='0.13'/%3E%3Cpath d='M0 508 C 400 358, 1200 658, 1600 468' stroke='%23ffffff' stroke-opacity='0.12' stroke-width='2' fill='none'/%3E%3Cpath d='M0 696 C 400 546, 1200 846, 1600 656' stroke='%23ffffff' stroke-opacity='0.12' stroke-width='2' fill='none'/%3E%3Cpath d='M0 544 C 400 394, 1200 694, 1600 504' stroke='%23ffffff' stroke-opacity='0.12' stroke-width='2' fill='none'/%3E%3Cpath d='M0 437 C 400 287, 1200 587, 1600 397' stroke='%23ffffff' stroke-opacity='0.12' stroke-width='2' fill='none'/%3E%3Cpath d='M0 795 C 400 645, 1200 945, 1600 755' stroke='%23ffffff' stroke-opacity='0.12' stroke-width='2' fill='none'/%3E%3Cpath d='M0 321 C 400 171, 1200 471, 1600 281' stroke='%23ffffff' stroke-opacity='0.12' stroke-width='2' fill='none'/%3E%3Cpath d='M0 476 C 400 326, 1200 626, 1600 436' stroke='%23ffffff' stroke-opacity='0.12' stroke-width='2' fill='none'/%3E%3Cpath d='M0 599 C 400 449, 1200 749, 1600 559' stroke='%23ffffff' stroke-opacity='0.12' stroke-width='2' fill='none'/%3E%3Cpath d='M0 945 C 400 795, 1200 1095, 1600 905' stroke='%23ffffff' stroke-opacity='0.12' stroke-width='2' fill='none'/%3E%3C/svg%3E")`;

const onBackgroundLink = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.5rem',
  minHeight: '44px',
  padding: '0 0.85rem',
  borderRadius: theme.radius,
  background: 'rgba(14, 16, 48, 0.72)',
  color: theme.colors.onBrand,
  fontWeight: 600,
  textDecoration: 'none',
  '&:hover': { background: 'rgba(14, 16, 48, 0.9)' },
  '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
} as const;

/** The product's mark: a rounded square with a spark, drawn here so it needs no request. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={theme.colors.onBrand} />
      <path d="M9 8h7.5a8 8 0 0 1 0 16H9z" fill={theme.colors.brand} />
      <circle cx="16" cy="16" r="3.2" fill={theme.colors.onBrand} />
    </svg>
  );
}

export interface LoginFrameProps {
  /** The card's heading (the page's h1). */
  title: string;
  children: ReactNode;
  /** Where the logo and "Back to the site" lead: the marketing site's home. */
  siteHref?: string;
  /** A card as wide as a result needs (a public workflow's charts, docs/decisions/0128), not a form's. */
  wide?: boolean;
}

/**
 * The spec's login-style layout, shared by the host and the remote so the host's first HTML already shows it
 * (no white flash, no jump when the remote's screen replaces the placeholder): full-screen background, the logo
 * and a way back to the site, a centred card with the page's heading.
 */
export function LoginFrame({ title, children, siteHref = '/', wide = false }: LoginFrameProps) {
  return (
    <div
      css={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateRows: 'auto 1fr',
        gridTemplateColumns: 'minmax(0, 1fr)',
        boxSizing: 'border-box',
        backgroundColor: theme.colors.brandDark,
        backgroundImage: background,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        fontFamily: theme.font.family,
      }}
    >
      <header
        css={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: '0.5rem',
          padding: '0.75rem 1rem',
        }}
      >
        <a href={siteHref} css={{ ...onBackgroundLink, fontSize: '1.15rem' }}>
          <LogoMark />
          Dcipher
          <span css={visuallyHidden}> home</span>
        </a>
        <a href={siteHref} css={onBackgroundLink}>
          <span aria-hidden="true">←</span> Back to the site
        </a>
      </header>
      <div
        css={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr)',
          alignItems: 'center',
          justifyItems: 'center',
          padding: '1rem 1rem 3rem',
        }}
      >
        <main
          css={{
            width: '100%',
            maxWidth: wide ? '64rem' : '26rem',
            minWidth: 0,
            background: theme.colors.surface,
            color: theme.colors.ink,
            borderRadius: '12px',
            padding: 'clamp(1.25rem, 5vw, 2rem)',
            boxShadow: '0 20px 50px rgba(10, 12, 40, 0.35)',
            boxSizing: 'border-box',
            overflowWrap: 'anywhere',
          }}
        >
          <h1 css={{ margin: '0 0 1.5rem', fontSize: '1.6rem', lineHeight: 1.25 }}>{title}</h1>
          {children}
        </main>
      </div>
    </div>
  );
}
