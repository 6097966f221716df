import { pageTitle } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import { type ReactNode, useEffect } from 'react';
import backgroundUrl from '../assets/login-background.svg';

/** The spec's login-style layout: full screen, background image, centred content, page title. */
export function LoginLayout({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);

  return (
    <div
      css={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        padding: '2rem 1rem',
        boxSizing: 'border-box',
        backgroundColor: theme.colors.brandDark,
        backgroundImage: `url(${backgroundUrl})`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        fontFamily: theme.font.family,
      }}
    >
      <main
        css={{
          width: '100%',
          maxWidth: '26rem',
          background: theme.colors.surface,
          color: theme.colors.ink,
          borderRadius: '12px',
          padding: '2rem',
          boxShadow: '0 20px 50px rgba(10, 12, 40, 0.35)',
          boxSizing: 'border-box',
        }}
      >
        <h1 css={{ margin: '0 0 1.5rem', fontSize: '1.6rem' }}>{title}</h1>
        {children}
      </main>
    </div>
  );
}
