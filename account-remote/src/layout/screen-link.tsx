import type { RouteId } from '@dcipher/shared/routes';
import type { ReactNode } from 'react';
import { RouteLink } from '../router/host-location';

/**
 * A link between the signed-out screens, to a declared route without parameters (`to="forgotPassword"`): a real
 * href (new tab, copy link) that navigates in place on click, through the router or the given `navigate`.
 */
export function ScreenLink({
  to,
  navigate,
  query,
  children,
}: {
  to: RouteId;
  navigate: (to: string) => void;
  /** What the address carries on (`returnTo`, the page to open once signed in). */
  query?: Readonly<Record<string, string | undefined>>;
  children: ReactNode;
}) {
  return (
    <RouteLink to={to as 'login'} navigate={navigate} query={query}>
      {children}
    </RouteLink>
  );
}
