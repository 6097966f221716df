import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoSignIn, stackPorts, startStack } from '@dcipher/infra/local';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

type Stack = Awaited<ReturnType<typeof startStack>>;

interface CspViolation {
  directive: string;
  blocked: string;
  page: string;
}

interface TestFixtures {
  /** Console errors a test expects (e.g. the browser's own "Failed to load resource" for a 401 it provokes). */
  allowConsoleErrors: (pattern: RegExp) => void;
  /**
   * Every Content-Security-Policy violation fails the test, unless the test takes them (a test that injects a
   * script on purpose and checks that it was blocked).
   */
  cspViolations: { take(): CspViolation[] };
}

interface WorkerFixtures {
  stack: Stack;
}

/**
 * The ports of a worker's stack: the first worker's are the stack's own (8000, 3001, 4000, or SITE_PORT…), each
 * further worker's 100 above the one before, so workers never share a database, a mailbox or a port. The builds
 * are made for the first ports; a stack on others serves releases of them for its origins (decision 0121).
 */
function workerPorts(parallelIndex: number): Record<string, string> {
  const base = stackPorts();
  const offset = 100 * parallelIndex;
  return {
    SITE_PORT: String(base.site + offset),
    REMOTE_PORT: String(base.remote + offset),
    API_PORT: String(base.api + offset),
    // The API's metrics listener (9464) is one per machine; the browser tests do not read it.
    METRICS_PORT: '0',
  };
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument
    async ({}, use, workerInfo) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'dcipher-e2e-'));
      // The production limits, raised a hundredfold (RATE_LIMIT_SCALE, docs/decisions/0064): every test signs up
      // and signs in as often as it needs, from one address, without rationing. Due workflow slots are looked for
      // every 5 seconds instead of every minute, so a schedule's slot is seen in a test's time.
      const stack = await startStack({
        dataDir,
        quiet: true,
        env: {
          ...workerPorts(workerInfo.parallelIndex),
          RATE_LIMIT_SCALE: '100',
          FLOW_SCHEDULER_INTERVAL_SECONDS: '5',
        },
      });
      await use(stack);
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    // A stack's first start migrates its database (and, on a further worker's ports, releases the builds for
    // them): bounded on its own, not by one test's time, against a hang on a loaded machine.
    { scope: 'worker', auto: true, timeout: 240_000 },
  ],

  // Relative addresses (page.goto('/login'), request.get('/…')) go to this worker's site.
  baseURL: async ({ stack }, use) => {
    await use(stack.urls.site);
  },

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

  cspViolations: [
    async ({ page }, use) => {
      let violations: CspViolation[] = [];
      await page.exposeFunction('__reportCspViolation', (violation: CspViolation) => {
        violations.push(violation);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          window.__reportCspViolation?.({
            directive: event.effectiveDirective,
            blocked: event.blockedURI,
            page: event.documentURI,
          });
        });
      });
      await use({
        take() {
          const taken = violations;
          violations = [];
          return taken;
        },
      });
      expect(violations, 'the pages broke their Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
});

export { demoSignIn, expect };

/**
 * Screenshots kept for a person to look at the screens (nothing compares them): taken only when E2E_SCREENSHOTS is
 * set, as `E2E_SCREENSHOTS=1 npx playwright test` does, because about 130 of them, most of a whole page, cost a test
 * run about half a second each and CI keeps none (decision 0150). Screenshots a test compares are taken as before.
 */
export async function keepScreenshot(page: Page, path: string, options: { fullPage?: boolean } = {}) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path, ...options });
}

declare global {
  interface Window {
    __reportCspViolation?: (violation: CspViolation) => void;
  }
}

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

/**
 * Fills the sign-up form already open (names, work email, password, the terms, the captcha solved) and sends it with
 * "Create account": the first step of every sign-up a browser test makes.
 */
export async function createAccountOnOpenForm(
  page: Page,
  person: { firstName: string; lastName: string; email: string; password: string },
): Promise<void> {
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Work email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('I agree to the Terms of Service').check();
  await page.getByText("I'm not a robot").click();
  await expect(page.getByText('Verified')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Create account' }).click();
}

/**
 * A new trial customer signs up on the sign-up form already open (no card: the trial needs none), skips the card
 * step and is signed in by the emailed link, ending on "Email confirmed".
 */
export async function signUpOnOpenForm(
  page: Page,
  request: APIRequestContext,
  stack: Stack,
  person: { firstName: string; lastName: string; email: string; password: string },
): Promise<void> {
  await createAccountOnOpenForm(page, person);
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.goto(
    await emailedLink(request, stack.urls.api, person.email, /https?:\/\/\S+\/verify-email\?token=[\w-]+/),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email confirmed');
}

/**
 * A new member of the demo organization, invited by its admin and accepted through the API, so a test can change
 * the member's profile, password or two-step settings without touching the demo users other tests rely on.
 */
export async function createMember(
  request: APIRequestContext,
  stack: Stack,
  { firstName = 'Mia', lastName = 'Member', role = 'teammate' } = {},
): Promise<{ email: string; password: string; firstName: string; lastName: string }> {
  const email = `member.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'Member-Password-2026';
  const admin = await (await request.post(`${stack.urls.api}/login`, { data: demoSignIn })).json();
  const invited = await request.post(`${stack.urls.api}/org-admin/invites`, {
    headers: { authorization: `Bearer ${admin.accessToken}` },
    data: { email, role },
  });
  expect(invited.status()).toBe(201);
  const link = await emailedLink(
    request,
    stack.urls.api,
    email,
    /https?:\/\/\S+\/signup\?invitation=[\w%-]+/,
  );
  const token = decodeURIComponent(new URL(link).searchParams.get('invitation') ?? '');
  const accepted = await request.post(`${stack.urls.api}/invitations`, {
    data: { token, firstName, lastName, password },
  });
  expect(accepted.status()).toBeLessThan(300);
  return { email, password, firstName, lastName };
}
