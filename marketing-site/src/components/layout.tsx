import { focusRingStyles, theme } from '@dcipher/shared/ui';
import { Global } from '@emotion/react';
import type { ReactNode } from 'react';
import { ConsentBanner } from '../app-shell/consent-banner';
import { SignedOutNotice } from '../app-shell/signed-out-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const globalStyles = {
  '*, *::before, *::after': { boxSizing: 'border-box' as const },
  body: {
    margin: 0,
    fontFamily: theme.font.family,
    color: theme.colors.ink,
    background: theme.colors.surface,
    lineHeight: 1.55,
  },
  a: { color: theme.colors.brand },
  img: { maxWidth: '100%' },
  // A 3 px ring on whatever has the keyboard's focus: links in text and checkboxes included (issue 25).
  ...focusRingStyles,
};

/**
 * The site chrome, with the consent banner. `bare` pages (login-style screens: sign-in, sign-up) render only their
 * content: a visitor in the middle of signing up is not interrupted, and nothing is measured there without consent.
 * `accountArea` pages (signed in) get the header's account-area form (see SiteHeader); `'welcomes-anonymous'`
 * for the one that shows a visitor without a session a screen of its own (the checkout's first step).
 */
export function Layout({
  children,
  bare = false,
  accountArea = false,
}: {
  children: ReactNode;
  bare?: boolean;
  accountArea?: boolean | 'welcomes-anonymous';
}) {
  return (
    <>
      <Global styles={globalStyles} />
      {bare ? (
        children
      ) : (
        <>
          <SiteHeader accountArea={accountArea} />
          <main id="main-content" tabIndex={-1} css={{ minHeight: '60vh', outline: 'none' }}>
            {accountArea ? null : <SignedOutNotice />}
            {children}
          </main>
          <SiteFooter />
          <ConsentBanner />
        </>
      )}
    </>
  );
}
