import type { RemoteScreenProps } from '@dcipher/shared/federation';
import type { BrowserRoute } from '@dcipher/shared/routes';
import { LoginFrame, theme } from '@dcipher/shared/ui';
import { type HeadProps, navigate } from 'gatsby';
import type { ComponentType, ReactNode } from 'react';
import { Layout } from '../components/layout';
import { Seo } from '../components/seo';
import { loadAccountScreen } from './account-remote';
import { PrerenderedRemoteScreen, RemoteScreenHost } from './remote-screen';

const loadAuthApp = () => loadAccountScreen('AuthApp');

/** Grey shapes where the form will be, so the card keeps about its size when the remote's screen arrives. */
function FormPlaceholder() {
  const bar = (height: string, width = '100%') => (
    <div
      css={{
        height,
        width,
        borderRadius: theme.radius,
        background: theme.colors.canvas,
        marginBottom: '1rem',
      }}
    />
  );
  return (
    <div aria-hidden="true">
      {bar('1rem', '40%')}
      {bar('2.75rem')}
      {bar('1rem', '40%')}
      {bar('2.75rem')}
      {bar('2.75rem')}
    </div>
  );
}

/**
 * A signed-out page (log in, sign up, verification): the remote's AuthApp picks the screen from the path. The
 * host's HTML already has the login-style frame with the screen's heading (declared with the route), so the
 * page paints at once and nothing jumps when the remote's screen takes its place. The login and sign-up pages go
 * further: given `prerendered` (the remote's `PrerenderedLogin` / `PrerenderedSignup` when the pages are rendered
 * at build time, undefined in the browser bundle), their HTML carries the form itself, and the remote hydrates it
 * (docs/decisions/0083).
 */
export function authPage(
  route: BrowserRoute,
  screen?: {
    prerendered: ComponentType<RemoteScreenProps> | undefined;
    /** In the browser: whether the remote shows the prerendered screen at this address (default yes). */
    fits?: () => boolean;
  },
) {
  const heading = route.heading ?? route.title;
  const frame = (title: string | undefined, content: ReactNode) => (
    <LoginFrame title={title ?? heading}>{content}</LoginFrame>
  );
  const screenProps = {
    load: loadAuthApp,
    navigate: (to: string) => void navigate(to),
    frame,
    placeholder: <FormPlaceholder />,
    // The head preloaded the remote's files (src/first-view/remote-preload.tsx); Chromium answers a later
    // request for a preload that failed with the same failure, so a retry in place would fail again.
    retry: () => window.location.reload(),
  };
  return function AuthPage() {
    return (
      <Layout bare>
        {screen ? (
          <PrerenderedRemoteScreen
            {...screenProps}
            prerendered={screen.prerendered}
            {...(screen.fits && { fits: screen.fits })}
          />
        ) : (
          <RemoteScreenHost {...screenProps} />
        )}
      </Layout>
    );
  };
}

/**
 * A page anyone may read, signed in or not, that the remote's AuthApp renders from the path: a public workflow's
 * page (docs/decisions/0128). The login-style frame with a card as wide as a result needs, and the route's title
 * while the remote and the workflow load (the screen then heads it with the workflow's name).
 */
export function publicReadPage(route: BrowserRoute) {
  const frame = (title: string | undefined, content: ReactNode) => (
    <LoginFrame title={title ?? route.heading ?? route.title} wide>
      {content}
    </LoginFrame>
  );
  return function PublicReadPage() {
    return (
      <Layout bare>
        <RemoteScreenHost
          load={loadAuthApp}
          navigate={(to: string) => void navigate(to)}
          frame={frame}
          retry={() => window.location.reload()}
        />
      </Layout>
    );
  };
}

/** Head of a signed-out page: its title, kept out of search results. */
export function authPageHead(title: string) {
  return function AuthPageHead({ location }: HeadProps) {
    return <Seo title={title} pathname={location.pathname} noIndex />;
  };
}
