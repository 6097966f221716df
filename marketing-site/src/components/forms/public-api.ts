import type { ApiClient } from '@dcipher/shared/client';
import { withAnalytics } from '../../app-shell/with-analytics';
import { browserConfig } from '../../site-config';

let clientPromise: Promise<ApiClient> | undefined;

/** The contract-derived client, loaded when a form is first submitted (not part of the page's first load). */
export function publicApi(): Promise<ApiClient> {
  clientPromise ??= import('@dcipher/shared/client').then(({ createApiClient }) =>
    createApiClient({ baseUrl: browserConfig.apiBaseUrl }),
  );
  return clientPromise;
}

/** A form that leaves an email is a lead for the affiliate programme (a no-op unless it is enabled). */
export function trackLead(email: string): void {
  withAnalytics(({ affiliate }) => {
    affiliate.trackEmailToClickLink(email);
    affiliate.trackLeadConversion(email);
  });
}
