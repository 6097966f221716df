import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { theme } from '@dcipher/shared/ui';
import { type ComponentType, type LazyExoticComponent, memo, Suspense } from 'react';

/** A screen loaded the first time its route is opened, so each exposed app ships only its router up front. */
export type LazyScreen = LazyExoticComponent<ComponentType<RemoteScreenProps>>;

/** Shown while a screen's code loads: the same calm line the host shows while the remote loads. */
export function ScreenLoading() {
  return (
    <div css={{ display: 'grid', placeItems: 'center', minHeight: '60vh', fontFamily: theme.font.family }}>
      <p role="status" css={{ color: theme.colors.muted }}>
        Loading…
      </p>
    </div>
  );
}

/**
 * Renders the lazily loaded `Screen` with the host's navigation (or, when the site renders the login page at
 * build time, the screen itself: the same tree, so the browser can hydrate it). Memoised: while `Screen` and
 * `navigate` stay, a render of the app around it (the auth status changing) does not reach the screen. At /login
 * the screen may still be hydrating the site's HTML (0054), and an update reaching it then would make React drop
 * that HTML and render the form again, losing what the visitor typed (React error 421).
 */
export const ScreenRouter = memo(function ScreenRouter({
  Screen,
  navigate,
}: { Screen: LazyScreen | ComponentType<RemoteScreenProps> } & RemoteScreenProps) {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Screen navigate={navigate} />
    </Suspense>
  );
});
