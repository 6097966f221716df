// What gatsby-node.mjs defines at build time, for unit tests.
globalThis.__BROWSER_CONFIG__ = {
  environment: 'development',
  apiBaseUrl: 'http://localhost:4000',
  appBaseUrl: 'http://localhost:5173',
  cmsBaseUrl: 'http://localhost:1337',
  analyticsHost: 'https://eu.i.posthog.com',
  cookieDomain: 'localhost',
  accountRemoteUrl: 'http://localhost:3001',
  affiliateEnabled: false,
};
globalThis.__MAINTENANCE_MODE__ = false;
globalThis.__FEDERATION_VERSIONS__ = {};
// Read from the PDF at build time; the unit tests use a count no real page would show by accident.
globalThis.__WHITE_PAPER_PAGE_COUNT__ = 5;
