// The three deployment environments of product-spec section 1, each with its own app base URL (the analytics
// application this web links to). Hosts are configuration: a deployment overrides any of them.

export const environmentNames = ['development', 'staging', 'production'] as const;
export type EnvironmentName = (typeof environmentNames)[number];

export interface EnvironmentDefaults {
  appBaseUrl: string;
  apiBaseUrl: string;
  cmsBaseUrl: string;
  analyticsHost: string;
  /** The product domain; cookies are written for it with a leading dot. */
  cookieDomain: string;
}

export const environments: Record<EnvironmentName, EnvironmentDefaults> = {
  development: {
    appBaseUrl: 'http://localhost:5173',
    apiBaseUrl: 'http://localhost:4000',
    cmsBaseUrl: 'http://localhost:1337',
    analyticsHost: 'https://eu.i.posthog.com',
    cookieDomain: 'localhost',
  },
  staging: {
    appBaseUrl: 'https://app.staging.dcipher.io',
    apiBaseUrl: 'https://api.staging.dcipher.io',
    cmsBaseUrl: 'https://cms.staging.dcipher.io',
    analyticsHost: 'https://eu.i.posthog.com',
    cookieDomain: 'staging.dcipher.io',
  },
  production: {
    appBaseUrl: 'https://app.dcipher.io',
    apiBaseUrl: 'https://api.dcipher.io',
    cmsBaseUrl: 'https://cms.dcipher.io',
    analyticsHost: 'https://eu.i.posthog.com',
    cookieDomain: 'dcipher.io',
  },
};
