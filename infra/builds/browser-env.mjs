// The browser-visible settings the builds of the site and the remote are given (PUBLIC_*): where the browser finds
// the API and the account remote. Production sets them; otherwise they point at the local stack's ports
// (SITE_PORT, REMOTE_PORT, API_PORT), which the local runner (infra/local/stack.mjs) listens on.

function portFrom(value, fallback, name) {
  const port = Number(value ?? fallback);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`Invalid configuration: ${name} must be a port number (got "${value}")`);
  }
  return port;
}

/** Ports from SITE_PORT, REMOTE_PORT and API_PORT, defaulting to 8000, 3001 and 4000. */
export function stackPorts(env = process.env) {
  return {
    site: portFrom(env.SITE_PORT, 8000, 'SITE_PORT'),
    remote: portFrom(env.REMOTE_PORT, 3001, 'REMOTE_PORT'),
    api: portFrom(env.API_PORT, 4000, 'API_PORT'),
  };
}

/** The browser-visible settings the builds need: PUBLIC_API_URL and PUBLIC_ACCOUNT_REMOTE_URL, else the stack's ports. */
export function browserBuildEnv(env = process.env) {
  const ports = stackPorts(env);
  return {
    PUBLIC_API_URL: env.PUBLIC_API_URL ?? `http://localhost:${ports.api}`,
    PUBLIC_ACCOUNT_REMOTE_URL: env.PUBLIC_ACCOUNT_REMOTE_URL ?? `http://localhost:${ports.remote}`,
  };
}

/**
 * The origins a build of the site and the remote holds in its files: the site's own (SITE_URL, else its port),
 * the API's and the remote's (`browserBuildEnv`). The builds record them beside their source maps
 * (`buildOriginsFile`), so a release for other origins is made from the same build (infra/deploy/release.mjs).
 */
export function buildOrigins(env = process.env) {
  const { site } = stackPorts(env);
  const browser = browserBuildEnv(env);
  const originOf = (url) => new URL(url).origin;
  return {
    site: originOf(env.SITE_URL || `http://localhost:${site}`),
    api: originOf(browser.PUBLIC_API_URL),
    remote: originOf(browser.PUBLIC_ACCOUNT_REMOTE_URL),
  };
}

/** Where a build records its origins: in its source maps' directory, kept with the build, never served. */
export const buildOriginsFile = 'build-origins.json';
