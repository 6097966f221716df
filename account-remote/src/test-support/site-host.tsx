import { sitePageOf } from '@dcipher/shared/routes';
import { useCallback, useState } from 'react';
import AccountApp from '../apps/account';

/**
 * The account area as the site hosts it (docs/decisions/0142): the host's `navigate` changes the browser's address
 * and mounts the app afresh when the path is on another site page (Gatsby keys a page by its path), keeping it when
 * the page is the same. `onNavigate` sees every call, for tests that check where a screen sent the person.
 */
export function SiteHost({ onNavigate }: { onNavigate?: (to: string) => void }) {
  const [page, setPage] = useState(() => sitePageOf(window.location.pathname));
  const navigate = useCallback(
    (to: string) => {
      onNavigate?.(to);
      window.history.pushState(null, '', to);
      setPage(sitePageOf(new URL(to, window.location.href).pathname));
    },
    [onNavigate],
  );
  return (
    <main>
      <AccountApp key={page} navigate={navigate} />
    </main>
  );
}
