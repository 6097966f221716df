import { File as NodeFile } from 'node:buffer';
import { authStore } from '@dcipher/shared/auth';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { ApiAnswer, answerWith, callsOf } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';
import { cost, flow, flowId, flowList, insights, run, runId, taskId } from './workflow-fixtures';

/**
 * A file as the person chooses it. Node's File, not jsdom's: the client sends it in a FormData, which the test
 * environment lends from Node (jest.jsdom-environment.cjs), and Node's FormData takes Node's Blobs only.
 */
const chosenFile = (content: string, name: string, type = '') =>
  new NodeFile([content], name, { type }) as unknown as File;

const initialState = authStore.getState();
/** The page's document (the tests name their fixtures `document`). */
const document_ = globalThis.document;

/**
 * What the screens a test moves to load, when the test is not about them: the workflow a row or a new workflow leads
 * to (as named, with no runs), the list a deletion goes back to (empty), and the members its sharing form offers
 * (none). A test about one of them answers it itself.
 */
const neighbourAnswers = {
  getFlow: ({ params }: { params: { flowId: string } }) => flow({ id: params.flowId }),
  listFlowRuns: { runs: [] },
  listFlows: flowList([]),
  listRoleUsers: { users: [] },
};

async function openAt(path: string, handlers: Record<string, unknown>, account = testAccount) {
  authStore.setState({ status: 'authenticated' });
  answerWith({ getAccount: account, ...neighbourAnswers, ...handlers });
  window.history.pushState(null, '', path);
  const navigate = jest.fn();
  await renderScreen(
    <main>
      <AccountApp navigate={navigate} />
    </main>,
  );
  return { navigate };
}

describe('Workflows: the landing screen', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('comes right after the overview in the menu, says it is loading, then lists the workflows with their last run', async () => {
    let release: (value: unknown) => void = () => {};
    await openAt('/workflows', { listFlows: () => new Promise((resolve) => (release = resolve)) });
    expect((await screen.findByRole('status')).textContent).toBe('Loading your workflows…');
    const menu = screen.getByRole('navigation', { name: 'Account area' });
    // Right after the overview, before the settings' groups (docs/decisions/0081).
    const [overview, workflows] = within(menu).getAllByRole('link');
    expect(overview?.textContent).toBe('Overview');
    expect([workflows?.textContent, workflows?.getAttribute('aria-current')]).toEqual(['Workflows', 'page']);
    await act(async () =>
      release(
        flowList([
          flow({ lastRun: run() }),
          flow({
            id: 'f2',
            name: 'Competitors weekly',
            flowType: 'customFlow',
            analysisType: 'trendDetection',
            schedule: { frequency: 'weekly', startAt: '2026-11-27T10:00:00.000Z', nextRunAt: null },
            paused: true,
          }),
        ]),
      ),
    );
    const list = await screen.findByRole('list', { name: 'Your workflows' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toMatch(
      /Review analysis \(sample\).*Predefined.*Content analysis.*By hand.*Done/,
    );
    expect(items[1]!.textContent).toMatch(
      /Competitors weekly.*Custom.*Trend detection.*Weekly \(paused\).*Not run yet/,
    );
    expect(within(list).getByRole('link', { name: 'Review analysis (sample)' }).getAttribute('href')).toBe(
      `/workflows/${flowId}`,
    );
    await expectNoAxeViolations();
  });

  it('filters by type with GET /flows?flowType', async () => {
    await openAt('/workflows', {
      listFlows: ({ query }: { query: Record<string, string> }) =>
        flowList(query.flowType === 'customFlow' ? [] : [flow()]),
    });
    fireEvent.change(await screen.findByLabelText('Type'), { target: { value: 'customFlow' } });
    expect((await screen.findByText('No custom workflows yet.')).textContent).toBeTruthy();
    expect(callsOf('listFlows').map((input: { query?: object }) => input.query ?? {})).toEqual([
      { pageSize: '100' },
      { flowType: 'customFlow', pageSize: '100' },
    ]);
    expect(window.location.search).toBe('?flowType=customFlow');
  });

  it('pages a list longer than a page: "Page 1 of 2", then the next page asked by GET /flows?page=2 (issue 35)', async () => {
    const named = (index: number) =>
      flow({ id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, name: `Workflow ${index}` });
    await openAt('/workflows', {
      listFlows: ({ query }: { query: Record<string, string> }) =>
        query.page === '2'
          ? flowList([named(101), named(102)], undefined, { total: 102, page: 2 })
          : flowList(
              Array.from({ length: 100 }, (_, index) => named(index + 1)),
              undefined,
              { total: 102, page: 1 },
            ),
    });
    const pages = await screen.findByRole('navigation', { name: 'Workflows pages' });
    expect(pages.textContent).toMatch(/Page 1 of 2/);
    expect(screen.getByText('102 workflows in all: search and sort apply to the page shown.')).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    const list = await screen.findByRole('list', { name: 'Your workflows' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByRole('link', { name: 'Workflow 102' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Workflows pages' }).textContent).toMatch(/Page 2 of 2/);
    expect(callsOf('listFlows').at(-1)).toEqual({ query: { page: '2', pageSize: '100' } });
    await expectNoAxeViolations();
  });

  it('searches, sorts and acts on a row: open, run after its cost, delete after a confirmation, by keyboard (issue 36)', async () => {
    const second = '3e8f2a10-6b7c-4d8e-9f0a-1b2c3d4e5f60';
    const third = '4f9a3b21-7c8d-4e9f-8a1b-2c3d4e5f6a71';
    let listed = [
      flow({
        id: second,
        name: 'Competitors weekly',
        lastRun: run({ finishedAt: '2026-11-20T10:00:00.000Z' }),
      }),
      flow({ name: 'Review analysis (sample)', lastRun: run() }),
      flow({ id: third, name: 'Brand mentions', description: 'Coffee press', abilities: ['read'] }),
    ];
    const { navigate } = await openAt('/workflows', {
      listFlows: () => flowList(listed),
      calculateFlowCost: cost(),
      runFlow: run({ state: 'JobPending' }),
      deleteFlow: ({ params }: { params: { flowId: string } }) => {
        listed = listed.filter((entry) => entry.id !== params.flowId);
        return { deleted: true };
      },
    });
    const list = await screen.findByRole('list', { name: 'Your workflows' });
    const names = () =>
      within(screen.getByRole('list', { name: 'Your workflows' }))
        .getAllByRole('heading')
        .map((heading) => heading.textContent);
    expect(names()).toEqual(['Competitors weekly', 'Review analysis (sample)', 'Brand mentions']);
    expect(screen.getByRole('status').textContent).toBe('3 workflows');

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'name' } });
    expect(names()).toEqual(['Brand mentions', 'Competitors weekly', 'Review analysis (sample)']);
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'lastRun' } });
    expect(names()).toEqual(['Review analysis (sample)', 'Competitors weekly', 'Brand mentions']);

    const search = screen.getByRole('searchbox', { name: 'Search by name or description' });
    fireEvent.change(search, { target: { value: 'coffee' } });
    expect(names()).toEqual(['Brand mentions']);
    expect(screen.getByRole('status').textContent).toBe('1 of 3 workflows match');
    // A viewer's row offers Open only.
    expect(within(list).queryByRole('button', { name: 'Run Brand mentions' })).toBeNull();
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    expect(screen.getByRole('status').textContent).toBe('No workflow matches “nothing like it”.');
    fireEvent.change(search, { target: { value: '' } });

    const open = screen.getByRole('link', { name: 'Open Competitors weekly' });
    expect(open.getAttribute('href')).toBe(`/workflows/${second}`);

    // Delete: nothing is deleted before the confirmation; Keep it keeps it.
    fireEvent.click(screen.getByRole('button', { name: 'Delete Review analysis (sample)' }));
    const deleteDialog = await screen.findByRole('dialog', { name: 'Delete Review analysis (sample)?' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(deleteDialog).getByRole('button', { name: 'Keep it' })),
    );
    expect(callsOf('deleteFlow')).toHaveLength(0);
    fireEvent.click(within(deleteDialog).getByRole('button', { name: 'Delete workflow' }));
    await waitFor(() => expect(names()).toEqual(['Competitors weekly', 'Brand mentions']));
    expect(callsOf('deleteFlow')).toEqual([{ params: { flowId } }]);

    // Run: a real button (keyboard), the cost in a dialog that takes focus, then the run.
    const runButton = screen.getByRole('button', { name: 'Run Competitors weekly' });
    expect(runButton.tagName).toBe('BUTTON');
    fireEvent.click(runButton);
    const runDialog = await screen.findByRole('dialog', { name: 'Run Competitors weekly?' });
    await waitFor(() => expect(runDialog.contains(document.activeElement)).toBe(true));
    await expectNoAxeViolations();
    fireEvent.click(await within(runDialog).findByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/workflows/${second}`));
    expect(callsOf('runFlow')).toEqual([{ params: { flowId: second }, body: expect.any(Object) }]);
  });

  it('shows a failed load with "Try again"', async () => {
    let attempt = 0;
    await openAt('/workflows', {
      listFlows: () => {
        attempt += 1;
        if (attempt === 1)
          throw new ApiAnswer(500, {
            statusCode: 500,
            error: 'Internal',
            message: 'x',
            code: 'INTERNAL',
          } as never);
        return flowList([flow()]);
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
    await expectNoAxeViolations();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your workflows' })).toBeTruthy();
  });

  it('offers the predefined workflows when there are none, and tries one on its sample in one click', async () => {
    const { navigate } = await openAt('/workflows', {
      listFlows: flowList([]),
      createFlow: ({ body }: { body: { name: string } }) => flow({ name: body.name }),
      runFlow: run({ state: 'JobPending', progress: 0, finishedAt: null, startedAt: null }),
    });
    const cards = await screen.findByRole('list', { name: 'Predefined workflows' });
    expect(
      within(cards)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Review analysis',
      'Survey coding',
      'Brand monitoring',
      'Competitor tracking',
      'News briefing',
    ]);
    await expectNoAxeViolations();
    fireEvent.click(within(cards).getByRole('button', { name: 'Try with sample data (Review analysis)' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/workflows/${flowId}`));
    expect(callsOf('createFlow')[0]).toEqual({
      body: expect.objectContaining({
        name: 'Review analysis (sample)',
        flowType: 'predefinedFlow',
        predefinedFlowId: 'review-analysis',
        analysisType: 'contentAnalysis',
        dataSources: [{ kind: 'starter', group: 'file', sampleId: 'coffee-machine-reviews' }],
      }),
    });
    expect(callsOf('runFlow')[0]).toEqual({
      params: { flowId },
      body: { idempotencyKey: expect.stringMatching(/^run-/) },
    });
  });

  it('says why the sample could not be created, and keeps the cards', async () => {
    await openAt('/workflows', {
      listFlows: flowList([]),
      createFlow: () => {
        throw new ApiAnswer(402, {
          statusCode: 402,
          error: 'Payment Required',
          message: 'x',
          code: 'FLOW_QUOTA_REACHED',
          params: { limit: 3 },
        } as never);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Try with sample data (Survey coding)' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Your plan includes 3 custom workflows/);
    expect(screen.getByRole('button', { name: 'Try with sample data (Survey coding)' })).toBeTruthy();
  });
});

describe('Workflows: a new workflow', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  const upload = {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    fileName: 'reviews.csv',
    format: 'csv',
    bytes: 64,
    documents: 3,
    preview: ['Great coffee', 'Too loud', 'Fine'],
    createdAt: '2026-11-27T10:00:00.000Z',
  };

  it('uploads a CSV, shows what was read and the cost, checks the name, then creates and runs it', async () => {
    const { navigate } = await openAt('/workflows/new?predefined=review-analysis', {
      listFlows: flowList([]),
      validateFlowName: ({ body }: { body: { name: string } }) =>
        body.name === 'Review analysis'
          ? {
              result: 'file-name-exists',
              message: 'A workflow with this name already exists in your organization.',
            }
          : { result: 'file-name-valid', message: null },
      calculateFlowCost: ({ body }: { body: { dataSources: { kind: string }[] } }) =>
        body.dataSources[0]!.kind === 'uploaded'
          ? cost({
              documents: 3,
              creditsNeeded: 2,
              lines: [
                {
                  usageCategory: 'SocialMedia',
                  quantity: 3,
                  unit: 'document',
                  includedRemaining: 1,
                  payable: 2,
                  credits: 2,
                },
              ],
            })
          : cost(),
      uploadFlowFile: upload,
      createFlow: ({ body }: { body: { name: string } }) => flow({ name: body.name }),
      runFlow: run({ state: 'JobPending' }),
    });
    expect(await screen.findByRole('form', { name: 'New workflow' })).toBeTruthy();
    expect(screen.getByLabelText('Review analysis')).toHaveProperty('checked', true);
    // Its inputs by kind, with their help.
    expect(screen.getByLabelText('Language')).toHaveProperty('tagName', 'SELECT');
    const slider = screen.getByLabelText(/Most documents to analyse/);
    expect([slider.getAttribute('type'), slider.getAttribute('aria-describedby')]).toEqual([
      'range',
      expect.any(String),
    ]);
    expect(document.getElementById(slider.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /most recent/,
    );
    // The name is checked as it is typed (the predefined workflow's name is taken); the sample is priced at once.
    expect(
      await screen.findByText('A workflow with this name already exists in your organization.', undefined, {
        timeout: 3000,
      }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('credits-needed').textContent).toBe('Included in your plan'),
    );
    await expectNoAxeViolations();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Espresso reviews' } });
    expect(await screen.findByText('This name is free.', undefined, { timeout: 3000 })).toBeTruthy();

    // The file is read by the API and its documents shown.
    fireEvent.click(screen.getByLabelText('Upload a file'));
    const file = chosenFile('text\nGreat coffee\nToo loud\nFine\n', 'reviews.csv', 'text/csv');
    fireEvent.change(screen.getByLabelText('Data file'), { target: { files: [file] } });
    const preview = await screen.findByTestId('upload-preview');
    expect(preview.textContent).toMatch(/reviews.csv: 3 documents found/);
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Great coffee', 'Too loud', 'Fine']);
    // The chosen File itself is sent (multipart), not read into a string first (docs/decisions/0114).
    const [uploadCall] = callsOf('uploadFlowFile') as { body: { file: File } }[];
    expect([uploadCall!.body.file.name, await uploadCall!.body.file.text()]).toEqual([
      file.name,
      await file.text(),
    ]);

    // Its cost, before anything runs.
    await waitFor(() => expect(screen.getByTestId('credits-needed').textContent).toBe('2 credits'));
    expect(screen.getByTestId('flow-cost').textContent).toMatch(/1 of 3 in your plan, 2 paid/);
    await expectNoAxeViolations();

    fireEvent.click(screen.getByRole('button', { name: 'Create and run' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/workflows/${flowId}`));
    expect(callsOf('createFlow')[0]).toEqual({
      body: expect.objectContaining({
        name: 'Espresso reviews',
        flowType: 'predefinedFlow',
        predefinedFlowId: 'review-analysis',
        dataSources: [{ kind: 'uploaded', group: 'file', uploadId: upload.id }],
        schedule: null,
        notifications: true,
        visibility: 'private',
        inputs: expect.arrayContaining([
          expect.objectContaining({ key: 'language', kind: 'select', value: 'any' }),
        ]),
      }),
    });
    expect(callsOf('runFlow')).toHaveLength(1);
  });

  it('refuses a file by the API’s reason, and keeps what was typed when creating fails', async () => {
    await openAt('/workflows/new?predefined=custom', {
      listFlows: flowList([]),
      validateFlowName: { result: 'file-name-valid', message: null },
      calculateFlowCost: cost(),
      uploadFlowFile: () => {
        throw new ApiAnswer(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'x',
          code: 'UPLOAD_REJECTED',
          params: { reason: 'format' },
        } as never);
      },
      createFlow: () => {
        throw new ApiAnswer(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'x',
          code: 'FLOW_NAME_TAKEN',
        } as never);
      },
    });
    expect(await screen.findByLabelText('From scratch')).toHaveProperty('checked', true);
    fireEvent.change(screen.getByLabelText('Analysis type'), { target: { value: 'trendDetection' } });
    expect(screen.getByLabelText('Trend metric')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Upload a file'));
    fireEvent.change(screen.getByLabelText('Data file'), {
      target: { files: [chosenFile('x', 'notes.odt')] },
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /notes.odt: This kind of file cannot be analysed/,
    );

    fireEvent.click(screen.getByLabelText('A sample dataset'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'My trends' } });
    fireEvent.click(screen.getByLabelText('Run on a schedule'));
    fireEvent.change(screen.getByLabelText('How often'), { target: { value: 'daily' } });
    await waitFor(() =>
      expect(screen.getByTestId('credits-needed').textContent).toBe('Included in your plan'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create workflow' }));
    expect(
      (await screen.findByText(/A workflow with this name already exists/, { selector: '[role=alert]' }))
        .textContent,
    ).toBeTruthy();
    expect(callsOf('createFlow')[0]).toEqual({
      body: expect.objectContaining({
        flowType: 'customFlow',
        analysisType: 'trendDetection',
        trendMetric: 'momentum',
        schedule: { frequency: 'daily' },
      }),
    });
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'My trends');
    expect(screen.getByLabelText('How often')).toHaveProperty('value', 'daily');
    expect(screen.getByLabelText('Analysis type')).toHaveProperty('value', 'trendDetection');
  });

  it('says how many custom workflows are in use before the limit, and at it says why beside "Create" and moves focus there (issue 36)', async () => {
    await openAt('/workflows/new?predefined=review-analysis', {
      listFlows: flowList([], { used: 7, limit: 10 }),
      validateFlowName: { result: 'file-name-valid', message: null },
      calculateFlowCost: cost(),
    });
    // Before the limit: the count, and that failed ones count too (the API counts every custom workflow).
    expect((await screen.findByTestId('custom-workflows-in-use')).textContent).toBe(
      '7 of 10 custom workflows in use. Each one counts until it is deleted, failed ones too; predefined workflows do not count.',
    );
    expect(await screen.findByText('This name is free.', undefined, { timeout: 3000 })).toBeTruthy();
    cleanup();

    await openAt('/workflows/new?predefined=custom', {
      listFlows: flowList([], { used: 10, limit: 10 }),
      validateFlowName: { result: 'file-name-valid', message: null },
      calculateFlowCost: cost(),
      createFlow: () => flow(),
    });
    expect((await screen.findByTestId('custom-workflows-in-use')).textContent).toMatch(/^10 of 10 custom/);
    await waitFor(() =>
      expect(screen.getByTestId('credits-needed').textContent).toBe('Included in your plan'),
    );
    const create = screen.getByRole('button', { name: 'Create workflow' });
    expect(create).toHaveProperty('disabled', false);
    fireEvent.click(create);
    const reason = await screen.findByRole('alert');
    expect(reason.textContent).toBe(
      'Your plan includes 10 custom workflows, and all are in use. Delete one or choose a larger plan.',
    );
    // Next to the buttons (right before them), with focus on it: not far up the page, not on <body>.
    expect(reason.parentElement?.nextElementSibling?.contains(create)).toBe(true);
    await waitFor(() => expect(document.activeElement?.contains(reason)).toBe(true));
    expect(callsOf('createFlow')).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it('says what is wrong with a feed address under the address field and moves focus there (issue 36)', async () => {
    await openAt('/workflows/new?predefined=custom', {
      listFlows: flowList([]),
      validateFlowName: { result: 'file-name-valid', message: null },
      calculateFlowCost: ({ body }: { body: { dataSources: { kind: string }[] } }) => {
        if (body.dataSources[0]!.kind !== 'news') return cost();
        throw new ApiAnswer(422, {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: 'x',
          code: 'SOURCE_UNREACHABLE',
          params: { reason: 'notFeed' },
        } as never);
      },
    });
    fireEvent.click(await screen.findByLabelText('An RSS feed'));
    const address = screen.getByLabelText('Feed address (RSS or Atom)');
    fireEvent.change(address, { target: { value: 'https://example.com/' } });
    fireEvent.click(screen.getByRole('button', { name: 'See the cost' }));
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(address.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This address does not serve an RSS or Atom feed.',
    );
    expect(document.activeElement).toBe(address);
    // Said once, there, and not under "Cost".
    expect(screen.getAllByText('This address does not serve an RSS or Atom feed.')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    await expectNoAxeViolations();
  });

  it('validates the whole draft as one form: an address that is not one is said under its field, with focus, before any call (issue 36)', async () => {
    const { navigate } = await openAt('/workflows/new?predefined=custom', {
      listFlows: flowList([]),
      validateFlowName: { result: 'file-name-valid', message: null },
      calculateFlowCost: cost(),
      createFlow: () => flow(),
    });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'My feed' } });
    expect(await screen.findByText('This name is free.', undefined, { timeout: 3000 })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Run on a schedule'));
    fireEvent.change(screen.getByLabelText('How often'), { target: { value: 'daily' } });
    fireEvent.click(screen.getByLabelText('An RSS feed'));
    const address = screen.getByLabelText('Feed address (RSS or Atom)');
    fireEvent.change(address, { target: { value: 'example dot com' } });
    const invalid = 'Enter an http or https address, such as https://example.com/feed.xml.';
    const errorOf = (field: HTMLElement) =>
      document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

    // "See the cost" checks the address with the contract's rule first: the message under it, focus on it.
    fireEvent.click(screen.getByRole('button', { name: 'See the cost' }));
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(address)).toBe(invalid);
    expect(document.activeElement).toBe(address);

    // "Create workflow" validates the draft, not only the name: nothing is sent, the same message, focus on it.
    act(() => address.blur());
    fireEvent.click(screen.getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(document.activeElement).toBe(address));
    expect(errorOf(address)).toBe(invalid);
    expect(screen.getAllByText(invalid)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsOf('createFlow')).toHaveLength(0);
    expect(
      callsOf('calculateFlowCost').filter(
        (call) =>
          (call as { body: { dataSources: { kind: string }[] } }).body.dataSources[0]?.kind === 'news',
      ),
    ).toHaveLength(0);
    await expectNoAxeViolations();

    // Corrected, the message goes as it is typed; the draft is the one form's, kept across the data source changed
    // and back, and sent whole.
    fireEvent.change(address, { target: { value: 'https://example.com/feed.xml' } });
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBeNull());
    fireEvent.click(screen.getByLabelText('A sample dataset'));
    fireEvent.click(screen.getByLabelText('An RSS feed'));
    expect(screen.getByLabelText('Feed address (RSS or Atom)')).toHaveProperty(
      'value',
      'https://example.com/feed.xml',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(callsOf('createFlow')).toHaveLength(1));
    expect(callsOf('createFlow')[0]).toEqual({
      body: expect.objectContaining({
        name: 'My feed',
        flowType: 'customFlow',
        dataSources: [{ kind: 'news', group: 'news', format: 'rss', url: 'https://example.com/feed.xml' }],
        schedule: { frequency: 'daily' },
      }),
    });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/workflows/${flowId}`));
  });

  it('puts an API refusal of a draft field other than the name under that field, with focus (issue 36)', async () => {
    await openAt('/workflows/new?predefined=custom', {
      listFlows: flowList([]),
      validateFlowName: { result: 'file-name-valid', message: null },
      calculateFlowCost: cost(),
      createFlow: () => {
        throw new ApiAnswer(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'x',
          code: 'VALIDATION_FAILED',
          issues: { 'schedule.frequency': 'x' },
        } as never);
      },
    });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Hourly trends' } });
    expect(await screen.findByText('This name is free.', undefined, { timeout: 3000 })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Run on a schedule'));
    const often = screen.getByLabelText('How often');
    fireEvent.change(often, { target: { value: 'daily' } });
    await waitFor(() =>
      expect(screen.getByTestId('credits-needed').textContent).toBe('Included in your plan'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(often.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(often.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This value is not valid',
    );
    await waitFor(() => expect(document.activeElement).toBe(often));
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Hourly trends');
    await expectNoAxeViolations();
  });
});

describe('Workflows: one workflow', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
    jest.restoreAllMocks();
  });

  it('confirms the cost before running, follows the run live to JobDone, and draws its result', async () => {
    const answers = [
      run({ state: 'JobPending', progress: 0, stage: null, finishedAt: null, startedAt: null }),
      run({ state: 'JobRunning', progress: 0.5, stage: 'analysing', finishedAt: null }),
      run({ state: 'JobDone' }),
    ];
    let asked = 0;
    await openAt(`/workflows/${flowId}`, {
      getFlow: flow(),
      listFlowRuns: () => ({ runs: asked > 0 ? [run()] : [] }),
      calculateFlowCost: cost({ creditsNeeded: 7 }),
      runFlow: answers[0],
      getFlowStatus: () => {
        const answer = answers[Math.min(asked, 2)]!;
        asked += 1;
        return { run: answer, insights: answer.state === 'JobDone' ? insights : null };
      },
      listFlowFiles: { runId, number: 1, files: run().files },
    });
    expect((await screen.findByTestId('flow-name')).textContent).toBe('Review analysis (sample)');
    expect(screen.getByText('It has not run yet. Run it to see what it finds.')).toBeTruthy();
    await expectNoAxeViolations();

    const runButton = screen.getByRole('button', { name: 'Run' });
    runButton.focus();
    fireEvent.click(runButton);
    const dialog = await screen.findByRole('dialog', { name: 'Run Review analysis (sample)?' });
    expect(await within(dialog).findByText(/This run takes 7 credits from your wallet/)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Run now' })),
    );
    await expectNoAxeViolations();
    // Escape closes it and gives focus back; nothing was charged.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(runButton);
    expect(callsOf('runFlow')).toHaveLength(0);

    fireEvent.click(runButton);
    fireEvent.click(await screen.findByRole('button', { name: 'Run now' }));
    expect(await screen.findByText(/Waiting to start/)).toBeTruthy();
    expect(callsOf('runFlow')[0]).toEqual({
      params: { flowId },
      body: { idempotencyKey: expect.stringMatching(/^run-/) },
    });
    // The screen polls the run every second; a loaded machine may take a few rounds longer.
    expect(await screen.findByText(/Analysing — 50%/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Run 1 progress' })).toBeTruthy();
    const result = await screen.findByTestId('run-insights', undefined, { timeout: 10_000 });
    expect(
      callsOf('getFlowStatus').every(
        (input: { query: object }) => JSON.stringify(input.query) === JSON.stringify({ taskId }),
      ),
    ).toBe(true);
    // The one result view (shared with the store): the headline, each chart titled by what it counts, with its table.
    expect(
      within(result).getByText(
        'The biggest narrative is “installation delays”: 60 documents, 40% of those grouped.',
      ),
    ).toBeTruthy();
    expect(
      within(result).getByRole('table', { name: 'Documents mentioning each keyword' }).textContent,
    ).toMatch(/heat pump42/);
    expect(within(result).getByRole('table', { name: 'Rising terms, by momentum' }).textContent).toMatch(
      /battery\+1\.502\.8×25/,
    );
    expect(within(result).getByRole('img', { name: 'Documents in each narrative' })).toBeTruthy();
    expect(within(result).getByText(/On average the documents are positive/)).toBeTruthy();
    expect(result.querySelectorAll('section.insights-chart')).toHaveLength(6);
    expect(
      within(result).getByRole('button', { name: 'Download Documents by sentiment as CSV' }),
    ).toBeTruthy();
    // Polling stopped once it was done.
    const asks = asked;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(asked).toBe(asks);
    expect(await screen.findByRole('button', { name: 'Download result.json' })).toBeTruthy();
    await expectNoAxeViolations();
    // Two polls a second apart, and a second more to see that polling stopped.
  }, 30_000);

  it('gives each result file its size as uploads give theirs: bytes, KB or MB (decimal)', async () => {
    const files = [
      { name: 'content-analysis.json', mediaType: 'application/json' as const, bytes: 90_100 },
      { name: 'left-out-documents.csv', mediaType: 'text/csv' as const, bytes: 27 },
      { name: 'content-documents.csv', mediaType: 'text/csv' as const, bytes: 2_500_000 },
    ];
    await openAt(`/workflows/${flowId}`, {
      getFlow: flow({ lastRun: run({ files }) }),
      listFlowRuns: { runs: [run({ files })] },
      getFlowStatus: { run: run({ files }), insights },
      listFlowFiles: { runId, number: 1, files },
    });
    const list = (await screen.findByRole('button', { name: 'Download content-analysis.json' })).closest(
      'ul',
    )!;
    expect(list.textContent).toContain('content-analysis.json (90.1 KB)');
    // A header-only file said in bytes, not as "0.0 KB".
    expect(list.textContent).toContain('left-out-documents.csv (27 B)');
    expect(list.textContent).toContain('content-documents.csv (2.5 MB)');
  });

  it('downloads a result file of the run shown', async () => {
    const createObjectURL = jest.fn(() => 'blob:result');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await openAt(`/workflows/${flowId}`, {
      getFlow: flow({ lastRun: run() }),
      listFlowRuns: { runs: [run()] },
      getFlowStatus: { run: run(), insights },
      listFlowFiles: { runId, number: 1, files: run().files },
      downloadFlowFile: {
        name: 'keywords.csv',
        mediaType: 'text/csv',
        content: 'term,documents\nsolar,30\n',
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download keywords.csv' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(callsOf('downloadFlowFile')[0]).toEqual({
      params: { flowId, fileName: 'keywords.csv' },
      query: { num: '1' },
    });
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect([blob.type, text]).toEqual(['text/csv', 'term,documents\nsolar,30\n']);
  });

  it("shows a failed run's catalogued reason, never the text the server sent (issue 32)", async () => {
    const failed = run({
      state: 'JobError',
      failureReason: 'analysisFailed',
      // A server of an older version could send an exception's text here: the screen does not show it.
      error: "Cannot read properties of undefined (reading 'toLowerCase')",
      documentsAnalysed: null,
      files: [],
    });
    await openAt(`/workflows/${flowId}`, {
      getFlow: flow({ lastRun: failed }),
      listFlowRuns: { runs: [failed] },
      getFlowStatus: { run: failed, insights: null },
      listFlowFiles: { runId, number: 1, files: [] },
    });
    expect(
      await screen.findByText(
        'The analysis could not be completed. Run the workflow again; if it fails again, contact us. Its credits were given back.',
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Cannot read properties/);
  });

  it('says how many documents could not be read and were left out (issue 32)', async () => {
    const withLeftOut = {
      ...insights,
      documents: { received: 150, analysed: 148, unreadable: 2, leftOut: [] },
    };
    await openAt(`/workflows/${flowId}`, {
      getFlow: flow({ lastRun: run() }),
      listFlowRuns: { runs: [run()] },
      getFlowStatus: { run: run(), insights: withLeftOut },
      listFlowFiles: { runId, number: 1, files: run().files },
    });
    expect(
      await screen.findByText(
        '2 documents could not be read and were left out; left-out-documents.csv lists them with their row.',
      ),
    ).toBeTruthy();
  });

  describe('the documents behind a figure (issue 34 point 6)', () => {
    const document = (row: number, changes: object = {}) => ({
      row,
      id: `d${row}`,
      text: `The boiler broke again, report ${row}.`,
      textTruncated: false,
      input: { title: `Report ${row}`, source: 'forum' },
      leftOut: null,
      language: 'en',
      sentiment: -0.4,
      sentimentLabel: 'negative',
      publishedAt: '2026-10-05T09:00:00.000Z',
      narrative: null,
      ...changes,
    });
    const open = (listFlowRunDocuments: unknown) =>
      openAt(`/workflows/${flowId}`, {
        getFlow: flow({ lastRun: run() }),
        listFlowRuns: { runs: [run()] },
        getFlowStatus: { run: run(), insights },
        listFlowFiles: { runId, number: 1, files: run().files },
        listFlowRunDocuments,
      });
    const showDocumentsOf = async (term: string) => {
      const result = await screen.findByTestId('run-insights');
      const button = within(
        within(result).getByRole('table', { name: 'Documents mentioning each keyword' }),
      ).getByRole('button', { name: `Show documents: ${term}` });
      button.focus();
      fireEvent.click(button);
      return button;
    };

    it('lists the documents mentioning a keyword, a page at a time, with focus in the dialog and back', async () => {
      await open(({ query }: { query: { cursor?: string } }) =>
        query.cursor === undefined
          ? {
              runId,
              kept: true,
              total: 3,
              documents: [document(1), document(4, { textTruncated: true })],
              nextCursor: '4',
            }
          : { runId, kept: true, total: 3, documents: [document(9)], nextCursor: null },
      );
      const button = await showDocumentsOf('heat pump');
      const dialog = await screen.findByRole('dialog', { name: 'The documents behind this figure' });
      expect(dialog.contains(document_.activeElement)).toBe(true);
      expect((await within(dialog).findByText(/^3 documents mention “heat pump”/)).textContent).toBe(
        '3 documents mention “heat pump” (2 shown).',
      );
      const items = () =>
        within(within(dialog).getByRole('list', { name: 'Documents' })).getAllByRole('listitem');
      expect(items()).toHaveLength(2);
      expect(items()[0]!.textContent).toMatch(
        /Report 1The boiler broke again, report 1\.Row 1 · id d1 · source forum/,
      );
      expect(items()[0]!.textContent).toMatch(/negative sentiment/);
      expect(items()[1]!.textContent).toContain('Text shortened: the run’s files hold it whole.');
      expect(callsOf('listFlowRunDocuments')[0]).toEqual({
        params: { flowId, runId },
        query: { term: 'heat pump', limit: '25' },
      });
      await expectNoAxeViolations();
      fireEvent.click(within(dialog).getByRole('button', { name: 'More' }));
      await waitFor(() => expect(items()).toHaveLength(3));
      expect(callsOf('listFlowRunDocuments')[1]).toEqual({
        params: { flowId, runId },
        query: { term: 'heat pump', limit: '25', cursor: '4' },
      });
      expect(within(dialog).queryByRole('button', { name: 'More' })).toBeNull();
      expect(within(dialog).getByText('3 documents mention “heat pump”.')).toBeTruthy();
      fireEvent.keyDown(document_, { key: 'Escape' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document_.activeElement).toBe(button);
    });

    it('says when no document matches, and when the run did not keep its documents', async () => {
      let kept = true;
      await open(() => ({ runId, kept, total: 0, documents: [], nextCursor: null }));
      await showDocumentsOf('solar');
      expect(await screen.findByText('No document of this run matches.')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      kept = false;
      await showDocumentsOf('heat pump');
      expect(
        await screen.findByText(
          'This run was made before each document was kept with its run. Run the workflow again to see them.',
        ),
      ).toBeTruthy();
    });

    it('shows a failure with "Try again"', async () => {
      let attempt = 0;
      await open(() => {
        attempt += 1;
        if (attempt === 1)
          throw new ApiAnswer(409, {
            statusCode: 409,
            error: 'Conflict',
            message: 'x',
            code: 'FLOW_CONFLICT',
            params: { reason: 'runNotFinished' },
          } as never);
        return { runId, kept: true, total: 1, documents: [document(2)], nextCursor: null };
      });
      await showDocumentsOf('solar');
      const dialog = await screen.findByRole('dialog');
      expect((await within(dialog).findByRole('alert')).textContent).toBe(
        'This run has not finished yet: its files are written when it ends.',
      );
      fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
      expect(await within(dialog).findByText('1 document mentions “solar”.')).toBeTruthy();
    });

    it('drills down into the documents left out for a reason', async () => {
      const withLeftOut = {
        ...insights,
        documents: {
          received: 150,
          analysed: 147,
          leftOut: [
            { id: 'x1', row: 3, reason: 'language' as const, language: 'fr' },
            { id: 'x2', row: 8, reason: 'empty' as const },
            { id: 'x3', row: 9, reason: 'language' as const, language: 'de' },
          ],
          leftOutByReason: { empty: 1, language: 2, articleLimit: 0, unreadable: 0 },
        },
      };
      await openAt(`/workflows/${flowId}`, {
        getFlow: flow({ lastRun: run() }),
        listFlowRuns: { runs: [run()] },
        getFlowStatus: { run: run(), insights: withLeftOut },
        listFlowFiles: { runId, number: 1, files: run().files },
        listFlowRunDocuments: {
          runId,
          kept: true,
          total: 2,
          documents: [
            document(3, { leftOut: 'language', language: 'fr' }),
            document(9, { leftOut: 'language' }),
          ],
          nextCursor: null,
        },
      });
      const table = await screen.findByRole('table', { name: 'Documents left out, by reason' });
      fireEvent.click(within(table).getByRole('button', { name: 'Show documents: another language' }));
      expect(await screen.findByText('2 documents were left out: another language.')).toBeTruthy();
      expect(callsOf('listFlowRunDocuments')[0]).toEqual({
        params: { flowId, runId },
        query: { leftOut: 'language', limit: '25' },
      });
    });
  });

  it('shares with the same member picker as Sharing options, and makes it public only once confirmed, then shows its link (issue 36)', async () => {
    await openAt(`/workflows/${flowId}`, {
      getFlow: flow(),
      listFlowRuns: { runs: [] },
      listRoleUsers: {
        users: [
          { userId: 'u1', email: 'ada@example.com', name: 'Ada Admin', role: 'admin' },
          { userId: 'u2', email: 'tom@example.com', name: 'Tom Teammate', role: 'teammate' },
        ],
      },
      grantResourceRole: {
        resource: 'workflow',
        resourceId: flowId,
        name: 'Review analysis (sample)',
        ownerEmail: 'ada@example.com',
        publicRole: null,
        grants: [{ userId: 'u2', email: 'tom@example.com', name: 'Tom Teammate', role: 'editor' }],
        yourRole: 'owner',
        mayGrant: true,
      },
      updateFlow: ({ body }: { body: { visibility: 'public' | 'private' } }) =>
        flow({ visibility: body.visibility }),
    });
    const sharing = await screen.findByRole('region', { name: 'Sharing' });
    // A member picked, not an address typed.
    expect(within(sharing).queryByRole('textbox', { name: /email/i })).toBeNull();
    const form = within(await within(sharing).findByRole('form', { name: 'Share Review analysis (sample)' }));
    const picker = form.getByLabelText('Share with');
    expect(picker.tagName).toBe('SELECT');
    await waitFor(() =>
      expect(form.getByRole('option', { name: 'Tom Teammate (tom@example.com)' })).toBeTruthy(),
    );
    fireEvent.change(picker, { target: { value: 'tom@example.com' } });
    fireEvent.change(form.getByLabelText('As'), { target: { value: 'editor' } });
    fireEvent.click(form.getByRole('button', { name: 'Share' }));
    expect(await within(sharing).findByText('Shared with tom@example.com as editor.')).toBeTruthy();
    expect(callsOf('grantResourceRole')).toEqual([
      { body: { resource: 'workflow', resourceId: flowId, email: 'tom@example.com', role: 'editor' } },
    ]);

    // Public: asked first, then the link anyone may open, with Copy.
    fireEvent.click(within(sharing).getByRole('button', { name: 'Make it public…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make Review analysis (sample) public?' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(callsOf('updateFlow')).toHaveLength(0);
    await expectNoAxeViolations();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make it public' }));
    const link = await within(sharing).findByLabelText('Public link (its last run)');
    // The public workflow's page on the site's origin (docs/decisions/0128), not the API's JSON.
    expect((link as HTMLInputElement).value).toBe(
      `${window.location.origin}/shared/workflow?id=${encodeURIComponent(flowId)}`,
    );
    expect(within(sharing).getByRole('button', { name: 'Copy the public link' })).toBeTruthy();
    expect(callsOf('updateFlow')).toEqual([{ params: { flowId }, body: { visibility: 'public' } }]);
    await expectNoAxeViolations();
  });

  it('pauses and resumes a scheduled workflow', async () => {
    const schedule = {
      frequency: 'daily' as const,
      startAt: '2026-11-27T10:00:00.000Z',
      nextRunAt: '2026-11-28T10:00:00.000Z',
    };
    await openAt(`/workflows/${flowId}`, {
      getFlow: flow({ schedule }),
      listFlowRuns: { runs: [] },
      pauseFlow: flow({ schedule: { ...schedule, nextRunAt: null }, paused: true }),
      resumeFlow: flow({ schedule }),
    });
    expect((await screen.findByTestId('flow-schedule')).textContent).toMatch(/^Daily from .*; next run 28 /);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Paused: scheduled runs are skipped.')).toBeTruthy();
    expect(screen.getByTestId('flow-schedule').textContent).toMatch(/Daily, paused/);
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Resumed: it runs again from its next slot.')).toBeTruthy();
    expect(callsOf('pauseFlow')).toEqual([{ params: { flowId } }]);
    expect(callsOf('resumeFlow')).toEqual([{ params: { flowId } }]);
  });

  it('adds a schedule from its one form: how often, the first run now when left empty', async () => {
    const schedule = {
      frequency: 'daily' as const,
      startAt: '2026-11-27T10:00:00.000Z',
      nextRunAt: '2026-11-28T10:00:00.000Z',
    };
    await openAt(`/workflows/${flowId}`, {
      getFlow: flow(),
      listFlowRuns: { runs: [] },
      updateFlow: flow({ schedule }),
    });
    expect((await screen.findByTestId('flow-schedule')).textContent).toBe(
      'Runs when you run it (no schedule).',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add a schedule' }));
    const form = screen.getByRole('form', { name: 'Schedule' });
    expect(within(form).getByLabelText('How often')).toHaveProperty('value', 'weekly');
    fireEvent.change(within(form).getByLabelText('How often'), { target: { value: 'daily' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the schedule' }));
    expect(await screen.findByText('The schedule is saved.')).toBeTruthy();
    expect(screen.getByTestId('flow-schedule').textContent).toMatch(/^Daily from .*; next run 28 /);
    expect(screen.queryByRole('form', { name: 'Schedule' })).toBeNull();
    expect(callsOf('updateFlow')).toEqual([
      { params: { flowId }, body: { schedule: { frequency: 'daily' } } },
    ]);
  });

  it('shows a viewer no Run, no changes, no sharing and no delete', async () => {
    await openAt(
      `/workflows/${flowId}`,
      {
        getFlow: flow({
          abilities: ['read'],
          myRole: 'viewer',
          schedule: { frequency: 'weekly', startAt: '2026-11-27T10:00:00.000Z', nextRunAt: null },
          lastRun: run(),
        }),
        listFlowRuns: { runs: [run()] },
        getFlowStatus: { run: run(), insights },
        listFlowFiles: { runId, number: 1, files: run().files },
      },
      { ...testAccount, role: 'guest' },
    );
    expect(await screen.findByTestId('run-insights')).toBeTruthy();
    for (const name of [
      'Run',
      'Delete',
      'Pause',
      'Change the schedule',
      'Turn notifications off',
      'Run again as run 1',
    ])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Sharing' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download result.json' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('says when the workflow cannot be found, and tries again', async () => {
    let attempt = 0;
    await openAt(`/workflows/${flowId}`, {
      getFlow: () => {
        attempt += 1;
        if (attempt === 1)
          throw new ApiAnswer(404, {
            statusCode: 404,
            error: 'Not Found',
            message: 'x',
            code: 'NOT_FOUND',
            params: { reason: 'flow' },
          } as never);
        return flow();
      },
      listFlowRuns: { runs: [] },
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be found/);
    await expectNoAxeViolations();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('flow-name')).textContent).toBe('Review analysis (sample)');
  });

  it('refuses a run that cannot be paid, in the dialog, with the reason', async () => {
    await openAt(`/workflows/${flowId}`, {
      getFlow: flow(),
      listFlowRuns: { runs: [] },
      calculateFlowCost: cost({
        creditsNeeded: 900,
        balance: 10,
        allowed: false,
        reason: 'Your wallet has 10 credits; this run needs 900.',
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Run' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(
      /Your wallet has 10 credits; this run needs 900/,
    );
    expect(within(dialog).getByRole('button', { name: 'Run now' })).toHaveProperty('disabled', true);
  });

  it('deletes after a confirmation', async () => {
    const { navigate } = await openAt(`/workflows/${flowId}`, {
      getFlow: flow(),
      listFlowRuns: { runs: [] },
      deleteFlow: { deleted: true },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Review analysis (sample)?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete workflow' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/workflows'));
    expect(callsOf('deleteFlow')).toEqual([{ params: { flowId } }]);
  });
});

describe('Workflows: uploads streamed with progress, and the uploaded files (docs/decisions/0114)', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  const uploaded = {
    id: '0b7e9f52-9a0c-4c55-8d1e-2f4a6b8c9d01',
    fileName: 'kettle.csv',
    format: 'csv',
    bytes: 1200,
    documents: 2,
    preview: ['Loud kettle', 'Fine kettle'],
    createdAt: '2026-11-20T10:00:00.000Z',
  };
  const tooLarge = () =>
    new ApiAnswer(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'x',
      code: 'UPLOAD_REJECTED',
      params: { reason: 'tooLarge' },
    } as never);

  it('sends the chosen File with a labelled progress bar, and keeps it to send again when it is refused', async () => {
    const answers: { resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = [];
    const received: unknown[] = [];
    await openAt('/workflows/new?predefined=custom', {
      validateFlowName: { result: 'file-name-valid', message: null },
      calculateFlowCost: cost(),
      uploadFlowFile: ({ body }: { body: unknown }) => {
        received.push(body);
        return new Promise((resolve, reject) => answers.push({ resolve, reject }));
      },
    });
    fireEvent.click(await screen.findByLabelText('Upload a file'));
    const content = 'id,text\n1,Loud kettle\n2,Fine kettle\n';
    const file = chosenFile(content, 'kettle.csv', 'text/csv');
    /** What reached the API: one part, named `file`, with the file's name and bytes. */
    const sent = async (index: number) => {
      const parts = received[index] as Record<string, File>;
      return [Object.keys(parts), parts.file?.name, await parts.file?.text()];
    };
    fireEvent.change(screen.getByLabelText('Data file'), { target: { files: [file] } });

    // Half of the bytes are sent while the API has not answered: the bar says so, by its label and value.
    const bar = await screen.findByRole('progressbar', { name: 'Uploading kettle.csv' });
    await waitFor(() => expect(bar.getAttribute('value')).toBe('50'));
    expect(screen.getByLabelText('Data file')).toHaveProperty('disabled', true);
    await expectNoAxeViolations();
    expect(await sent(0)).toEqual([['file'], 'kettle.csv', content]);

    // Refused: the reason, the file still chosen, and a way to send it again.
    await act(async () => answers[0]!.reject(tooLarge()));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /kettle.csv: This file is larger than your plan allows/,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByLabelText('Data file')).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Send kettle.csv again' }));
    await screen.findByRole('progressbar', { name: 'Uploading kettle.csv' });
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(await sent(1)).toEqual([['file'], 'kettle.csv', content]);
    await act(async () => answers[1]!.resolve(uploaded));
    expect((await screen.findByTestId('upload-preview')).textContent).toMatch(
      /kettle.csv: 2 documents found/,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('lists the uploaded files with who uploaded them and what uses them, and deletes one after a confirmation', async () => {
    const inUse = {
      ...uploaded,
      preview: undefined,
      uploadedBy: { id: 'u1', name: 'Ada Admin' },
      usedBy: [{ id: flowId, name: 'Kettle reviews' }],
    };
    const spare = {
      ...inUse,
      id: '0b7e9f52-9a0c-4c55-8d1e-2f4a6b8c9d02',
      fileName: 'spare.xlsx',
      format: 'xlsx',
      bytes: 2_500_000,
      documents: 1,
      uploadedBy: null,
      usedBy: [],
    };
    let listed = [inUse, spare];
    await openAt('/workflows', {
      listFlows: { flows: [flow()] },
      listFlowUploads: () => ({ uploads: listed, total: listed.length, page: 1, pageSize: 10 }),
      deleteFlowUpload: ({ params }: { params: { uploadId: string } }) => {
        if (params.uploadId === inUse.id) {
          throw new ApiAnswer(409, {
            statusCode: 409,
            error: 'Conflict',
            message: 'x',
            code: 'FLOW_CONFLICT',
            params: { reason: 'uploadInUse' },
          } as never);
        }
        listed = listed.filter((upload) => upload.id !== params.uploadId);
        return { deleted: true };
      },
    });
    const show = await screen.findByRole('button', { name: 'Show uploaded files' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    const list = await screen.findByRole('list', { name: 'Uploaded files' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toMatch(
      /kettle.csv.*CSV, 1.2 KB, 2 documents.*by Ada Admin.*Used by Kettle reviews/,
    );
    expect(within(first!).getByRole('link', { name: 'Kettle reviews' }).getAttribute('href')).toBe(
      `/workflows/${flowId}`,
    );
    expect(second!.textContent).toMatch(/spare.xlsx.*XLSX, 2.5 MB, 1 document.*Not used by any workflow/);
    await expectNoAxeViolations();

    // One in use: the confirmation says why it cannot go.
    fireEvent.click(within(first!).getByRole('button', { name: 'Delete kettle.csv' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete kettle.csv?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete file' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/This file is used by a workflow/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // One no workflow uses: gone after the confirmation.
    fireEvent.click(within(second!).getByRole('button', { name: 'Delete spare.xlsx' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete spare.xlsx?' });
    expect(dialog.textContent).toMatch(/deleted for good/);
    await expectNoAxeViolations();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete file' }));
    expect(await screen.findByText('spare.xlsx has been deleted.')).toBeTruthy();
    expect(callsOf('deleteFlowUpload').at(-1)).toEqual({ params: { uploadId: spare.id } });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Uploaded files' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
  });
});
