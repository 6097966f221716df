import { companyContacts } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import { type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { AccountRoute } from './account-routes';

export interface AccountNavigationProps {
  /** The menu's screens: only those the user may open. */
  routes: readonly AccountRoute[];
  currentPath: string;
  navigate: (to: string) => void;
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
 * The account area's menu (spec section 2): the screens the user may open, contact, help and log out. The
 * current page is marked for sight and for screen readers; on a phone it folds behind an "Account menu" button.
 */
export function AccountNavigation({
  routes,
  currentPath,
  navigate,
  onLogOut,
  loggingOut,
}: AccountNavigationProps) {
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

  const go = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window keeps the browser's own behaviour.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setOpen(false);
    navigate(path);
  };
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
      <ul
        id={listId}
        css={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          // Phones fold the list behind the button; wider screens always show it beside the screen.
          '@media (max-width: 47.99rem)': { marginTop: '0.5rem', display: open ? 'block' : 'none' },
        }}
      >
        {routes.map((route) => {
          const isCurrent = isCurrentPage(route);
          return (
            <MenuItem key={route.path} separated={route.separated === true}>
              <a
                href={route.path}
                onClick={go(route.path)}
                aria-current={isCurrent ? 'page' : undefined}
                css={{
                  ...itemStyle,
                  fontWeight: isCurrent ? 700 : 500,
                  background: isCurrent ? theme.colors.canvas : 'transparent',
                  boxShadow: isCurrent ? `inset 3px 0 0 ${theme.colors.brand}` : 'none',
                }}
              >
                {route.title}
              </a>
            </MenuItem>
          );
        })}
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
    </nav>
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
