import { type ConsentReader, onceGranted } from '../analytics/consent.js';
import type { EnvironmentName } from '../config/environments.js';

// Error reporting (spec section 9) through Sentry, off without a DSN. @sentry/react is imported only once there
// is a DSN and the visitor has consented, so it never weighs on first-load JS.

export const errorReportingSettings = {
  /** Every trace is kept ("full"). */
  tracesSampleRate: 1,
  maxBreadcrumbs: 100,
  /**
   * "30 buffered requests": Sentry's closest option is the transport's buffer size, the number of envelopes it
   * holds in flight before dropping new ones (`transportOptions.bufferSize`, default 64).
   */
  bufferedRequests: 30,
} as const;

export interface SentryInitOptions {
  dsn: string;
  environment: EnvironmentName;
  release?: string;
  tracesSampleRate: number;
  maxBreadcrumbs: number;
  transportOptions: { bufferSize: number };
}

interface SentryIntegration {
  name: string;
}

/** The part of @sentry/react used here. */
export interface SentryLike {
  init(options: SentryInitOptions & { integrations?: SentryIntegration[] }): unknown;
  browserTracingIntegration?: () => SentryIntegration;
}

export interface ErrorMonitoringOptions {
  dsn?: string;
  /** Reported as is: 'staging' in staging builds, 'production' in production builds. */
  environment: EnvironmentName;
  release?: string;
  consent: ConsentReader;
  loadSentry?: () => Promise<SentryLike>;
}

export function sentryInitOptions(options: {
  dsn: string;
  environment: EnvironmentName;
  release?: string;
}): SentryInitOptions {
  return {
    dsn: options.dsn,
    environment: options.environment,
    ...(options.release ? { release: options.release } : {}),
    tracesSampleRate: errorReportingSettings.tracesSampleRate,
    maxBreadcrumbs: errorReportingSettings.maxBreadcrumbs,
    transportOptions: { bufferSize: errorReportingSettings.bufferedRequests },
  };
}

const loadSentryModule = (): Promise<SentryLike> => import('@sentry/react');

/**
 * Starts Sentry once consent is granted. Resolves true when Sentry is running, false without a DSN or when it
 * could not be loaded; stays pending while the visitor has not consented.
 */
export function startErrorMonitoring(options: ErrorMonitoringOptions): Promise<boolean> {
  const { dsn } = options;
  if (!dsn) return Promise.resolve(false);
  const loadSentry = options.loadSentry ?? loadSentryModule;
  return new Promise((resolve) => {
    onceGranted(options.consent, () => {
      loadSentry().then(
        (sentry) => {
          const settings = sentryInitOptions({
            dsn,
            environment: options.environment,
            release: options.release,
          });
          // Sampling traces needs the tracing integration; it is part of the lazily loaded chunk.
          const tracing = sentry.browserTracingIntegration?.();
          sentry.init(tracing ? { ...settings, integrations: [tracing] } : settings);
          resolve(true);
        },
        () => resolve(false),
      );
    });
  });
}
