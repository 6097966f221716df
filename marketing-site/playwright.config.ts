import { defineConfig } from '@playwright/test';

// Browser tests drive the system Chromium (never a downloaded browser). The fixtures in e2e/fixtures.ts start
// the whole built stack themselves, one per worker with a fresh embedded database: the first on the default ports,
// the second 100 above them (decision 0121). One worker by default: on the 2-core machines that run them, Chromium
// alone keeps both cores busy, and two workers made the suite slower (decision 0121's figures). E2E_WORKERS sets
// more on a machine with more cores; the tests of a file run in order in one worker.
export default defineConfig({
  testDir: './e2e',
  workers: Number(process.env.E2E_WORKERS ?? 1),
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
