// The API in the build's own process, for a build with no API running (load-pricing, load-workflow-store): the
// product's server on an in-memory embedded database, answering through Fastify's inject.
//
// Its module is not named by a literal in import(), on purpose. webpack records gatsby-node's imports as the build
// dependencies of its persistent cache, literal import()s included, and parsed the API's modules and the packages
// they import (1,222 files, against 118 without them) in every build whose cache did not yet know them: 6–9 s of a
// workspace's first build (decision 0145). The API is where the build's data comes from, not part of what webpack
// compiles: its changes need not throw webpack's cache away, and Gatsby tracks the data they change itself.
const apiServerModule = '@dcipher/api/server';

/** The API's Fastify instance, ready for `inject`; the caller closes it. */
export async function startInProcessApi() {
  const { createServer, loadConfig } = await import(apiServerModule);
  return createServer(loadConfig({ DATA_DIR: 'memory://', DCIPHER_ENV: 'development' }));
}
