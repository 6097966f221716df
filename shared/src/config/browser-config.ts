import * as v from 'valibot';
import { type EnvironmentName, environmentNames, environments } from './environments.js';

/**
 * The settings a browser bundle may see: an explicit list, never secrets. The site and the remote read them from
 * their build environment (variables named in `browserConfigVariables`) and validate them here, so a bad value
 * fails the build naming the variable.
 */
export const browserConfigVariables = {
  environment: 'PUBLIC_ENVIRONMENT',
  apiBaseUrl: 'PUBLIC_API_URL',
  appBaseUrl: 'PUBLIC_APP_URL',
  cmsBaseUrl: 'PUBLIC_CMS_URL',
  analyticsHost: 'PUBLIC_ANALYTICS_HOST',
  cookieDomain: 'PUBLIC_COOKIE_DOMAIN',
  accountRemoteUrl: 'PUBLIC_ACCOUNT_REMOTE_URL',
  analyticsKey: 'PUBLIC_ANALYTICS_KEY',
  sentryDsn: 'PUBLIC_SENTRY_DSN',
  affiliateEnabled: 'PUBLIC_AFFILIATE_ENABLED',
  affiliateScriptUrl: 'PUBLIC_AFFILIATE_SCRIPT_URL',
  paymentsProvider: 'PUBLIC_PAYMENTS_PROVIDER',
} as const;

/** The payment gateways whose scripts a page may load: the API's `PAYMENTS_PROVIDER`, said again to the build. */
export const browserPaymentProviders = ['local', 'stripe'] as const;

const httpUrl = v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//, 'must start with http:// or https://'));

const BrowserConfigSchema = v.object({
  environment: v.picklist(environmentNames, `must be one of ${environmentNames.join(', ')}`),
  apiBaseUrl: httpUrl,
  appBaseUrl: httpUrl,
  cmsBaseUrl: httpUrl,
  analyticsHost: httpUrl,
  cookieDomain: v.pipe(v.string(), v.regex(/^[a-z0-9.-]+$/i, 'must be a host name')),
  accountRemoteUrl: httpUrl,
  /** PostHog project key (public by design); analytics stays off without it. */
  analyticsKey: v.optional(v.pipe(v.string(), v.regex(/^[\w-]+$/, 'must be a project key'))),
  /** Sentry DSN (public by design); error reporting stays off without it. */
  sentryDsn: v.optional(v.pipe(v.string(), v.url())),
  affiliateEnabled: v.boolean(),
  affiliateScriptUrl: v.optional(httpUrl),
  /** `stripe` lets pages load Stripe.js and its card frames (the content security policy); `local` needs nothing. */
  paymentsProvider: v.picklist(
    browserPaymentProviders,
    `must be one of ${browserPaymentProviders.join(', ')}`,
  ),
});

export type BrowserConfig = v.InferOutput<typeof BrowserConfigSchema>;

export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

type RawVariables = Record<string, string | undefined>;

const optional = (key: string, value: string | undefined) => (value ? { [key]: value } : {});

/** Reads the browser configuration from named variables, filling each environment's defaults. */
export function readBrowserConfig(variables: RawVariables): BrowserConfig {
  const environmentVariable = browserConfigVariables.environment;
  const environment = (variables[environmentVariable] || 'development') as EnvironmentName;
  if (!environmentNames.includes(environment)) {
    throw new ConfigError(environmentVariable, `must be one of ${environmentNames.join(', ')}`);
  }
  const defaults = environments[environment];
  const candidate = {
    environment,
    apiBaseUrl: variables[browserConfigVariables.apiBaseUrl] || defaults.apiBaseUrl,
    appBaseUrl: variables[browserConfigVariables.appBaseUrl] || defaults.appBaseUrl,
    cmsBaseUrl: variables[browserConfigVariables.cmsBaseUrl] || defaults.cmsBaseUrl,
    analyticsHost: variables[browserConfigVariables.analyticsHost] || defaults.analyticsHost,
    cookieDomain: variables[browserConfigVariables.cookieDomain] || defaults.cookieDomain,
    accountRemoteUrl: variables[browserConfigVariables.accountRemoteUrl] || 'http://localhost:3001',
    ...optional('analyticsKey', variables[browserConfigVariables.analyticsKey]),
    ...optional('sentryDsn', variables[browserConfigVariables.sentryDsn]),
    affiliateEnabled: ['1', 'true', 'on'].includes(
      (variables[browserConfigVariables.affiliateEnabled] ?? '').toLowerCase(),
    ),
    ...optional('affiliateScriptUrl', variables[browserConfigVariables.affiliateScriptUrl]),
    paymentsProvider: variables[browserConfigVariables.paymentsProvider] || 'local',
  };
  const result = v.safeParse(BrowserConfigSchema, candidate);
  if (!result.success) {
    const issue = result.issues[0];
    const key = (issue.path?.[0]?.key ?? 'environment') as keyof typeof browserConfigVariables;
    throw new ConfigError(browserConfigVariables[key], `${issue.message} (got "${String(issue.input)}")`);
  }
  return result.output;
}
