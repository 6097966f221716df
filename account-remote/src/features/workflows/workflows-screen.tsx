import type { Flow } from '@dcipher/shared/contract/flows';
import { can, type FlowType, type PredefinedWorkflow, predefinedWorkflows } from '@dcipher/shared/domain';
import { pathTo, routes } from '@dcipher/shared/routes';
import { Alert, Button, SelectField, TextField, theme, visuallyHidden } from '@dcipher/shared/ui';
import { workflowListMessages } from '@dcipher/shared/validation';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useAccount } from '../../kit/account-context';
import type { AccountScreenProps } from '../../kit/account-screen';
import { useLoad } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { PageButtons } from '../../kit/page-buttons';
import { messageOf } from '../../kit/use-api-load';
import { useRouteQuery } from '../../router/remote-router';
import { DeleteDialog, RunDialog } from './flow-dialogs';
import { leaveNoteFor, useTryWithSampleData } from './start-workflow';
import { UploadsSection } from './uploads-section';
import { AreaLink, buttonLinkStyle, cardStyle, mutedStyle, RunStateBadge, runMoment } from './workflow-parts';
import { workflowQueries } from './workflow-queries';
import { analysisTypeLabels, count, flowTypeLabels, frequencyLabels } from './workflow-words';

/** The flow types a customer has here: the app host's studio and insight booster projects are not listed. */
const listedTypes = ['predefinedFlow', 'customFlow'] as const satisfies readonly FlowType[];

type SortOrder = keyof typeof workflowListMessages.sortOrders;
const sortOrders = Object.keys(workflowListMessages.sortOrders) as SortOrder[];
/** The moment a flow last ran (0 when it never did), for "Last run, latest first". */
const lastRanAt = (flow: Flow) =>
  flow.lastRun ? Date.parse(flow.lastRun.finishedAt ?? flow.lastRun.startedAt ?? flow.lastRun.createdAt) : 0;

/** The flows whose name or description holds every word searched for, in the order chosen. */
function shownFlows(list: Flow[], search: string, order: SortOrder): Flow[] {
  const words = search.toLocaleLowerCase('en').split(/\s+/).filter(Boolean);
  const found = list.filter((flow) => {
    const text = `${flow.name} ${flow.description ?? ''}`.toLocaleLowerCase('en');
    return words.every((word) => text.includes(word));
  });
  if (order === 'name') return [...found].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  if (order === 'lastRun') return [...found].sort((a, b) => lastRanAt(b) - lastRanAt(a));
  return found;
}

/** The type filter the address asks for (`?flowType`), when it is one listed here. */
const listedType = (value: string | undefined): FlowType | '' =>
  listedTypes.find((type) => type === value) ?? '';

/**
 * `/workflows`, where a customer lands after signing in: their workflows with a type filter, or, before they have
 * any, the predefined workflows to try with sample data in one click (docs/decisions/0072).
 */
export default function WorkflowsScreen({ navigate }: AccountScreenProps) {
  const { account } = useAccount();
  const mayCreate = can({ kind: 'user', role: account.role }, 'workflow', 'create');
  const mayManageFiles = can({ kind: 'user', role: account.role }, 'file', 'read');
  // The filter is the address's (`?flowType`, declared by the route): changing it changes the address and the read.
  const [query, setQuery] = useRouteQuery('workflows');
  const flowType = listedType(query.flowType);
  // A page of the API's largest size: past it (more than 100 workflows), pages under the list.
  const [page, setPage] = useState(1);
  const setFlowType = (next: FlowType | '') => {
    setPage(1);
    setQuery({ flowType: next || undefined });
  };
  // The list stays on screen (with the filter's control) while another filter's or page's answer comes.
  const { result, reload } = useLoad({
    ...workflowQueries.list(flowType, page),
    placeholderData: keepPreviousData,
  });
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<SortOrder>('newest');

  return (
    <div>
      <div
        css={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: '0.75rem 1.5rem',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          marginBottom: '1.25rem',
        }}
      >
        <p css={{ ...mutedStyle, margin: 0, maxWidth: '36rem' }}>
          Workflows analyse your documents, feeds and pages: run them by hand or on a schedule, and read what
          they found.
        </p>
        {mayCreate ? (
          <AreaLink to={routes.workflowsNew.path} navigate={navigate} css={buttonLinkStyle}>
            New workflow
          </AreaLink>
        ) : null}
      </div>
      <LoadState load={result} loadingText="Loading your workflows…" onRetry={() => void reload()}>
        {({ flows: list, total, pageSize }) =>
          list.length === 0 && !flowType && page === 1 ? (
            <EmptyState mayCreate={mayCreate} navigate={navigate} />
          ) : (
            <>
              <div
                css={{
                  display: 'grid',
                  gap: '0 1rem',
                  gridTemplateColumns: 'minmax(0, 1fr)',
                  '@media (min-width: 40rem)': {
                    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)',
                  },
                }}
              >
                <TextField
                  label={workflowListMessages.search}
                  type="search"
                  value={search}
                  onChange={(event) => setSearch(event.currentTarget.value)}
                />
                <SelectField
                  label={workflowListMessages.sortBy}
                  value={order}
                  onChange={(event) => setOrder(event.currentTarget.value as SortOrder)}
                  options={sortOrders.map((value) => ({
                    value,
                    label: workflowListMessages.sortOrders[value],
                  }))}
                />
                <SelectField
                  label="Type"
                  value={flowType}
                  onChange={(event) => setFlowType(event.currentTarget.value as FlowType | '')}
                  options={[
                    { value: '', label: 'All types' },
                    ...listedTypes.map((type) => ({ value: type, label: flowTypeLabels[type] })),
                  ]}
                />
              </div>
              {total > pageSize ? (
                <p css={{ ...mutedStyle, margin: '0.5rem 0 0' }}>
                  {count(total)} workflows in all: search and sort apply to the page shown.
                </p>
              ) : null}
              {list.length === 0 ? (
                <p role="status">No {flowTypeLabels[flowType as FlowType].toLowerCase()} workflows yet.</p>
              ) : (
                <SearchedFlows flows={list} search={search} order={order} navigate={navigate} />
              )}
              <PageButtons
                label="Workflows pages"
                page={page}
                pageSize={pageSize}
                total={total}
                onPage={setPage}
              />
            </>
          )
        }
      </LoadState>
      {mayManageFiles ? <UploadsSection navigate={navigate} /> : null}
    </div>
  );
}

function SearchedFlows({
  flows: list,
  search,
  order,
  navigate,
}: {
  flows: Flow[];
  search: string;
  order: SortOrder;
  navigate: (to: string) => void;
}) {
  const shown = useMemo(() => shownFlows(list, search, order), [list, search, order]);
  const [running, setRunning] = useState<Flow>();
  const [deleting, setDeleting] = useState<Flow>();
  return (
    <>
      <p role="status" css={{ ...mutedStyle, margin: '0 0 0.75rem' }}>
        {shown.length === 0
          ? workflowListMessages.noneFound(search.trim())
          : workflowListMessages.shown(shown.length, list.length)}
      </p>
      {shown.length > 0 ? (
        <FlowList flows={shown} navigate={navigate} onRun={setRunning} onDelete={setDeleting} />
      ) : null}
      {running ? (
        <RunDialog
          flow={running}
          rerunOf={undefined}
          onClose={() => setRunning(undefined)}
          onStarted={() => {
            setRunning(undefined);
            navigate(pathTo('workflow', { flowId: running.id }));
          }}
        />
      ) : null}
      {deleting ? (
        <DeleteDialog
          flow={deleting}
          onClose={() => setDeleting(undefined)}
          // The delete invalidates the list (kit/invalidations.ts), which answers without it.
          onDeleted={() => setDeleting(undefined)}
        />
      ) : null}
    </>
  );
}

function FlowList({
  flows: list,
  navigate,
  onRun,
  onDelete,
}: {
  flows: Flow[];
  navigate: (to: string) => void;
  onRun: (flow: Flow) => void;
  onDelete: (flow: Flow) => void;
}) {
  return (
    <ul
      aria-label="Your workflows"
      css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.75rem' }}
    >
      {list.map((flow) => (
        <li key={flow.id} css={cardStyle}>
          <h2 css={{ margin: '0 0 0.35rem', fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
            <AreaLink to={pathTo('workflow', { flowId: flow.id })} navigate={navigate}>
              {flow.name}
            </AreaLink>
          </h2>
          <dl
            css={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: '0.25rem 1.25rem',
              margin: 0,
              fontSize: '0.95rem',
              '& > div': { display: 'flex', gap: '0.35rem', alignItems: 'center' },
              '& dt': { color: theme.colors.muted },
              '& dd': { margin: 0 },
            }}
          >
            <div>
              <dt>Type</dt>
              <dd>{flowTypeLabels[flow.flowType]}</dd>
            </div>
            <div>
              <dt>Analysis</dt>
              <dd>{analysisTypeLabels[flow.analysisType]}</dd>
            </div>
            <div>
              <dt>Schedule</dt>
              <dd>
                {flow.schedule
                  ? `${frequencyLabels[flow.schedule.frequency]}${flow.paused ? ' (paused)' : ''}`
                  : 'By hand'}
              </dd>
            </div>
            <div>
              <dt>Last run</dt>
              <dd>
                {flow.lastRun ? (
                  <>
                    <RunStateBadge state={flow.lastRun.state} /> {runMoment(flow.lastRun)}
                  </>
                ) : (
                  'Not run yet'
                )}
              </dd>
            </div>
          </dl>
          <div
            css={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: '0.5rem',
              alignItems: 'center',
              marginTop: '0.75rem',
            }}
          >
            <AreaLink to={pathTo('workflow', { flowId: flow.id })} navigate={navigate} css={buttonLinkStyle}>
              {workflowListMessages.open}
              <span css={visuallyHidden}> {flow.name}</span>
            </AreaLink>
            {flow.abilities.includes('update') ? (
              <Button variant="secondary" onClick={() => onRun(flow)}>
                {workflowListMessages.run}
                <span css={visuallyHidden}> {flow.name}</span>
              </Button>
            ) : null}
            {flow.abilities.includes('delete') ? (
              <Button variant="secondary" onClick={() => onDelete(flow)}>
                {workflowListMessages.delete}
                <span css={visuallyHidden}> {flow.name}</span>
              </Button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function EmptyState({ mayCreate, navigate }: { mayCreate: boolean; navigate: (to: string) => void }) {
  const sample = useTryWithSampleData();
  const starting = sample.isPending || sample.isSuccess ? sample.variables?.id : undefined;
  const failure = sample.error ? messageOf(sample.error) : undefined;
  const trySample = (workflow: PredefinedWorkflow) =>
    sample.mutate(workflow, {
      onSuccess: ({ flow, runError }) => {
        if (runError) leaveNoteFor(flow.id, runError);
        navigate(pathTo('workflow', { flowId: flow.id }));
      },
    });

  if (!mayCreate) {
    return (
      <section aria-labelledby="no-workflows" css={cardStyle}>
        <h2 id="no-workflows" css={{ marginTop: 0, fontSize: '1.2rem' }}>
          No workflows shared with you yet
        </h2>
        <p css={{ marginBottom: 0 }}>
          When someone in your organization shares a workflow with you, it appears here.
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby="start-with-a-workflow">
      <h2 id="start-with-a-workflow" css={{ margin: '0 0 0.5rem', fontSize: '1.3rem' }}>
        Start with a predefined workflow
      </h2>
      <p css={{ ...mutedStyle, marginTop: 0 }}>
        You have no workflows yet. Try one on its sample data in one click, set one up with your own data, or{' '}
        <AreaLink to={pathTo('workflowsNew', {}, { predefined: 'custom' })} navigate={navigate}>
          build one from scratch
        </AreaLink>
        .
      </p>
      {failure ? <Alert>{failure}</Alert> : null}
      <ul
        aria-label="Predefined workflows"
        css={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: '1rem',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
        }}
      >
        {predefinedWorkflows.map((workflow) => (
          <li key={workflow.id} css={{ ...cardStyle, display: 'flex', flexDirection: 'column' }}>
            <h3 css={{ margin: '0 0 0.35rem', fontSize: '1.1rem' }}>{workflow.name}</h3>
            <p css={{ ...mutedStyle, margin: '0 0 0.5rem', fontSize: '0.9rem' }}>
              {analysisTypeLabels[workflow.analysisType]}
            </p>
            <p css={{ margin: '0 0 0.75rem' }}>{workflow.summary}</p>
            <p css={{ ...mutedStyle, margin: '0 0 1rem', fontSize: '0.9rem' }}>
              Sample: {workflow.sample.name}, {count(workflow.sample.documents)} documents.
            </p>
            <div
              css={{
                marginTop: 'auto',
                display: 'flex',
                flexWrap: 'wrap',
                gap: '0.5rem',
                alignItems: 'center',
              }}
            >
              <Button disabled={starting !== undefined} onClick={() => void trySample(workflow)}>
                {starting === workflow.id ? 'Starting…' : 'Try with sample data'}
                {/* Heard, not shown: which of the cards' buttons this is (the visible words come first). */}
                <span css={visuallyHidden}> ({workflow.name})</span>
              </Button>
              <AreaLink to={pathTo('workflowsNew', {}, { predefined: workflow.id })} navigate={navigate}>
                <span>Set it up</span>
                <span css={visuallyHidden}> {workflow.name} with your data</span>
              </AreaLink>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
