import { readBrowserConfig } from './browser-config.js';

describe('browser configuration', () => {
  it('fills each environment with its own app base URL', () => {
    expect(readBrowserConfig({}).appBaseUrl).toBe('http://localhost:5173');
    expect(readBrowserConfig({ PUBLIC_ENVIRONMENT: 'staging' }).appBaseUrl).toBe(
      'https://app.staging.dcipher.io',
    );
    expect(readBrowserConfig({ PUBLIC_ENVIRONMENT: 'production' }).appBaseUrl).toBe('https://app.dcipher.io');
  });

  it('lets each host be configured', () => {
    const config = readBrowserConfig({ PUBLIC_API_URL: 'http://127.0.0.1:4100' });
    expect(config.apiBaseUrl).toBe('http://127.0.0.1:4100');
  });

  it('fails fast naming the bad variable', () => {
    expect(() => readBrowserConfig({ PUBLIC_API_URL: 'not a url' })).toThrow(/PUBLIC_API_URL/);
    expect(() => readBrowserConfig({ PUBLIC_ENVIRONMENT: 'qa' })).toThrow(
      /PUBLIC_ENVIRONMENT must be one of/,
    );
  });
});

describe('optional browser services', () => {
  it('leave analytics, error reporting and affiliate tracking off unless configured', () => {
    const config = readBrowserConfig({});
    expect(config.analyticsKey).toBeUndefined();
    expect(config.sentryDsn).toBeUndefined();
    expect(config.affiliateEnabled).toBe(false);
  });

  it('read them when set, and name a bad one', () => {
    const config = readBrowserConfig({
      PUBLIC_ANALYTICS_KEY: 'phc_abc123',
      PUBLIC_AFFILIATE_ENABLED: 'true',
    });
    expect(config.analyticsKey).toBe('phc_abc123');
    expect(config.affiliateEnabled).toBe(true);
    expect(() => readBrowserConfig({ PUBLIC_SENTRY_DSN: 'nope' })).toThrow(/PUBLIC_SENTRY_DSN/);
  });
});
