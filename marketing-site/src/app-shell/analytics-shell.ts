import {
  createAffiliateTracking,
  createAnalytics,
  createDataLayer,
  createRouteTracker,
} from '@dcipher/shared/analytics';
import { startErrorMonitoring } from '@dcipher/shared/monitoring';
import { browserConfig } from '../site-config';
import { consentStore } from './consent';

/** The global name the affiliate vendor's script (or its shim) exposes its tracker under. */
const affiliateGlobalName = 'dcipherAffiliate';

function createAnalyticsShell() {
  const consent = consentStore();
  const analytics = createAnalytics({
    host: browserConfig.analyticsHost,
    consent,
    ...(browserConfig.analyticsKey ? { apiKey: browserConfig.analyticsKey } : {}),
  });
  const dataLayer = createDataLayer({ consent });
  const routeTracker = createRouteTracker({ analytics, dataLayer });
  const affiliate = createAffiliateTracking({
    enabled: browserConfig.affiliateEnabled && Boolean(browserConfig.affiliateScriptUrl),
    scriptUrl: browserConfig.affiliateScriptUrl ?? '',
    globalName: affiliateGlobalName,
    consent,
  });
  return {
    consent,
    analytics,
    routeTracker,
    affiliate,
    start() {
      // A visit that arrives through an affiliate link counts as the affiliate's click.
      if (/[?&](ref|aff|affiliate)=/.test(window.location.search)) affiliate.trackClick();
      void startErrorMonitoring({
        environment: browserConfig.environment,
        consent,
        ...(browserConfig.sentryDsn ? { dsn: browserConfig.sentryDsn } : {}),
      });
    },
  };
}

let shell: ReturnType<typeof createAnalyticsShell> | undefined;

/** One analytics shell per page load, created in the browser only (never during the build). */
export function analyticsShell() {
  shell ??= createAnalyticsShell();
  return shell;
}
