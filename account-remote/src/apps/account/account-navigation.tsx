import { companyContacts } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { RouteLink } from '../../router/remote-router';
import { type AccountRoute, menuGroups } from './account-routes';

export interface AccountNavigationProps {
  /** The menu's screens: only those the user may open. */
  routes: readonly AccountRoute[];
  currentPath: string;
  onLogOut: () => void;
  loggingOut: boolean;
}

const itemStyle = {
  display: 'flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: '0 0.85rem',
  borderRadius: theme.radius,
  color: theme.colors.ink,
  textDecoration: 'none',
  font: 'inherit',
  width: '100%',
  boxSizing: 'border-box' as const,
  '&:hover': { background: theme.colors.canvas },
  '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 1 },
};

/**
 * The account area's menu (spec section 2), grouped (docs/decisions/0081): the overview, workflows, then Personal,
 * Organization and Billing, each a labelled list of the screens the user may open, then contact, help and log out.
 * The current page is marked for sight and for screen readers; on a phone the whole menu is one disclosure inside
 * the page ("Account menu"), apart from the site's header menu.
 */
export function AccountNavigation({ routes, currentPath, onLogOut, loggingOut }: AccountNavigationProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const groupLabelId = useId();
  const isCurrentPage = (route: AccountRoute) =>
    route.path === currentPath || (route.currentBelow === true && currentPath.startsWith(`${route.path}/`));
  const current = routes.find(isCurrentPage);

  return (
    <nav aria-label="Account area" css={{ fontFamily: theme.font.family }}>
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        css={{
          ...itemStyle,
          justifyContent: 'space-between',
          gap: '0.5rem',
          textAlign: 'left',
          border: `1px solid ${theme.colors.border}`,
          background: theme.colors.surface,
          fontWeight: 600,
          cursor: 'pointer',
          display: 'none',
          '@media (max-width: 47.99rem)': { display: 'flex' },
        }}
      >
        <span>Account menu{current ? `: ${current.title}` : ''}</span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <div
        id={listId}
        css={{
          // Phones fold the menu behind the button; wider screens always show it beside the screen.
          '@media (max-width: 47.99rem)': { marginTop: '0.5rem', display: open ? 'block' : 'none' },
        }}
      >
        {menuGroups(routes).map((group) => (
          <div key={group.section} css={{ marginBottom: group.label ? '0.75rem' : 0 }}>
            {group.label ? (
              <p
                id={`${groupLabelId}-${group.section}`}
                css={{
                  margin: '0.75rem 0 0.25rem',
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
            ) : null}
            <ul
              aria-labelledby={group.label ? `${groupLabelId}-${group.section}` : undefined}
              css={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {group.routes.map((route) => (
                <li key={route.path}>
                  <MenuLink route={route} current={isCurrentPage(route)} onNavigate={() => setOpen(false)} />
                </li>
              ))}
            </ul>
          </div>
        ))}
        <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {routes
            .filter((route) => route.separated)
            .map((route) => (
              <MenuItem key={route.path} separated>
                <MenuLink route={route} current={isCurrentPage(route)} onNavigate={() => setOpen(false)} />
              </MenuItem>
            ))}
          <MenuItem separated={!routes.some((route) => route.separated)}>
            <a href={companyContacts.helpCentreUrl} target="_blank" rel="noopener noreferrer" css={itemStyle}>
              Help<span css={{ position: 'absolute', left: '-9999px' }}> (opens in a new tab)</span>
            </a>
          </MenuItem>
          <MenuItem>
            <button
              type="button"
              onClick={onLogOut}
              disabled={loggingOut}
              css={{
                ...itemStyle,
                border: 'none',
                background: 'transparent',
                cursor: 'pointer',
                textAlign: 'left',
              }}
            >
              {loggingOut ? 'Logging out…' : 'Log out'}
            </button>
          </MenuItem>
        </ul>
      </div>
    </nav>
  );
}

function MenuLink({
  route,
  current,
  onNavigate,
}: {
  route: AccountRoute;
  current: boolean;
  onNavigate: () => void;
}) {
  return (
    <RouteLink
      // Account routes with parameters are never menu entries (hiddenFromMenu).
      to={route.id as 'account'}
      onNavigate={onNavigate}
      aria-current={current ? 'page' : undefined}
      css={{
        ...itemStyle,
        fontWeight: current ? 700 : 500,
        background: current ? theme.colors.canvas : 'transparent',
        boxShadow: current ? `inset 3px 0 0 ${theme.colors.brand}` : 'none',
      }}
    >
      {route.title}
    </RouteLink>
  );
}

function MenuItem({ children, separated = false }: { children: ReactNode; separated?: boolean }) {
  return (
    <li
      css={
        separated
          ? { marginTop: '0.75rem', paddingTop: '0.75rem', borderTop: `1px solid ${theme.colors.border}` }
          : undefined
      }
    >
      {children}
    </li>
  );
}
