import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { Button, theme } from '@dcipher/shared/ui';
import { Component, type ComponentType, type ReactNode, useCallback, useEffect, useState } from 'react';

type LoadState =
  | { state: 'loading' }
  | { state: 'ready'; Screen: ComponentType<RemoteScreenProps> }
  | { state: 'failed' };

export interface RemoteScreenHostProps extends RemoteScreenProps {
  load: () => Promise<ComponentType<RemoteScreenProps>>;
  /**
   * Wraps the loading and failure states in the screen's own frame (the login-style layout); `title` is the
   * failure's heading, or undefined for the screen's own while it loads.
   */
  frame?: (title: string | undefined, content: ReactNode) => ReactNode;
  /** Shown under "Loading…" in a frame: the shape of what is coming. */
  placeholder?: ReactNode;
  /** What "Try again" does instead of loading again in place (a page whose head preloads the remote reloads). */
  retry?: () => void;
}

class RenderBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Hosts a remote screen: a loading state while the remote is fetched after mount, and a clear fallback with a
 * retry when it cannot be loaded or fails to render, never a blank page.
 */
export function RemoteScreenHost({ load, navigate, frame, placeholder, retry }: RemoteScreenHostProps) {
  const [loadState, setLoadState] = useState<LoadState>({ state: 'loading' });

  const attempt = useCallback(() => {
    setLoadState({ state: 'loading' });
    let cancelled = false;
    load().then(
      (Screen) => !cancelled && setLoadState({ state: 'ready', Screen }),
      () => !cancelled && setLoadState({ state: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
  }, [load]);

  useEffect(() => attempt(), [attempt]);

  if (loadState.state === 'ready') {
    return (
      <RenderBoundary onError={() => setLoadState({ state: 'failed' })}>
        <loadState.Screen navigate={navigate} />
      </RenderBoundary>
    );
  }

  const failureHeading = 'This page could not be loaded';
  const failureMessage = (
    <p css={{ color: theme.colors.muted }}>
      The account service did not respond. Check your connection, then try again.
    </p>
  );
  if (frame) {
    return frame(
      loadState.state === 'loading' ? undefined : failureHeading,
      loadState.state === 'loading' ? (
        <>
          <p role="status" css={{ color: theme.colors.muted, marginTop: 0 }}>
            Loading…
          </p>
          {placeholder}
        </>
      ) : (
        <div role="alert">
          {failureMessage}
          <Button onClick={() => (retry ? retry() : attempt())}>Try again</Button>
        </div>
      ),
    );
  }

  return (
    <div
      css={{
        display: 'grid',
        placeItems: 'center',
        minHeight: '60vh',
        padding: '2rem 1rem',
        textAlign: 'center',
      }}
    >
      {loadState.state === 'loading' ? (
        <p role="status" css={{ color: theme.colors.muted }}>
          Loading…
        </p>
      ) : (
        <div role="alert" css={{ maxWidth: '28rem' }}>
          <h1 css={{ fontSize: '1.4rem' }}>{failureHeading}</h1>
          {failureMessage}
          <Button onClick={() => attempt()}>Try again</Button>
        </div>
      )}
    </div>
  );
}
