import { defineConfig } from '@playwright/test';

// Browser tests drive the system Chromium (never a downloaded browser). The fixtures in e2e/fixtures.ts start
// the whole built stack themselves, one per worker with a fresh embedded database: the first on the default ports,
// the second 100 above them (decision 0121). Two workers by default (decision 0148): with no trace recorded (0134)
// one worker left a 2-core machine about 30 % idle, and two ran the 112 tests in 564 s where one took 680-693 s.
// E2E_WORKERS sets another number (1 to follow a failure alone); the tests of a file run in order in one worker,
// unless the file says otherwise (visitor-layout.spec.mts, whose tests are independent).
export default defineConfig({
  testDir: './e2e',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${process.env.SITE_PORT ?? 8000}`,
    // No trace by default (decision 0134): recording one (a screencast and a DOM snapshot at every action) for
    // every test, kept only for a failure, made the tests about a third slower (workflows and billing: 134.7 s ->
    // 94.2 s), and a CI run keeps none of it. `npx playwright test --trace retain-on-failure` records them again
    // for a failure being looked into.
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
