type AnalyticsShell = ReturnType<typeof import('./analytics-shell').analyticsShell>;

let loading: Promise<AnalyticsShell> | undefined;

/**
 * Runs `use` with the analytics shell, loading it on first need: analytics code is not part of any page's first
 * load (and does nothing before consent anyway).
 */
export function withAnalytics(use: (shell: AnalyticsShell) => void): void {
  loading ??= import('./analytics-shell').then(({ analyticsShell }) => {
    const shell = analyticsShell();
    shell.start();
    return shell;
  });
  void loading.then(use);
}
