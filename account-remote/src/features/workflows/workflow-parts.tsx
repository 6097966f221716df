import type { FlowRun } from '@dcipher/shared/contract/flows';
import type { ClusterJobState } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import type { MouseEvent, ReactNode } from 'react';
import { dateAndTime } from '../../kit/date-and-time';
import { runStateLabel } from './workflow-words';

const stateColours: Partial<Record<ClusterJobState, { background: string; color: string }>> = {
  JobDone: { background: '#ecfdf3', color: '#05603a' },
  JobError: { background: theme.colors.dangerSurface, color: theme.colors.danger },
  JobCancelled: { background: theme.colors.canvas, color: theme.colors.muted },
  JobRunning: { background: '#eef0ff', color: theme.colors.brandDark },
  JobPending: { background: '#fff7e6', color: '#7a4a00' },
};

/** A run's state in words, as a small badge (its colour repeats what the words say). */
export function RunStateBadge({ state }: { state: ClusterJobState }) {
  const colours = stateColours[state] ?? { background: theme.colors.canvas, color: theme.colors.ink };
  return (
    <span
      data-state={state}
      css={{
        ...colours,
        display: 'inline-block',
        padding: '0.1rem 0.55rem',
        borderRadius: '999px',
        fontSize: '0.85rem',
        fontWeight: 600,
        whiteSpace: 'nowrap',
      }}
    >
      {runStateLabel(state)}
    </span>
  );
}

/** When a run happened, the most telling moment first: finished, started, asked for. */
export const runMoment = (run: FlowRun) => dateAndTime(run.finishedAt ?? run.startedAt ?? run.createdAt);

/** A link inside the account area: followed by the area's navigation, a new tab keeps the browser's. */
export function AreaLink({
  to,
  navigate,
  children,
  className,
}: {
  to: string;
  navigate: (to: string) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a
      href={to}
      className={className}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
      }}
      // A styled link (a button look) brings its own colours; a plain one reads as a link.
      css={className ? undefined : { color: theme.colors.brandDark, fontWeight: 600 }}
    >
      {children}
    </a>
  );
}

/** A link styled as the primary button (a place to go, not an action). */
export const buttonLinkStyle = {
  display: 'inline-block',
  padding: '0.7rem 1.25rem',
  borderRadius: theme.radius,
  background: theme.colors.brand,
  color: theme.colors.onBrand,
  fontWeight: 600,
  textDecoration: 'none',
  '&:hover': { background: theme.colors.brandDark },
  '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
} as const;

export const cardStyle = {
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: '12px',
  padding: '1rem 1.25rem',
  minWidth: 0,
} as const;

export const mutedStyle = { color: theme.colors.muted } as const;

/** A schedule's two fields (how often, the first run): one column on a phone, two from 40rem. */
export const scheduleFieldsStyle = {
  display: 'grid',
  gap: '0 1rem',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media (min-width: 40rem)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
} as const;

/**
 * A screen's root: its selects take the width they are given (a long option, "Posts about a home-energy brand (150
 * documents)", would otherwise widen a phone's page past its edge).
 */
export const screenRootStyle = { minWidth: 0, '& select': { width: '100%', maxWidth: '28rem' } } as const;
