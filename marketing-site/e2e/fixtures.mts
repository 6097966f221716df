import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoSignIn, startStack } from '@dcipher/infra/local';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

type Stack = Awaited<ReturnType<typeof startStack>>;

interface TestFixtures {
  /** Console errors a test expects (e.g. the browser's own "Failed to load resource" for a 401 it provokes). */
  allowConsoleErrors: (pattern: RegExp) => void;
}

interface WorkerFixtures {
  stack: Stack;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'dcipher-e2e-'));
      const stack = await startStack({ dataDir, quiet: true });
      await use(stack);
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', auto: true },
  ],

  allowConsoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const unexpected: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = `${message.text()} (${message.location().url})`;
        if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
      });
      page.on('pageerror', (error) => unexpected.push(`Uncaught: ${error.message}`));
      await use((pattern) => allowed.push(pattern));
      expect(unexpected, 'the page logged unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { demoSignIn, expect };

/** Signs in through the site's /login page, which loads the remote's login screen at runtime. */
export async function logIn(page: Page, credentials: { email: string; password: string } = demoSignIn) {
  await page.goto('/login');
  await page.getByLabel('Work email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Runs SQL against the API's database, for states a browser cannot reach in a test's time (a link that expired, a
 * trial that ended). PGlite has one writer, so the API is stopped meanwhile and started again after.
 */
export async function changeDatabase(stack: Stack, sql: string, parameters: unknown[] = []): Promise<void> {
  await stack.stopService('api');
  const { PGlite } = await import('@electric-sql/pglite');
  const database = await PGlite.create({ dataDir: join(stack.dataDir, 'pglite') });
  try {
    await database.query(sql, parameters);
  } finally {
    await database.close();
    await stack.startService('api');
  }
}

/** The newest link matching `pattern` emailed to an address, read from the API's local outbox (/dev/mailbox). */
export async function emailedLink(
  request: APIRequestContext,
  apiUrl: string,
  email: string,
  pattern: RegExp,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (
        await request.get(`${apiUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`)
      ).json()) as { text: string }[];
      link = messages.map((message) => message.text.match(pattern)?.[0]).find(Boolean);
      return link;
    })
    .toBeTruthy();
  return link as string;
}
