import { companyName } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import { Global } from '@emotion/react';
import type { ReactNode } from 'react';
import { SiteHeader } from './site-header';

export function Layout({ children, bare = false }: { children: ReactNode; bare?: boolean }) {
  return (
    <>
      <Global
        styles={{
          body: {
            margin: 0,
            fontFamily: theme.font.family,
            color: theme.colors.ink,
            background: theme.colors.surface,
          },
        }}
      />
      {bare ? null : <SiteHeader />}
      {bare ? children : <main css={{ minHeight: '70vh' }}>{children}</main>}
      {bare ? null : (
        <footer
          css={{
            padding: '2rem clamp(1rem, 4vw, 3rem)',
            borderTop: `1px solid ${theme.colors.border}`,
            color: theme.colors.muted,
            fontSize: '0.9rem',
          }}
        >
          © {new Date().getFullYear()} {companyName}. AI-powered Insight Automation.
        </footer>
      )}
    </>
  );
}
