import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { Button, theme } from '@dcipher/shared/ui';
import {
  Component,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useState,
} from 'react';

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

  return loadState.state === 'loading'
    ? remoteScreenPending({ frame, placeholder })
    : remoteScreenFailure({ frame, retry: retry ?? attempt });
}

type StatusProps = Pick<RemoteScreenHostProps, 'frame' | 'placeholder'>;

const failureHeading = 'This page could not be loaded';
const failureMessage = (
  <p css={{ color: theme.colors.muted }}>
    The account service did not respond. Check your connection, then try again.
  </p>
);

/** While the remote's screen loads: "Loading…", in the screen's frame with the shape of what is coming. */
function remoteScreenPending({ frame, placeholder }: StatusProps) {
  const status = (
    <p role="status" css={{ color: theme.colors.muted, marginTop: frame ? 0 : undefined }}>
      Loading…
    </p>
  );
  if (frame)
    return frame(
      undefined,
      <>
        {status}
        {placeholder}
      </>,
    );
  return <CentredStatus>{status}</CentredStatus>;
}

/** When the remote cannot be loaded or fails to render: why, and "Try again". */
function remoteScreenFailure({ frame, retry }: Pick<StatusProps, 'frame'> & { retry: () => void }) {
  if (frame)
    return frame(
      failureHeading,
      <div role="alert">
        {failureMessage}
        <Button onClick={retry}>Try again</Button>
      </div>,
    );
  return (
    <CentredStatus>
      <div role="alert" css={{ maxWidth: '28rem' }}>
        <h1 css={{ fontSize: '1.4rem' }}>{failureHeading}</h1>
        {failureMessage}
        <Button onClick={retry}>Try again</Button>
      </div>
    </CentredStatus>
  );
}

function CentredStatus({ children }: { children: ReactNode }) {
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
      {children}
    </div>
  );
}

export interface PrerenderedRemoteScreenProps extends RemoteScreenHostProps {
  frame: NonNullable<RemoteScreenHostProps['frame']>;
  retry: () => void;
  /**
   * The remote's screen itself, given where the page is rendered at build time (undefined in the browser, where
   * the screen comes from the remote).
   */
  prerendered?: ComponentType<RemoteScreenProps>;
  /**
   * In the browser, whether the remote will render the screen the page's HTML carries at this address (an
   * invitation link at /signup opens another screen). When it will not, that HTML is never hydrated: it is
   * replaced after the first render, and the remote's screen is rendered in its place, as on a page without it.
   */
  fits?: () => boolean;
}

/**
 * Hosts a remote screen whose HTML the page already carries (docs/decisions/0054). At build time the screen
 * renders inside a Suspense boundary; in the browser the boundary's content is the remote's screen, loaded
 * lazily. Hydrating the page leaves that boundary's HTML as it is (painted, and taking what a visitor types)
 * until the remote has arrived, then hydrates it, keeping the same DOM. `navigate`, `frame` and `placeholder` are
 * read once (a page's own, they do not change). A page reached by client-side navigation
 * has no such HTML and shows "Loading…" in the frame until then. When the remote cannot be loaded, or its screen
 * fails, the frame says so and offers `retry`.
 */
export function PrerenderedRemoteScreen({
  load,
  navigate,
  frame,
  placeholder,
  retry,
  prerendered,
  fits,
}: PrerenderedRemoteScreenProps) {
  const [failed, setFailed] = useState(false);
  // Decided once, in the browser; the first render is the boundary either way, as the server's HTML is.
  const [fitting] = useState(() => prerendered !== undefined || !fits || fits());
  const [replaced, setReplaced] = useState(false);
  useEffect(() => {
    if (!fitting) setReplaced(true);
  }, [fitting]);
  // Made once: when the page renders again before the boundary has hydrated (a store starting, a consent answer),
  // the same element lets React skip it. New props would make React drop the server's HTML and show "Loading…"
  // until the remote arrives (React error 421, docs/decisions/0053), losing what the visitor typed.
  const [boundary] = useState(() => {
    const Screen =
      prerendered ??
      lazy(() =>
        // Not the screen the HTML carries: the boundary is never hydrated (it waits until it is replaced).
        (fitting ? load() : new Promise<never>(() => {})).then(
          (screen) => ({ default: screen }),
          () => {
            // The boundary stays as it is (never resolved) while the page replaces it with the failure: an
            // error thrown into a boundary that is still hydrating would be reported as a hydration error.
            setFailed(true);
            return new Promise<never>(() => {});
          },
        ),
      );
    return (
      <Suspense fallback={remoteScreenPending({ frame, placeholder })}>
        <Screen navigate={navigate} />
      </Suspense>
    );
  });
  if (failed) return remoteScreenFailure({ frame, retry });
  if (replaced)
    return (
      <RemoteScreenHost
        load={load}
        navigate={navigate}
        frame={frame}
        placeholder={placeholder}
        retry={retry}
      />
    );
  return <RenderBoundary onError={() => setFailed(true)}>{boundary}</RenderBoundary>;
}
