/** @jest-environment node */
import { join } from 'node:path';

const siteDirectory = join(__dirname, '..', '..');

/**
 * What webpack records as `gatsby-node.mjs`'s build dependencies, the way its persistent cache does in a build
 * (`cache.buildDependencies`, set by Gatsby's webpack config): every file it finds by following the imports.
 */
function webpackBuildDependencies(): Promise<string[]> {
  const FileSystemInfo = require('webpack/lib/FileSystemInfo');
  const quiet = { log() {}, warn() {}, debug() {}, time() {}, timeEnd() {} };
  const info = new FileSystemInfo(require('node:fs'), {
    managedPaths: [/^(.+?[\\/]node_modules[\\/])/],
    immutablePaths: [],
    logger: quiet,
    hashFunction: 'md4',
  });
  return new Promise((resolve, reject) =>
    info.resolveBuildDependencies(
      siteDirectory,
      [join(siteDirectory, 'gatsby-node.mjs')],
      [],
      (error: Error | null, result: { files: Set<string> }) =>
        error ? reject(error) : resolve([...result.files]),
    ),
  );
}

describe("webpack's cache and the build's data sources (decision 0145)", () => {
  it("does not count the API's modules among the build's dependencies, so a change in the API keeps webpack's cache", async () => {
    const files = await webpackBuildDependencies();
    // The pricing and the workflow store's loaders are followed, down to the module that starts the API...
    expect(files).toEqual(
      expect.arrayContaining([
        join(siteDirectory, 'src', 'build', 'load-pricing.mjs'),
        join(siteDirectory, 'src', 'build', 'in-process-api.mjs'),
      ]),
    );
    // ...but not into the API, nor the packages only it uses.
    const intoTheApi = files.filter((file) =>
      /[\\/]api[\\/](dist|src)[\\/]|[\\/]node_modules[\\/](kysely|stripe|fastify)[\\/]/.test(file),
    );
    expect(intoTheApi).toEqual([]);
    expect(files.length).toBeLessThan(300);
  });
});
