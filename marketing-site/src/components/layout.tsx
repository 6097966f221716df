import { theme } from '@dcipher/shared/ui';
import { Global } from '@emotion/react';
import type { ReactNode } from 'react';
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
};

/** The site chrome. `bare` pages (login-style screens) render only their content. */
export function Layout({ children, bare = false }: { children: ReactNode; bare?: boolean }) {
  return (
    <>
      <Global styles={globalStyles} />
      {bare ? (
        children
      ) : (
        <>
          <SiteHeader />
          <main id="main-content" tabIndex={-1} css={{ minHeight: '60vh', outline: 'none' }}>
            {children}
          </main>
          <SiteFooter />
        </>
      )}
    </>
  );
}
