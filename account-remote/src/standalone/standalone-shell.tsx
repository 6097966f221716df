import { authStore } from '@dcipher/shared/auth';
import { clientOnlyPrefixOf, sitePageOf } from '@dcipher/shared/routes';
import { focusRingStyles } from '@dcipher/shared/ui';
import { Global } from '@emotion/react';
import { useCallback, useEffect, useState } from 'react';
import AccountApp from '../apps/account';
import AuthApp from '../apps/auth';

/** Renders the remote's screens by path, the way the site does, for developing and testing them alone. */
export function StandaloneShell() {
  const [path, setPath] = useState(() => window.location.pathname);
  const navigate = useCallback((to: string) => {
    window.history.pushState(null, '', to);
    setPath(to);
  }, []);

  useEffect(() => {
    void authStore.getState().initialize();
    const onPopState = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  // The declared routes say which app serves a path, as the site's pages do; the site's global focus ring too.
  return (
    <>
      <Global styles={focusRingStyles} />
      {clientOnlyPrefixOf(path)?.app === 'AccountApp' ? (
        // Keyed by site page, as the site mounts it afresh on each (docs/decisions/0142).
        <AccountApp key={sitePageOf(path)} navigate={navigate} />
      ) : (
        // Keyed by path: the site mounts AuthApp afresh on each of its pages.
        <AuthApp key={path} navigate={navigate} />
      )}
    </>
  );
}
