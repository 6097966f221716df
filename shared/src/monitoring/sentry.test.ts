import { createConsentStore } from '../analytics/consent.js';
import {
  errorReportingSettings,
  type SentryLike,
  sentryInitOptions,
  startErrorMonitoring,
} from './sentry.js';

function consentStore(granted: boolean) {
  const consent = createConsentStore({ storage: { getItem: () => null, setItem: () => {} } });
  if (granted) consent.set('granted');
  return consent;
}

function fakeSentry() {
  const tracing = { name: 'BrowserTracing' };
  return {
    init: jest.fn(),
    browserTracingIntegration: jest.fn(() => tracing),
    tracing,
  } satisfies SentryLike & {
    tracing: unknown;
  };
}

describe('error monitoring', () => {
  it('uses the spec settings: full tracing, 100 breadcrumbs, 30 buffered requests', () => {
    expect(errorReportingSettings.tracesSampleRate).toBe(1);
    expect(errorReportingSettings.maxBreadcrumbs).toBe(100);
    expect(errorReportingSettings.bufferedRequests).toBe(30);
    expect(sentryInitOptions({ dsn: 'https://key@sentry.example/1', environment: 'production' })).toEqual({
      dsn: 'https://key@sentry.example/1',
      environment: 'production',
      tracesSampleRate: 1,
      maxBreadcrumbs: 100,
      transportOptions: { bufferSize: 30 },
    });
  });

  it('names the environment staging in staging builds and production in production builds', () => {
    const dsn = 'https://key@sentry.example/1';
    expect(sentryInitOptions({ dsn, environment: 'staging' }).environment).toBe('staging');
    expect(sentryInitOptions({ dsn, environment: 'production' }).environment).toBe('production');
    expect(sentryInitOptions({ dsn, environment: 'development' }).environment).toBe('development');
  });

  it('loads nothing without a DSN', async () => {
    const loadSentry = jest.fn(async () => fakeSentry());
    await expect(
      startErrorMonitoring({ environment: 'production', consent: consentStore(true), loadSentry }),
    ).resolves.toBe(false);
    await expect(
      startErrorMonitoring({ dsn: '', environment: 'production', consent: consentStore(true), loadSentry }),
    ).resolves.toBe(false);
    expect(loadSentry).not.toHaveBeenCalled();
  });

  it('loads Sentry only after consent and initialises it with the settings and tracing', async () => {
    const sentry = fakeSentry();
    const loadSentry = jest.fn(async () => sentry);
    const consent = consentStore(false);
    const started = startErrorMonitoring({
      dsn: 'https://key@sentry.example/1',
      environment: 'staging',
      release: 'web@1.2.3',
      consent,
      loadSentry,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loadSentry).not.toHaveBeenCalled();
    consent.set('granted');
    await expect(started).resolves.toBe(true);
    expect(sentry.init).toHaveBeenCalledWith({
      dsn: 'https://key@sentry.example/1',
      environment: 'staging',
      release: 'web@1.2.3',
      tracesSampleRate: 1,
      maxBreadcrumbs: 100,
      transportOptions: { bufferSize: 30 },
      integrations: [sentry.tracing],
    });
  });

  it('resolves false when Sentry cannot be loaded', async () => {
    await expect(
      startErrorMonitoring({
        dsn: 'https://key@sentry.example/1',
        environment: 'production',
        consent: consentStore(true),
        loadSentry: () => Promise.reject(new Error('blocked')),
      }),
    ).resolves.toBe(false);
  });
});
