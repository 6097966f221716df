/** @jest-environment node */
import type { StoreEntry } from '@dcipher/shared/contract/flows';
import { predefinedWorkflows } from '@dcipher/shared/domain';
import { finishedAt, lastRunOf, storeEntries } from '../test-support/workflow-store-fixtures';
import { loadWorkflowStore } from './load-workflow-store.mjs';

const apiBaseUrl = 'http://api.test';

/** A fake `fetch` answering the store's two calls from a list of store answers (the last one repeats). */
function fakeApi(answers: StoreEntry[][], overrides: Record<string, () => Response> = {}) {
  const requested: string[] = [];
  let storeReads = 0;
  const fetch = jest.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input));
    requested.push(url.pathname);
    const override = overrides[url.pathname];
    if (override) return override();
    if (url.pathname === '/flows/store') {
      const answer = answers[Math.min(storeReads, answers.length - 1)]!;
      storeReads += 1;
      return Response.json(answer);
    }
    const flowId = /^\/flows\/([^/]+)\/last-run$/.exec(url.pathname)?.[1];
    const entry = answers.at(-1)!.find((candidate) => candidate.sampleFlowId === flowId);
    return entry ? Response.json(lastRunOf(entry)) : new Response('{}', { status: 404 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requested };
}

function reporter() {
  return { info: jest.fn(), warn: jest.fn() };
}

/** A clock that moves only when the loader sleeps. */
function fakeClock() {
  let time = 0;
  return {
    now: () => time,
    sleep: async (milliseconds: number) => {
      time += milliseconds;
    },
  };
}

describe('loadWorkflowStore', () => {
  it('reads each predefined workflow in catalogue order with its price and its sample’s last run', async () => {
    const api = fakeApi([storeEntries()]);
    const store = await loadWorkflowStore({
      apiBaseUrl,
      environment: 'production',
      reporter: reporter(),
      fetch: api.fetch,
    });
    expect(store.workflows.map((workflow) => workflow.id)).toEqual(predefinedWorkflows.map((w) => w.id));
    const brand = store.workflows.find((workflow) => workflow.id === 'brand-monitoring')!;
    expect(brand.creditsPerThousandDocuments).toBe(102);
    expect(brand.lastRun).toMatchObject({ finishedAt, documentsAnalysed: 150 });
    expect(brand.lastRun?.insights.trend?.rising[0]).toMatchObject({ term: 'heat pump', momentum: 1.42 });
    expect(api.requested).toContain('/flows/00000000-0000-4000-8000-000000000002/last-run');
  });

  it('waits for the samples the API is still running, saying so, then reads their runs', async () => {
    const api = fakeApi([storeEntries({ ran: false }), storeEntries({ ran: false }), storeEntries()]);
    const log = reporter();
    const store = await loadWorkflowStore({
      apiBaseUrl,
      environment: 'production',
      reporter: log,
      fetch: api.fetch,
      ...fakeClock(),
    });
    expect(log.info).toHaveBeenCalledWith(
      expect.stringMatching(
        /^Workflow store: waiting up to 90 s for the first run of the samples of review-analysis, /,
      ),
    );
    expect(log.warn).not.toHaveBeenCalled();
    expect(store.workflows.every((workflow) => workflow.lastRun !== null)).toBe(true);
  });

  it('gives up waiting after the bound and builds the samples without a run as such', async () => {
    const stillRunning = storeEntries().map((entry) =>
      entry.predefinedFlowId === 'news-briefing' ? { ...entry, lastRunAt: null } : entry,
    );
    const api = fakeApi([stillRunning]);
    const log = reporter();
    const clock = fakeClock();
    const store = await loadWorkflowStore({
      apiBaseUrl,
      environment: 'production',
      reporter: log,
      fetch: api.fetch,
      waitMs: 5_000,
      ...clock,
    });
    expect(clock.now()).toBe(5_000);
    expect(log.warn).toHaveBeenCalledWith(
      'Workflow store: no finished run yet for the samples of news-briefing; their pages say the first run is being prepared',
    );
    expect(store.workflows.find((workflow) => workflow.id === 'news-briefing')?.lastRun).toBeNull();
    expect(store.workflows.find((workflow) => workflow.id === 'survey-coding')?.lastRun).not.toBeNull();
    expect(api.requested).not.toContain('/flows/00000000-0000-4000-8000-000000000004/last-run');
  });

  it('shows a sample whose last run has no result yet as not run', async () => {
    const api = fakeApi([storeEntries()], {
      '/flows/00000000-0000-4000-8000-000000000000/last-run': () =>
        Response.json({ ...lastRunOf(storeEntries()[0]!), run: null, insights: null }),
    });
    const store = await loadWorkflowStore({
      apiBaseUrl,
      environment: 'production',
      reporter: reporter(),
      fetch: api.fetch,
    });
    expect(store.workflows[0]?.lastRun).toBeNull();
  });

  it('fails a production build when the API cannot be reached, naming it, and starts no API of its own', async () => {
    const startInProcessApi = jest.fn();
    await expect(
      loadWorkflowStore({
        apiBaseUrl,
        environment: 'production',
        reporter: reporter(),
        fetch: (async () => {
          throw new Error('connect ECONNREFUSED');
        }) as unknown as typeof fetch,
        startInProcessApi,
      }),
    ).rejects.toThrow('The workflow store could not be read from http://api.test: connect ECONNREFUSED');
    expect(startInProcessApi).not.toHaveBeenCalled();
  });

  it('outside production, reads an in-process API when the configured one does not answer, and closes it', async () => {
    const close = jest.fn(async () => {});
    const log = reporter();
    const store = await loadWorkflowStore({
      apiBaseUrl,
      environment: 'development',
      reporter: log,
      fetch: (async () => new Response('', { status: 502 })) as unknown as typeof fetch,
      startInProcessApi: async () => ({
        where: 'the in-process API',
        get: async (path: string) =>
          path === '/flows/store'
            ? storeEntries()
            : lastRunOf(storeEntries().find((entry) => path.includes(entry.sampleFlowId!))!),
        close,
      }),
    });
    expect(log.info).toHaveBeenCalledWith(
      'Workflow store: http://api.test not reachable (/flows/store answered 502); reading it from an in-process API',
    );
    expect(store.workflows).toHaveLength(predefinedWorkflows.length);
    expect(close).toHaveBeenCalled();
  });

  it('fails when the API does not know a workflow of the catalogue, or answers what the contract does not allow', async () => {
    const partial = fakeApi([storeEntries().slice(1)]);
    await expect(
      loadWorkflowStore({
        apiBaseUrl,
        environment: 'development',
        reporter: reporter(),
        fetch: partial.fetch,
      }),
    ).rejects.toThrow(/has no entry for the predefined workflow review-analysis/);
    const wrong = fakeApi([[{ predefinedFlowId: 'review-analysis' } as StoreEntry]]);
    const startInProcessApi = jest.fn();
    await expect(
      loadWorkflowStore({
        apiBaseUrl,
        environment: 'development',
        reporter: reporter(),
        fetch: wrong.fetch,
        startInProcessApi,
      }),
    ).rejects.toThrow('The workflow store could not be read from http://api.test');
    expect(startInProcessApi).not.toHaveBeenCalled();
  });
});
