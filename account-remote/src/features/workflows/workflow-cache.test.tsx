import { authStore } from '@dcipher/shared/auth';
import type { FlowRun } from '@dcipher/shared/contract/flows';
import * as flows from '@dcipher/shared/contract/flows';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { useContractMutation, useLoad } from '../../kit/contract-query';
import { createQueryClient, QueryProvider } from '../../kit/query-client';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith, callsOf } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';
import { useRunStatus } from './use-run-status';
import { flow, flowId, flowList, run, taskId } from './workflow-fixtures';
import { workflowQueries } from './workflow-queries';

// The workflows area's server state in one cache (docs/decisions/0119): a change on one screen shows on another
// without a reload, a change invalidates the reads it affects, and a run is followed by `refetchInterval`.

const initialState = authStore.getState();
const schedule = {
  frequency: 'daily' as const,
  startAt: '2026-11-27T10:00:00.000Z',
  nextRunAt: '2026-11-28T10:00:00.000Z',
};

afterEach(() => {
  cleanup();
  authStore.setState(initialState, true);
  jest.useRealTimers();
});

describe('One cache for the workflows screens', () => {
  it('shows a workflow paused on its page as paused on the list at once, without asking the API again', async () => {
    authStore.setState({ status: 'authenticated' });
    answerWith({
      getAccount: testAccount,
      // The list answers once; asked again, it never answers: what shows is the cache's.
      listFlows: () =>
        callsOf('listFlows').length === 1 ? flowList([flow({ schedule })]) : new Promise(() => {}),
      getFlow: flow({ schedule }),
      listFlowRuns: { runs: [] },
      listRoleUsers: { users: [] },
      pauseFlow: flow({ schedule: { ...schedule, nextRunAt: null }, paused: true }),
    });
    window.history.pushState(null, '', '/workflows');
    await renderScreen(
      <main>
        <AccountApp navigate={jest.fn()} />
      </main>,
    );
    const list = await screen.findByRole('list', { name: 'Your workflows' });
    expect(within(list).getByRole('listitem').textContent).not.toMatch(/paused/);

    fireEvent.click(within(list).getByRole('link', { name: 'Review analysis (sample)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Paused: scheduled runs are skipped.')).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: '← All workflows' }));
    const shown = await screen.findByRole('list', { name: 'Your workflows' });
    expect(within(shown).getByRole('listitem').textContent).toMatch(/Daily \(paused\)/);
    // The list was marked out of date and asked again (that answer has not come): the change came from the cache.
    expect(callsOf('listFlows')).toHaveLength(2);
    await expectNoAxeViolations();
  });
});

/** The workflows as a list shows them, from the cache. */
function Names() {
  const { result } = useLoad(workflowQueries.list());
  if (result.state !== 'loaded') return <p role="status">Loading</p>;
  return (
    <ul aria-label="Names">
      {result.data.flows.map((shown) => (
        <li key={shown.id}>{shown.name}</li>
      ))}
    </ul>
  );
}

/** A rename through the contract's mutation hook, with nothing said about what it changes. */
function Rename() {
  const rename = useContractMutation(flows.updateFlow);
  return (
    <button type="button" onClick={() => rename.mutate({ params: { flowId }, body: { name: 'Renamed' } })}>
      Rename
    </button>
  );
}

describe('useContractMutation', () => {
  it('invalidates the reads its call changes (kit/invalidations.ts): a list on screen elsewhere refetches', async () => {
    let name = 'Review analysis (sample)';
    answerWith({
      listFlows: () => flowList([flow({ name })]),
      updateFlow: ({ body }: { body: { name: string } }) => {
        name = body.name;
        return flow({ name });
      },
    });
    render(
      <QueryProvider client={createQueryClient()}>
        <Names />
        <Rename />
      </QueryProvider>,
    );
    expect((await screen.findByRole('list', { name: 'Names' })).textContent).toBe('Review analysis (sample)');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Rename' })));
    expect((await screen.findByText('Renamed')).tagName).toBe('LI');
    expect(callsOf('listFlows')).toHaveLength(2);
  });
});

/** A run followed as the workflow's screen follows it, with the workflow's runs beside it. */
function FollowedRun() {
  const { status } = useRunStatus(flowId, taskId);
  const runs = useLoad(workflowQueries.runs(flowId)).result;
  return (
    <>
      <p data-testid="run">{status.state === 'loaded' ? status.run.state : status.state}</p>
      <p data-testid="runs">
        {runs.state === 'loaded' ? runs.data.runs.map((shown) => shown.state).join(',') : 'loading'}
      </p>
    </>
  );
}

describe('A run followed by refetchInterval', () => {
  it('asks every second while the run is underway, stops once it has ended, and refreshes the runs', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const states: FlowRun['state'][] = ['JobPending', 'JobRunning', 'JobDone'];
    let current: FlowRun['state'] = 'JobPending';
    answerWith({
      getFlowStatus: () => {
        current = states[Math.min(callsOf('getFlowStatus').length - 1, states.length - 1)]!;
        return { run: run({ state: current, progress: current === 'JobDone' ? 1 : 0.5 }), insights: null };
      },
      listFlowRuns: () => ({ runs: [run({ state: current, progress: current === 'JobDone' ? 1 : 0.5 })] }),
    });
    render(
      <QueryProvider client={createQueryClient()}>
        <FollowedRun />
      </QueryProvider>,
    );
    const settle = async (ms: number) => {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(ms);
      });
    };
    await settle(0);
    await settle(0);
    expect(screen.getByTestId('run').textContent).toBe('JobPending');
    expect(screen.getByTestId('runs').textContent).toBe('JobPending');
    await settle(999);
    expect(callsOf('getFlowStatus')).toHaveLength(1);
    await settle(1);
    await settle(0);
    expect(callsOf('getFlowStatus')).toHaveLength(2);
    expect(screen.getByTestId('run').textContent).toBe('JobRunning');
    await settle(1000);
    await settle(0);
    expect(screen.getByTestId('run').textContent).toBe('JobDone');
    // Ended: the runs read is invalidated and refetched, and the status is asked no more.
    await settle(0);
    expect(screen.getByTestId('runs').textContent).toBe('JobDone');
    expect(callsOf('listFlowRuns')).toHaveLength(2);
    await settle(10_000);
    expect(callsOf('getFlowStatus')).toHaveLength(3);
  });
});
