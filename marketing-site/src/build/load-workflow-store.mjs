// The workflow store at build time (docs/decisions/0071, 0073): the catalogue of predefined workflows is in
// @dcipher/shared/domain; the API adds, for each, its public sample flow and price (`GET /flows/store`) and the
// last finished run of that sample (`GET /flows/{sampleFlowId}/last-run`). Like pricing (load-pricing.mjs), the
// configured API is asked first; outside production, when it is not running (as during `npm start`'s build
// step), the same API is started in-process on an in-memory database and asked instead. Production never falls back.
//
// The API runs the samples on start, so a build that follows the API's start closely (the in-process API always
// does) waits, within a bound, for each sample's first run. A sample still without a run when the bound is reached
// is built as such: its page says the first run is being prepared.
import { getFlowLastRun, LastRunSchema, listWorkflowStore } from '@dcipher/shared/contract/flows';
import { predefinedWorkflows } from '@dcipher/shared/domain';
import * as v from 'valibot';
import { startInProcessApi } from './in-process-api.mjs';

/** How long a build waits for the samples' first runs, by default. */
export const sampleRunWaitMs = 90_000;
const pollIntervalMs = 1_000;

const sleepFor = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Reads a path of the API over HTTP; a failure names the path and the status. */
function httpApi(apiBaseUrl, fetchImpl) {
  const base = apiBaseUrl.replace(/\/$/, '');
  return {
    where: base,
    async get(path) {
      const response = await fetchImpl(`${base}${path}`, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return response.json();
    },
    async close() {},
  };
}

async function inProcessApi() {
  const app = await startInProcessApi();
  return {
    where: 'the in-process API',
    async get(path) {
      const response = await app.inject({ method: 'GET', url: path });
      if (response.statusCode >= 400) throw new Error(`${path} answered ${response.statusCode}`);
      return response.json();
    },
    close: () => app.close(),
  };
}

const lastRunPath = (flowId) => getFlowLastRun.path.replace('{flowId}', encodeURIComponent(flowId));
const readStore = async (api) => v.parse(listWorkflowStore.response, await api.get(listWorkflowStore.path));
const waitingFor = (store) =>
  store.filter((entry) => entry.sampleFlowId === null || entry.lastRunAt === null);

/**
 * The store's entries once every sample has run, or when `waitMs` has passed (the entries as they are then).
 * One log line says what is waited for and one what is given up on.
 */
async function storeWithRuns(api, { reporter, waitMs, sleep, now }) {
  let store = await readStore(api);
  if (waitingFor(store).length === 0) return store;
  const ids = () => waitingFor(store).map((entry) => entry.predefinedFlowId);
  reporter.info(
    `Workflow store: waiting up to ${Math.round(waitMs / 1000)} s for the first run of the samples of ${ids().join(', ')} (the API runs them on start)`,
  );
  const deadline = now() + waitMs;
  while (waitingFor(store).length > 0 && now() < deadline) {
    await sleep(Math.min(pollIntervalMs, Math.max(0, deadline - now())));
    store = await readStore(api);
  }
  if (waitingFor(store).length > 0)
    reporter.warn(
      `Workflow store: no finished run yet for the samples of ${ids().join(', ')}; their pages say the first run is being prepared`,
    );
  return store;
}

/** What a store page shows of a sample's last run: its figures and when it ran (not the run's bookkeeping). */
function shownRun(lastRun) {
  if (!lastRun.run || !lastRun.insights) return null;
  return {
    finishedAt: lastRun.run.finishedAt,
    documentsAnalysed: lastRun.run.documentsAnalysed ?? lastRun.insights.documents.analysed,
    insights: lastRun.insights,
  };
}

async function readWorkflows(api, options) {
  const store = await storeWithRuns(api, options);
  const workflows = [];
  for (const workflow of predefinedWorkflows) {
    const entry = store.find((candidate) => candidate.predefinedFlowId === workflow.id);
    if (!entry)
      throw new Error(
        `${listWorkflowStore.path} has no entry for the predefined workflow ${workflow.id}: the API and the site were built from different catalogues`,
      );
    const lastRun =
      entry.sampleFlowId && entry.lastRunAt
        ? shownRun(v.parse(LastRunSchema, await api.get(lastRunPath(entry.sampleFlowId))))
        : null;
    workflows.push({
      id: workflow.id,
      creditsPerThousandDocuments: entry.creditsPerThousandDocuments,
      lastRun,
    });
  }
  return workflows;
}

/**
 * Each predefined workflow, in catalogue order, with its price in credits per 1,000 documents past the plan's
 * quota and the last run of its public sample (null while it has none).
 */
export async function loadWorkflowStore({
  apiBaseUrl,
  environment,
  reporter,
  fetch: fetchImpl = globalThis.fetch,
  startInProcessApi = inProcessApi,
  waitMs = sampleRunWaitMs,
  sleep = sleepFor,
  now = Date.now,
}) {
  const options = { reporter, waitMs, sleep, now };
  let api = httpApi(apiBaseUrl, fetchImpl);
  try {
    // Reachable and answering; what it answers is checked below, and wrong data is never a reason to fall back.
    await api.get(listWorkflowStore.path);
  } catch (error) {
    if (environment === 'production')
      throw new Error(`The workflow store could not be read from ${apiBaseUrl}: ${error.message}`);
    reporter.info(
      `Workflow store: ${apiBaseUrl} not reachable (${error.message}); reading it from an in-process API`,
    );
    api = await startInProcessApi();
  }
  try {
    return { workflows: await readWorkflows(api, options) };
  } catch (error) {
    throw new Error(`The workflow store could not be read from ${api.where}: ${error.message}`);
  } finally {
    await api.close();
  }
}
