import { anonymousApi } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { errorCodes } from '@dcipher/shared/contract';
import type { LastRun } from '@dcipher/shared/contract/flows';
import { pageTitle } from '@dcipher/shared/domain';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { routes } from '@dcipher/shared/routes';
import { Alert, Button, LoginFrame, Notice, theme } from '@dcipher/shared/ui';
import { sharedWorkflowMessages as words, workflowMessages } from '@dcipher/shared/validation';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLoad } from '../../kit/contract-query';
import { messageOf } from '../../kit/use-api-load';
import { RouteLink, useRouteQuery } from '../../router/host-location';
import { mutedStyle, runMoment } from './workflow-parts';
import { workflowQueries } from './workflow-queries';
import { count } from './workflow-words';

// The charts and their library load only when a result is shown (as on the workflow's own page).
const RunInsightsView = lazy(() => import(/* webpackChunkName: "workflows-insights" */ './run-insights'));

/** The page's frame: the sign-in screens' (logo, "Back to the site"), its card as wide as a result needs. */
function SharedFrame({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return (
    <LoginFrame title={title} wide>
      {children}
    </LoginFrame>
  );
}

/**
 * A public workflow's page (`/shared/workflow?id=…`, issue 36 point 4, docs/decisions/0128): what the public link
 * of the sharing screens opens. Its name and its last finished run's result, drawn by the one result view
 * (`@dcipher/shared/insights`, the workflow page's and the store's), read from `GET /flows/{flowId}/last-run`
 * without a token, so it reads the same signed in or out; a private, deleted or unknown workflow is "not shared".
 */
export default function SharedWorkflowScreen({ navigate }: RemoteScreenProps) {
  const [query] = useRouteQuery('sharedWorkflow');
  const flowId = query.id?.trim() ?? '';
  const {
    result,
    reload,
    query: read,
  } = useLoad({
    ...workflowQueries.publicLastRun(flowId),
    enabled: flowId !== '',
  });
  const notShared =
    flowId === '' || (read.error instanceof ApiError && read.error.code === errorCodes.notFound);

  if (notShared) {
    return (
      <SharedFrame title={words.notSharedTitle}>
        <p css={{ marginTop: 0 }}>{words.notShared}</p>
        <p css={{ marginBottom: 0 }}>
          <RouteLink to="home" navigate={navigate}>
            Go to the Dcipher home page
          </RouteLink>
        </p>
      </SharedFrame>
    );
  }
  if (result.state === 'loading') {
    return (
      <SharedFrame title={routes.sharedWorkflow.title}>
        <p role="status" css={{ ...mutedStyle, margin: 0 }}>
          {words.loading}
        </p>
      </SharedFrame>
    );
  }
  if (result.state === 'failed') {
    return (
      <SharedFrame title={routes.sharedWorkflow.title}>
        <Alert>{messageOf(read.error)}</Alert>
        <Button variant="secondary" onClick={() => void reload()}>
          Try again
        </Button>
      </SharedFrame>
    );
  }
  return <SharedResult lastRun={result.data} navigate={navigate} />;
}

function SharedResult({ lastRun, navigate }: { lastRun: LastRun } & RemoteScreenProps) {
  const { flow, run, insights } = lastRun;
  return (
    <SharedFrame title={flow.name}>
      <p css={{ ...mutedStyle, margin: '-0.75rem 0 1.25rem' }}>{words.eyebrow}</p>
      {/* The result view titles each chart with an h3, under this section's h2 (as on the workflow's page). */}
      <section aria-labelledby="shared-last-run" css={{ minWidth: 0 }}>
        <h2 id="shared-last-run" css={{ margin: '0 0 0.5rem', fontSize: '1.25rem' }}>
          {words.lastRunHeading}
        </h2>
        {run ? (
          <>
            <p css={{ margin: '0 0 1rem' }}>
              {words.lastRun(runMoment(run))}: {words.documents(count(run.documentsAnalysed ?? 0))}
            </p>
            {insights?.documents.unreadable ? (
              <Notice>{workflowMessages.documentsUnreadable(insights.documents.unreadable)}</Notice>
            ) : null}
            {insights ? (
              <Suspense fallback={<p role="status">{words.drawing}</p>}>
                <RunInsightsView insights={insights} flowId={flow.id} runId={run.id} api={anonymousApi()} />
              </Suspense>
            ) : null}
          </>
        ) : (
          <p css={{ margin: 0 }}>{words.notRunYet}</p>
        )}
      </section>
      <p
        css={{
          margin: '1.5rem 0 0',
          paddingTop: '1rem',
          borderTop: `1px solid ${theme.colors.border}`,
        }}
      >
        {words.ownCta}{' '}
        <RouteLink to="signup" navigate={navigate}>
          {words.startTrial}
        </RouteLink>
      </p>
    </SharedFrame>
  );
}
