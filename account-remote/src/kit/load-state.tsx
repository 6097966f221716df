import { Alert, Button, theme } from '@dcipher/shared/ui';
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
