export {
  type ErrorMonitoringOptions,
  errorReportingSettings,
  type SentryInitOptions,
  type SentryLike,
  sentryInitOptions,
  startErrorMonitoring,
} from './sentry.js';
