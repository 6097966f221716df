import { authStore, tokenStorageKeys } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import type { LastRun } from '@dcipher/shared/contract/flows';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import AuthApp from '../../apps/auth';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith, callsOf, receivedCalls } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';
import { flowId, insights, run, runId } from './workflow-fixtures';

// A public workflow's page (issue 36 point 4, docs/decisions/0128): what the sharing screens' public link opens.
const initialState = authStore.getState();

const lastRun = (changes: Partial<LastRun> = {}): LastRun => ({
  flow: {
    id: flowId,
    name: 'Heat pump reviews',
    analysisType: 'trendDetection',
    predefinedFlowId: null,
  },
  run: run(),
  insights,
  ...changes,
});

async function openAt(path: string, handlers: Record<string, unknown>) {
  answerWith(handlers);
  window.history.pushState(null, '', path);
  const navigate = jest.fn();
  // The site's page gives the remote its `<main>`-less bare layout: the frame's card is the page's main landmark.
  await renderScreen(<AuthApp navigate={navigate} />);
  return { navigate };
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

afterEach(() => {
  cleanup();
  window.localStorage.removeItem(tokenStorageKeys.accessToken);
  authStore.setState(initialState, true);
});

describe('A public workflow’s page', () => {
  it('says it is loading, then shows the workflow’s name and its last run drawn by the one result view, signed out', async () => {
    let release: (value: LastRun) => void = () => {};
    await openAt(`/shared/workflow?id=${flowId}`, {
      getFlowLastRun: () => new Promise<LastRun>((resolve) => (release = resolve)),
    });
    expect(heading()).toBe('Shared workflow');
    expect((await screen.findByRole('status')).textContent).toBe('Loading the shared workflow…');
    await expectNoAxeViolations();

    await act(async () => release(lastRun()));
    expect(heading()).toBe('Heat pump reviews');
    expect(document.title).toMatch(/Heat pump reviews/);
    expect(screen.getByText('A workflow shared from Dcipher')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Its last result' })).toBeTruthy();
    expect(screen.getByText(/^Last run .*: 120 documents analysed\.$/)).toBeTruthy();
    const result = await screen.findByTestId('run-insights', undefined, { timeout: 10_000 });
    // The workflow page's and the store's view: each chart titled by what it counts, with its table.
    expect(
      within(result).getByRole('table', { name: 'Documents mentioning each keyword' }).textContent,
    ).toMatch(/heat pump42/);
    expect(within(result).getByRole('img', { name: 'Documents in each narrative' })).toBeTruthy();
    expect(
      within(result).getByRole('button', { name: 'Download Documents by sentiment as CSV' }),
    ).toBeTruthy();
    // Read without a token, whoever opens it.
    expect(callsOf('getFlowLastRun')).toEqual([{ params: { flowId } }]);
    expect(screen.getByRole('link', { name: 'Start a free trial' }).getAttribute('href')).toBe('/signup');
    await expectNoAxeViolations();
  }, 30_000);

  it('reads as anybody does when a member of another organization opens it: no bearer token sent', async () => {
    window.localStorage.setItem(tokenStorageKeys.accessToken, 'another-organizations-member');
    authStore.setState({ status: 'authenticated' });
    await openAt(`/shared/workflow?id=${flowId}`, { getFlowLastRun: lastRun() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Heat pump reviews' })).toBeTruthy();
    const read = receivedCalls().find((call) => call.operation === 'getFlowLastRun');
    expect(read?.token).toBeUndefined();
  });

  it('opens the documents behind a figure from the anonymous API, by keyboard', async () => {
    await openAt(`/shared/workflow?id=${flowId}`, {
      getFlowLastRun: lastRun(),
      listFlowRunDocuments: { runId, kept: true, total: 0, documents: [], nextCursor: null },
    });
    const result = await screen.findByTestId('run-insights', undefined, { timeout: 10_000 });
    const show = within(result).getAllByRole('button', { name: /^Show documents/ })[0]!;
    show.focus();
    expect(document.activeElement).toBe(show);
    fireEvent.click(show);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No document of this run matches.')).toBeTruthy();
    expect(callsOf('listFlowRunDocuments')[0]).toMatchObject({ params: { flowId, runId } });
    expect(receivedCalls().every((call) => call.token === undefined)).toBe(true);
    await expectNoAxeViolations();
  }, 30_000);

  it('says when the workflow has not run yet', async () => {
    await openAt(`/shared/workflow?id=${flowId}`, { getFlowLastRun: lastRun({ run: null, insights: null }) });
    expect(
      await screen.findByText('It has not run yet. Its result shows here once it has run.'),
    ).toBeTruthy();
    expect(heading()).toBe('Heat pump reviews');
    expect(screen.queryByTestId('run-insights')).toBeNull();
    await expectNoAxeViolations();
  });

  it('says the workflow is not shared when the API answers 404 (private, deleted or unknown), with a way home', async () => {
    const { navigate } = await openAt(`/shared/workflow?id=${flowId}`, {
      getFlowLastRun: () => {
        throw new ApiError('Not found', 404, 'NOT_FOUND', {}, { reason: 'flow' });
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This workflow is not shared' }),
    ).toBeTruthy();
    expect(screen.getByText(/Nothing public is found at this link/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    const home = screen.getByRole('link', { name: 'Go to the Dcipher home page' });
    fireEvent.click(home);
    expect(navigate).toHaveBeenCalledWith('/');
    await expectNoAxeViolations();
  });

  it('says the link is incomplete without asking the API when it names no workflow', async () => {
    await openAt('/shared/workflow', {});
    expect(heading()).toBe('This workflow is not shared');
    await act(async () => {});
    expect(receivedCalls()).toEqual([]);
    await expectNoAxeViolations();
  });

  it('shows another failure with "Try again", which reads again', async () => {
    let attempt = 0;
    await openAt(`/shared/workflow?id=${flowId}`, {
      getFlowLastRun: () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError('Server error', 500, 'INTERNAL');
        return lastRun({ run: null, insights: null });
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
    expect(heading()).toBe('Shared workflow');
    await expectNoAxeViolations();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Heat pump reviews' })).toBeTruthy();
  });
});
