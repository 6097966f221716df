import { authStore } from '@dcipher/shared/auth';
import { Notice, theme } from '@dcipher/shared/ui';
import { useEffect, useState } from 'react';

/** Set for this tab when a session ends, read (and forgotten) by the next page of the site that shows it. */
const key = 'dcipher.signed-out';

/**
 * Remembers that the visitor has just been signed out (logging out in the account area, /logout, a session that
 * ended): the auth store going from signed in to signed out. Started once with the auth store (start-auth.ts).
 */
export function rememberSignOuts(): () => void {
  return authStore.subscribe((state, previous) => {
    try {
      if (previous.status === 'authenticated' && state.status === 'anonymous')
        sessionStorage.setItem(key, '1');
      // Signed in again (a session that ended, then log in): nothing to say any more.
      else if (state.status === 'authenticated') sessionStorage.removeItem(key);
    } catch {
      // Storage refused: the landing page just says nothing.
    }
  });
}

/**
 * "You are signed out." on the site page a sign-out lands on (the home page after logging out), once. Shown after
 * the page has hydrated, so the page's HTML stays the same for everyone.
 */
export function SignedOutNotice() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    try {
      if (sessionStorage.getItem(key) !== '1') return;
      sessionStorage.removeItem(key);
    } catch {
      return;
    }
    setShown(true);
  }, []);
  if (!shown) return null;
  return (
    <div css={{ maxWidth: '72rem', margin: '1rem auto 0', padding: `0 ${theme.layout.gutter}` }}>
      <Notice>
        <strong>You are signed out.</strong> Log in again whenever you like.
      </Notice>
    </div>
  );
}
