import { authenticatedApi } from '@dcipher/shared/auth';
import type { ApiClient } from '@dcipher/shared/client';
import type { EndpointInput } from '@dcipher/shared/contract';
import type { RunDocument, RunInsights } from '@dcipher/shared/contract/flows';
import * as flows from '@dcipher/shared/contract/flows';
import {
  type DocumentSelector,
  RunInsightsView as InsightsView,
  selectorWords,
} from '@dcipher/shared/insights';
import { Alert, Button, theme } from '@dcipher/shared/ui';
import { workflowMessages } from '@dcipher/shared/validation';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { contractKey } from '../../kit/contract-query';
import { dateAndTime } from '../../kit/date-and-time';
import { Dialog } from '../../kit/dialog';
import { useRemoteQueryClient } from '../../kit/query-client';
import { messageOf } from '../../kit/use-api-load';
import { mutedStyle } from './workflow-parts';

/**
 * A run's result on the workflow screen: the one result view of `@dcipher/shared/insights` (docs/decisions/0105),
 * the same the store's pages draw on the server, here in the browser, with the documents behind every figure
 * (issue 34 point 6, docs/decisions/0107): a figure's "Show documents" opens them in a dialog, read a page at a
 * time from `GET /flows/{flowId}/runs/{runId}/documents`. Its chunk (`workflows-insights`) holds the view and visx,
 * loaded only when a run's result is shown.
 */
export default function RunInsightsView({
  insights,
  flowId,
  runId,
  api,
}: {
  insights: RunInsights;
  flowId: string;
  runId: string;
  /** The client the documents are read with: the signed-in one by default, the anonymous one on a public page. */
  api?: ApiClient;
}) {
  const [selector, setSelector] = useState<DocumentSelector>();
  return (
    <div data-testid="run-insights" css={{ minWidth: 0 }}>
      {/* The run's files, left-out-documents.csv among them, are offered under the view (Result files). */}
      <InsightsView insights={insights} onShowDocuments={setSelector} />
      {selector ? (
        <RunDocumentsDialog
          flowId={flowId}
          runId={runId}
          selector={selector}
          api={api ?? authenticatedApi()}
          onClose={() => setSelector(undefined)}
        />
      ) : null}
    </div>
  );
}

type DocumentsQuery = EndpointInput<typeof flows.listFlowRunDocuments>['query'];

/** The route's query for a selector, as the address carries it: one filter per kind of figure. */
export function documentsQuery(selector: DocumentSelector): DocumentsQuery {
  switch (selector.kind) {
    case 'term':
      return { term: selector.term };
    case 'narrative':
      return { narrative: String(selector.narrative) };
    case 'sentiment':
      return { sentiment: selector.sentiment };
    case 'language':
      return { language: selector.language };
    case 'period':
      return { period: selector.period, ...(selector.periodUnit && { periodUnit: selector.periodUnit }) };
    case 'leftOut':
      return { leftOut: selector.reason };
  }
}

const pageSize = 25;

function RunDocumentsDialog({
  flowId,
  runId,
  selector,
  api,
  onClose,
}: {
  flowId: string;
  runId: string;
  selector: DocumentSelector;
  api: ApiClient;
  onClose: () => void;
}) {
  const client = useRemoteQueryClient();
  const query = useInfiniteQuery(
    {
      // The contract's key for the call, pages aside (the cursor is the page, not the read).
      queryKey: contractKey(flows.listFlowRunDocuments, {
        params: { flowId, runId },
        query: documentsQuery(selector),
      }),
      queryFn: ({ pageParam }) =>
        api.call(flows.listFlowRunDocuments, {
          params: { flowId, runId },
          query: {
            ...documentsQuery(selector),
            limit: String(pageSize),
            ...(pageParam !== undefined && { cursor: pageParam }),
          },
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      gcTime: 0,
    },
    client,
  );
  const pages = query.data?.pages ?? [];
  const first = pages[0];
  const documents = pages.flatMap((page) => page.documents);
  const failure: unknown = query.error;
  return (
    <Dialog title="The documents behind this figure" onClose={onClose}>
      <div css={{ display: 'grid', gap: '0.75rem' }}>
        {query.status === 'pending' ? (
          <p role="status" css={mutedStyle}>
            Loading the documents…
          </p>
        ) : query.status === 'error' ? (
          <div>
            <Alert>{messageOf(query.error)}</Alert>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : first && !first.kept ? (
          <p css={{ margin: 0 }}>{workflowMessages.runDocuments.notKept}</p>
        ) : first && first.total === 0 ? (
          <p css={{ margin: 0 }}>{workflowMessages.runDocuments.none}</p>
        ) : first ? (
          <>
            <p role="status" css={{ margin: 0, fontWeight: 600 }}>
              {workflowMessages.runDocuments.total(first.total, selectorWords(selector, first.total))}
              {documents.length < first.total ? ` (${documents.length} shown)` : ''}.
            </p>
            <ol
              aria-label="Documents"
              css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.75rem' }}
            >
              {documents.map((document) => (
                <DocumentItem key={document.row} document={document} />
              ))}
            </ol>
            {query.isFetchNextPageError ? <Alert>{messageOf(failure)}</Alert> : null}
            {query.hasNextPage ? (
              <Button
                variant="secondary"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? 'Loading more…' : 'More'}
              </Button>
            ) : null}
          </>
        ) : null}
        <div>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function DocumentItem({ document }: { document: RunDocument }) {
  const { input } = document;
  const facts = [
    `Row ${document.row}`,
    `id ${document.id}`,
    input.source ? `source ${input.source}` : null,
    document.publishedAt ? dateAndTime(document.publishedAt) : null,
    document.language ? `language ${document.language}` : null,
    document.sentimentLabel ? `${document.sentimentLabel} sentiment` : null,
    document.narrative !== null ? `narrative ${document.narrative}` : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <li
      css={{
        borderTop: `1px solid ${theme.colors.border}`,
        paddingTop: '0.6rem',
        overflowWrap: 'anywhere',
      }}
    >
      {input.title ? <p css={{ margin: '0 0 0.25rem', fontWeight: 600 }}>{input.title}</p> : null}
      <p css={{ margin: '0 0 0.25rem', whiteSpace: 'pre-wrap' }}>{document.text}</p>
      {document.textTruncated ? (
        <p css={{ ...mutedStyle, margin: '0 0 0.25rem' }}>{workflowMessages.runDocuments.textShortened}</p>
      ) : null}
      <p css={{ ...mutedStyle, margin: 0, fontSize: '0.875rem' }}>
        {facts.join(' · ')}
        {input.url ? (
          <>
            {' · '}
            <a href={input.url} rel="noopener noreferrer" target="_blank">
              {input.url}
            </a>
          </>
        ) : null}
      </p>
    </li>
  );
}
