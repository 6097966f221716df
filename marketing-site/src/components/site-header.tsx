import { useAuth } from '@dcipher/shared/auth';
import { productName } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import type { CSSObject } from '@emotion/react';
import { Link } from 'gatsby';
import { useEffect, useId, useRef, useState } from 'react';
import { headerLiveAttribute, menuOpenAttribute, menuToggleAttribute } from '../first-view/menu-press-head';
import { NavAnchor } from './nav-anchor';
import { primaryNavigation } from './site-links';

/** Below this width the main navigation folds behind a "Menu" button. */
const phone = '@media (max-width: 47.99rem)';
const wide = '@media (min-width: 48rem)';

const focusRing: CSSObject = {
  '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
};

const navLink: CSSObject = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  boxSizing: 'border-box',
  color: theme.colors.ink,
  fontWeight: 600,
  textDecoration: 'none',
  padding: '0 0.7rem',
  borderRadius: theme.radius,
  '&:hover': { background: theme.colors.canvas },
  '&[aria-current="page"]': { color: theme.colors.brand, boxShadow: `inset 0 -2px 0 ${theme.colors.brand}` },
  ...focusRing,
};

const buttonLink = (primary: boolean): CSSObject => ({
  ...navLink,
  padding: '0 1rem',
  border: `1px solid ${theme.colors.brand}`,
  background: primary ? theme.colors.brand : 'transparent',
  color: primary ? theme.colors.onBrand : theme.colors.brand,
  whiteSpace: 'nowrap',
  '&:hover': { background: primary ? theme.colors.brandDark : theme.colors.canvas },
  // The current page never changes a button's colours: its label stays readable ("My account" on /account).
  '&[aria-current="page"]': { color: primary ? theme.colors.onBrand : theme.colors.brand, boxShadow: 'none' },
});

/**
 * The site's header: the logo, the main navigation and the account buttons. On a phone the navigation folds behind
 * a "Menu" disclosure button (44 px targets; Escape closes it and returns focus to the button; nothing is trapped).
 *
 * `accountArea` (the signed-in pages): the account buttons wait until the session is known, so the page's HTML
 * and its first paint never offer "Log in" or "Start free trial" to someone who is signed in (docs/decisions/0083);
 * a visitor without a session is on their way to log in (0084) and is offered them only where the page welcomes
 * them (`'welcomes-anonymous'`, the checkout);
 * on a phone the header is one row, the logo and "Menu", since the account area has its own menu in the page.
 */
export function SiteHeader({ accountArea = false }: { accountArea?: boolean | 'welcomes-anonymous' }) {
  const status = useAuth((state) => state.status);
  const signedIn = status === 'authenticated';
  const signedOutLinks = accountArea
    ? accountArea === 'welcomes-anonymous' && status === 'anonymous'
    : !signedIn;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  // From here on the header answers the Menu button itself; a menu the head's script opened before the page's scripts
  // ran stays open (docs/decisions/0137). The script's mark stays on until React has drawn the menu open itself: taken
  // off here, before that render (a later task), it left the menu hidden in between, and a tap on a link landing then
  // was lost (decision 0138).
  useEffect(() => {
    const root = document.documentElement;
    root.setAttribute(headerLiveAttribute, '');
    if (root.hasAttribute(menuOpenAttribute)) setOpen(true);
  }, []);
  useEffect(() => {
    if (open) document.documentElement.removeAttribute(menuOpenAttribute);
  }, [open]);
  /** Opens or closes the menu, whichever drew it: React's state or, until that render, the head script's mark. */
  const showMenu = (next: (shown: boolean) => boolean) => {
    const root = document.documentElement;
    const shown = open || root.hasAttribute(menuOpenAttribute);
    root.removeAttribute(menuOpenAttribute);
    setOpen(next(shown));
  };

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header
      css={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: '0.5rem 0.75rem',
        padding: `0.5rem ${theme.layout.gutter}`,
        [phone]: { gap: '0.5rem' },
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
      <Link
        to="/"
        css={{
          ...navLink,
          fontSize: '1.35rem',
          color: theme.colors.brand,
          paddingInline: '0.25rem',
          '&[aria-current="page"]': { color: theme.colors.brand, boxShadow: 'none' },
          [phone]: { fontSize: '1.2rem', paddingInline: 0 },
        }}
      >
        {productName}
      </Link>
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        {...{ [menuToggleAttribute]: '' }}
        onClick={() => showMenu((shown) => !shown)}
        css={{
          ...navLink,
          order: 3,
          marginLeft: 'auto',
          border: `1px solid ${theme.colors.border}`,
          background: theme.colors.surface,
          font: 'inherit',
          fontWeight: 600,
          cursor: 'pointer',
          gap: '0.35rem',
          padding: '0 0.5rem',
          [wide]: { display: 'none' },
        }}
      >
        {/* Both icons, shown by the button's state, so the head's script can open the menu before React runs. */}
        <span aria-hidden="true" css={{ '[aria-expanded="true"] > &': { display: 'none' } }}>
          ☰
        </span>
        <span aria-hidden="true" css={{ '[aria-expanded="false"] > &': { display: 'none' } }}>
          ✕
        </span>{' '}
        Menu
      </button>
      <nav
        id={menuId}
        aria-label="Main"
        css={{
          [phone]: { order: 4, flexBasis: '100%', display: open ? 'block' : 'none' },
          // Opened by the head's script before the page's scripts ran.
          [`html[${menuOpenAttribute}] &`]: { [phone]: { display: 'block' } },
          [wide]: { flex: '1 1 auto' },
        }}
      >
        <ul
          css={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: '0.1rem',
            listStyle: 'none',
            margin: 0,
            padding: 0,
            [phone]: { flexDirection: 'column', padding: '0.25rem 0 0.5rem' },
          }}
        >
          {primaryNavigation.map((link) => (
            <li key={link.to}>
              <NavAnchor
                link={link}
                // Eight links and the account buttons share one line at a laptop's 1366 px: tighter sides.
                css={{
                  ...navLink,
                  padding: '0 0.4rem',
                  fontSize: '0.95rem',
                  [phone]: { display: 'flex', width: '100%', fontSize: '1rem', padding: '0 0.7rem' },
                }}
                onClick={() => showMenu(() => false)}
              />
            </li>
          ))}
          {signedOutLinks ? (
            <li css={{ [wide]: { display: 'none' } }}>
              <Link to="/login" css={{ ...navLink, display: 'flex', width: '100%' }}>
                Log in
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
      <nav
        aria-label="Account"
        css={{
          display: 'flex',
          gap: '0.5rem',
          order: 2,
          [wide]: { order: 3 },
          ...(accountArea && { [phone]: { display: 'none' } }),
        }}
      >
        {signedIn ? (
          <Link to="/account" css={buttonLink(true)}>
            My account
          </Link>
        ) : signedOutLinks ? (
          <>
            <Link to="/login" css={{ ...buttonLink(false), [phone]: { display: 'none' } }}>
              Log in
            </Link>
            <Link to="/signup" css={{ ...buttonLink(true), [phone]: { padding: '0 0.75rem' } }}>
              Start free trial
            </Link>
          </>
        ) : null}
      </nav>
    </header>
  );
}
