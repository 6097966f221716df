import { Alert, Button, theme, visuallyHidden } from '@dcipher/shared/ui';
import type { ReactNode } from 'react';
import type { ApiLoad } from './use-api-load';

/** Renders a load's loading and failed states (with a retry), or its data through `children`. */
export function LoadState<T>({
  load,
  loadingText,
  onRetry,
  children,
}: {
  load: ApiLoad<T>;
  loadingText: string;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  if (load.state === 'loading') {
    return (
      <p role="status" css={{ color: theme.colors.muted }}>
        {loadingText}
      </p>
    );
  }
  if (load.state === 'failed') {
    return (
      <div>
        <Alert>{load.message}</Alert>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return <>{children(load.data)}</>;
}

/**
 * A card's load: grey lines in the shape of what is coming while it loads (announced as `loadingText`), the
 * message and "Try again" when it failed, else the data through `children`. Each card of a page loads and fails on
 * its own.
 */
export function CardLoad<T>({
  load,
  loadingText,
  onRetry,
  lines = 2,
  children,
}: {
  load: ApiLoad<T>;
  loadingText: string;
  onRetry: () => void;
  lines?: number;
  children: (data: T) => ReactNode;
}) {
  if (load.state === 'loading') {
    return (
      <div role="status" aria-live="polite">
        <span css={visuallyHidden}>{loadingText}</span>
        {Array.from({ length: lines }, (_, index) => (
          <div
            key={index}
            aria-hidden="true"
            data-testid="skeleton-line"
            css={{
              height: index === 0 ? '1.5rem' : '1rem',
              width: index === 0 ? '60%' : '85%',
              margin: '0 0 0.6rem',
              borderRadius: '6px',
              background: theme.colors.canvas,
            }}
          />
        ))}
      </div>
    );
  }
  return (
    <LoadState load={load} loadingText={loadingText} onRetry={onRetry}>
      {children}
    </LoadState>
  );
}
