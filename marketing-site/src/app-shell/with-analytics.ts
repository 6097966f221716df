type AnalyticsShell = ReturnType<typeof import('./analytics-shell').analyticsShell>;

let loading: Promise<AnalyticsShell> | undefined;

/** Resolves once the browser is idle (the page has been shown and hydrated), or after `timeout` ms at the latest. */
function whenIdle(timeout = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout });
    else window.setTimeout(resolve, 1);
  });
}

/**
 * Runs `use` with the analytics shell, loading it on first need once the browser is idle: analytics code is not
 * part of any page's first load nor of the work that makes it usable (and does nothing before consent anyway).
 * Calls made meanwhile run in order once it has loaded.
 */
export function withAnalytics(use: (shell: AnalyticsShell) => void): void {
  loading ??= whenIdle()
    .then(() => import('./analytics-shell'))
    .then(({ analyticsShell }) => {
      const shell = analyticsShell();
      shell.start();
      return shell;
    });
  void loading.then(use);
}
