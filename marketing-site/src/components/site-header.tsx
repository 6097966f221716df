import { useAuth } from '@dcipher/shared/auth';
import { productName } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import type { CSSObject } from '@emotion/react';
import { Link } from 'gatsby';
import { NavAnchor } from './nav-anchor';
import { primaryNavigation } from './site-links';

const focusRing: CSSObject = {
  '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
};

const navLink: CSSObject = {
  color: theme.colors.ink,
  fontWeight: 600,
  textDecoration: 'none',
  padding: '0.5rem 0.6rem',
  borderRadius: theme.radius,
  '&:hover': { background: theme.colors.canvas },
  '&[aria-current="page"]': { color: theme.colors.brand },
  ...focusRing,
};

const buttonLink = (primary: boolean): CSSObject => ({
  ...navLink,
  padding: '0.55rem 1rem',
  border: `1px solid ${theme.colors.brand}`,
  background: primary ? theme.colors.brand : 'transparent',
  color: primary ? theme.colors.onBrand : theme.colors.brand,
  '&:hover': { background: primary ? theme.colors.brandDark : theme.colors.canvas },
});

export function SiteHeader() {
  const signedIn = useAuth((state) => state.status === 'authenticated');
  return (
    <header
      css={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '0.75rem',
        padding: '0.75rem clamp(1rem, 4vw, 3rem)',
        borderBottom: `1px solid ${theme.colors.border}`,
        background: theme.colors.surface,
      }}
    >
      <a
        href="#main-content"
        css={{
          position: 'absolute',
          left: '-999px',
          '&:focus': {
            left: '1rem',
            top: '1rem',
            background: theme.colors.surface,
            padding: '0.5rem',
            zIndex: 10,
          },
        }}
      >
        Skip to content
      </a>
      <Link to="/" css={{ ...navLink, fontSize: '1.35rem', color: theme.colors.brand }}>
        {productName}
      </Link>
      <nav aria-label="Main">
        <ul
          css={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: '0.25rem',
            listStyle: 'none',
            margin: 0,
            padding: 0,
          }}
        >
          {primaryNavigation.map((link) => (
            <li key={link.to}>
              <NavAnchor link={link} css={navLink} />
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Account" css={{ display: 'flex', gap: '0.5rem' }}>
        {signedIn ? (
          <Link to="/account" css={buttonLink(true)}>
            My account
          </Link>
        ) : (
          <>
            <Link to="/login" css={buttonLink(false)}>
              Log in
            </Link>
            <Link to="/signup" css={buttonLink(true)}>
              Start free trial
            </Link>
          </>
        )}
      </nav>
    </header>
  );
}
