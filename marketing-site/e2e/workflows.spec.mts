import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from './axe.mjs';
import {
  createAccountOnOpenForm,
  createMember,
  emailedLink,
  expect,
  keepScreenshot,
  logIn,
  test,
} from './fixtures.mjs';

// Workflows, where a customer lands (issue 24 point 6; docs/decisions/0071, 0072). Screenshots of the screens at a
// phone's and a laptop's width go to test-results/workflows-screens/ for a person to look at (E2E_SCREENSHOTS=1).
const shots = join(import.meta.dirname, '..', 'test-results', 'workflows-screens');

const password = 'Harbour-Lights-2026';
const viewports = [
  { name: 'small phone', width: 320, height: 640 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
] as const;

/** Axe finds nothing and nothing scrolls sideways, from 320 px up; a screenshot at each width. */
async function checkAtEveryWidth(page: Page, name: string) {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    // Nothing scrolls sideways once the page has laid itself out at the new width (the charts redraw at their
    // container's width when its ResizeObserver reports, a moment after the resize); when something still does,
    // the message names what sticks out.
    await expect
      .poll(
        () =>
          page.evaluate((width) => {
            if (document.documentElement.scrollWidth <= width) return [];
            return [...document.querySelectorAll('body *')]
              .filter((element) => element.getBoundingClientRect().right > width + 0.5)
              .slice(-5)
              .map((element) => element.outerHTML.slice(0, 120));
          }, viewport.width),
        { message: `wider than ${viewport.width} px`, timeout: 5_000 },
      )
      .toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, join(shots, `${name}-${viewport.width}.png`), { fullPage: true });
  }
  await page.setViewportSize(viewports[2]);
}

async function signUpAndConfirm(page: Page, request: APIRequestContext, apiUrl: string, email: string) {
  await page.goto('/signup');
  await createAccountOnOpenForm(page, { firstName: 'Wanda', lastName: 'Workflow', email, password });
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.goto(await emailedLink(request, apiUrl, email, /https?:\/\/\S+\/verify-email\?token=[\w-]+/));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email confirmed');
  await page.getByRole('button', { name: 'Go to my workflows' }).click();
}

/** The result of the run shown: its state reaches Done, and its charts are drawn with their tables. */
async function expectDoneWithCharts(page: Page) {
  const result = page.getByRole('region', { name: 'Result', exact: true });
  await expect(result.locator('[data-state="JobDone"]').first()).toBeVisible({ timeout: 60_000 });
  const insights = result.getByTestId('run-insights');
  await expect(insights).toBeVisible();
  await expect(insights.locator('section.insights-chart').first()).toBeVisible();
  expect(await insights.locator('section.insights-chart svg[data-chart]').count()).toBeGreaterThan(0);
  // The same figures as tables, folded under "The figures as a table".
  await expect(insights.locator('details table').first()).toBeAttached();
  return result;
}

const reviewsCsv = [
  'id,rating,review,date',
  ...Array.from({ length: 24 }, (_, index) => {
    const day = String((index % 28) + 1).padStart(2, '0');
    const text =
      index % 3 === 0
        ? 'The milk frother is loud but the espresso is rich and the crema is thick.'
        : index % 3 === 1
          ? 'Descaling takes too long and the water tank leaks after a month.'
          : 'Great value: the grinder is quiet and the coffee tastes like a cafe.';
    return `r-${index + 1},${(index % 5) + 1},"${text}",2026-10-${day}`;
  }),
].join('\n');

test('a new customer lands on Workflows, runs the sample, then uploads a CSV, sees its cost, runs it and downloads the result', async ({
  page,
  request,
  stack,
}) => {
  test.setTimeout(240_000);
  const email = `wanda.workflows.${Date.now()}@example.com`;
  await signUpAndConfirm(page, request, stack.urls.api, email);

  // Landing: no workflow yet, the predefined ones offered.
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Workflows');
  const menu = page.getByRole('navigation', { name: 'Account area' });
  // Right after the overview, before the settings' groups (docs/decisions/0081).
  await expect(menu.getByRole('link').nth(0)).toHaveText('Overview');
  await expect(menu.getByRole('link').nth(1)).toHaveText('Workflows');
  const cards = page.getByRole('list', { name: 'Predefined workflows' });
  await expect(cards.getByRole('listitem')).toHaveCount(5);
  await checkAtEveryWidth(page, 'workflows-empty');

  // One click: created with its sample, run, opened; followed live to Done, with charts.
  await cards.getByRole('button', { name: 'Try with sample data (Review analysis)' }).click();
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('flow-name')).toHaveText('Review analysis (sample)');
  await expectDoneWithCharts(page);
  await checkAtEveryWidth(page, 'workflow-sample-done');

  // The list now has it; a new workflow from an uploaded CSV.
  await page.getByRole('link', { name: '← All workflows' }).click();
  await expect(page.getByRole('list', { name: 'Your workflows' })).toContainText('Review analysis (sample)');
  await expect(page.getByRole('list', { name: 'Your workflows' })).toContainText('Done');
  await page.getByRole('link', { name: 'New workflow' }).click();
  await expect(page).toHaveURL(/\/workflows\/new$/);
  await page.getByLabel('Review analysis', { exact: true }).check();
  await page.getByLabel('Name', { exact: true }).fill(`Espresso reviews ${Date.now()}`);
  await expect(page.getByText('This name is free.')).toBeVisible();
  await page.getByLabel('Upload a file').check();
  await page
    .getByLabel('Data file')
    .setInputFiles({ name: 'reviews.csv', mimeType: 'text/csv', buffer: Buffer.from(reviewsCsv) });
  await expect(page.getByTestId('upload-preview')).toContainText('reviews.csv: 24 documents found');
  await expect(page.getByTestId('credits-needed')).toBeVisible();
  await expect(page.getByTestId('flow-cost')).toContainText('Documents to analyse24');
  await checkAtEveryWidth(page, 'workflow-new-upload');

  await page.getByRole('button', { name: 'Create and run' }).click();
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}$/);
  const result = await expectDoneWithCharts(page);
  await expect(result).toContainText('24 documents analysed');

  // Download a result file: the browser saves what the API wrote.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    result
      .getByRole('button', { name: /^Download .*\.json$/ })
      .first()
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const saved = JSON.parse(
    await new Promise<string>((resolve, reject) => {
      download.createReadStream().then((stream) => {
        const parts: Buffer[] = [];
        stream.on('data', (part: Buffer) => parts.push(part));
        stream.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
        stream.on('error', reject);
      }, reject);
    }),
  );
  expect(saved).toBeTruthy();

  // The run confirmation: its cost before anything is charged, then Escape leaves it.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(/included in your plan|from your wallet/);
  await expect(dialog.getByRole('button', { name: 'Run now' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, join(shots, 'workflow-run-dialog-1366.png'));
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeFocused();
});

test('a paused scheduled workflow does not run at its slot; one left running does', async ({
  page,
  request,
  stack,
}) => {
  // The e2e stack checks for due slots every few seconds (FLOW_SCHEDULER_INTERVAL_SECONDS in fixtures.mts).
  test.setTimeout(150_000);
  const member = await createMember(request, stack, { firstName: 'Sam', lastName: 'Schedule' });
  const session = await (await request.post(`${stack.urls.api}/login`, { data: member })).json();
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const startAt = new Date(Date.now() + 20_000).toISOString();
  const create = async (name: string) => {
    const created = await request.post(`${stack.urls.api}/flows`, {
      headers,
      data: {
        name,
        flowType: 'predefinedFlow',
        predefinedFlowId: 'survey-coding',
        analysisType: 'narrativeAnalysis',
        dataSources: [{ kind: 'starter', group: 'file', sampleId: 'employee-survey-answers' }],
        schedule: { frequency: 'daily', startAt },
      },
    });
    expect(created.status()).toBe(201);
    return (await created.json()) as { id: string };
  };
  const paused = await create(`Paused survey ${Date.now()}`);
  const running = await create(`Scheduled survey ${Date.now()}`);

  // The person pauses one on its screen.
  await logIn(page, member);
  await expect(page).toHaveURL(/\/workflows$/);
  await page.goto(`/workflows/${paused.id}`);
  await expect(page.getByTestId('flow-schedule')).toContainText('Daily from');
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Paused: scheduled runs are skipped.')).toBeVisible();
  await expect(page.getByTestId('flow-schedule')).toContainText('Daily, paused');

  // Past the slot: the one left running ran on schedule; the paused one did not.
  await page.goto(`/workflows/${running.id}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('list', { name: 'Runs' })).toContainText('on schedule', { timeout: 2_000 });
  }).toPass({ timeout: 90_000, intervals: [3_000] });
  await page.goto(`/workflows/${paused.id}`);
  await expect(page.getByRole('region', { name: 'Runs' })).toContainText('No runs yet.');
  const runs = await (await request.get(`${stack.urls.api}/flows/${paused.id}/runs`, { headers })).json();
  expect(runs.runs).toEqual([]);
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByTestId('flow-schedule')).toContainText('next run');
});
