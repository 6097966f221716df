import type { ReactNode } from 'react';
import { type AccountSection, allRoutes } from '../routes/index.js';
import { theme } from './theme.js';

/** The account area's menu groups, in the order the menu shows them (the declared routes' `section`). */
export const accountSectionLabels: Record<AccountSection, string> = {
  overview: 'Overview',
  workflows: 'Workflows',
  personal: 'Personal',
  organization: 'Organization',
  billing: 'Billing',
};

/**
 * The menu's groups and how many entries each has, from the declared routes: a route of the account area whose
 * path has no parameter and is not a step of the checkout (reached from a plan, never from the menu).
 */
export function accountMenuGroups(): { section: AccountSection; label: string; entries: number }[] {
  const sections = Object.keys(accountSectionLabels) as AccountSection[];
  return sections.map((section) => ({
    section,
    label: accountSectionLabels[section],
    entries: allRoutes.filter(
      (route) =>
        route.server.by === 'AccountApp' &&
        route.server.section === section &&
        !route.path.includes('{') &&
        !route.path.startsWith('/checkout'),
    ).length,
  }));
}

const phone = '@media (max-width: 47.99rem)';
const wide = '@media (min-width: 48rem)';

const bar = (height: string, width: string) => (
  <div
    css={{ height, width, maxWidth: '100%', borderRadius: theme.radius, background: theme.colors.canvas }}
  />
);

/**
 * The account area's frame as the site's page HTML paints it before the remote answers (docs/decisions/0083), and
 * what the remote can show while the account loads, so nothing moves between the two: the
 * same grid as the remote's account layout (a 15rem menu beside the screen from 48rem, the menu folded behind a
 * button on a phone), the menu's groups named and their entries drawn as grey shapes, and the screen's place with
 * `children` (the loading status, or why the remote could not be loaded) over the shape of a screen. Nothing in it
 * depends on who the visitor is, so it is the same for everyone and can be in the static HTML.
 */
export function AccountFrame({ title, children }: { title?: string | undefined; children: ReactNode }) {
  return (
    <div
      data-testid="account-frame"
      css={{
        maxWidth: '72rem',
        margin: '0 auto',
        padding: '1.5rem 1rem 3rem',
        boxSizing: 'border-box',
        fontFamily: theme.font.family,
        color: theme.colors.ink,
        display: 'grid',
        gap: '1.5rem',
        gridTemplateColumns: 'minmax(0, 1fr)',
        [wide]: { gridTemplateColumns: '15rem minmax(0, 1fr)', gap: '2.5rem' },
      }}
    >
      <div aria-hidden="true">
        <div css={{ margin: '0 0 0.75rem', height: '1.5rem', display: 'flex', alignItems: 'center' }}>
          {bar('0.9rem', '80%')}
        </div>
        <div
          css={{
            [wide]: { display: 'none' },
            height: '44px',
            border: `1px solid ${theme.colors.border}`,
            borderRadius: theme.radius,
            display: 'flex',
            alignItems: 'center',
            padding: '0 0.85rem',
          }}
        >
          {bar('0.9rem', '60%')}
        </div>
        <div css={{ [phone]: { display: 'none' } }} data-testid="account-frame-menu">
          {accountMenuGroups().map((group) => (
            <div key={group.section} css={{ marginBottom: '0.75rem' }}>
              <p
                css={{
                  margin: '0 0 0.25rem',
                  padding: '0 0.85rem',
                  fontSize: '0.8rem',
                  fontWeight: 700,
                  letterSpacing: '0.04em',
                  textTransform: 'uppercase',
                  color: theme.colors.muted,
                }}
              >
                {group.label}
              </p>
              {Array.from({ length: group.entries }, (_, index) => (
                <div
                  key={index}
                  css={{ height: '36px', display: 'flex', alignItems: 'center', padding: '0 0.85rem' }}
                >
                  {bar('0.8rem', `${55 + ((index * 17) % 35)}%`)}
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
      <section css={{ minWidth: 0 }}>
        {title ? (
          <h1 css={{ margin: '0 0 1.25rem', fontSize: '1.75rem' }}>{title}</h1>
        ) : (
          <div aria-hidden="true" css={{ height: '2.6rem', marginBottom: '1.25rem', display: 'flex' }}>
            {bar('2rem', '14rem')}
          </div>
        )}
        {children}
        {title ? null : (
          <div aria-hidden="true" css={{ display: 'grid', gap: '1rem', marginTop: '1rem' }}>
            {bar('6rem', '100%')}
            {bar('1rem', '70%')}
            {bar('1rem', '55%')}
            {bar('10rem', '100%')}
          </div>
        )}
      </section>
    </div>
  );
}
