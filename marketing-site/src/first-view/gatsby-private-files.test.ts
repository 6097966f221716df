/**
 * @jest-environment node
 */
// The staged entry (staged-entry.js) imports two of Gatsby's private files, `.cache/loader` and
// `.cache/production-app`, which Gatsby copies from its `cache-dir` at every build, and replaces Gatsby's `app`
// entry by name (staged-entry-config.mjs). None of that is Gatsby's public API, so Gatsby is pinned to one exact
// version (package.json) and this test fails when what the staged entry relies on changes: a Gatsby upgrade has
// to look at the new files, check the stages still evaluate in Gatsby's own order, and record their new digests
// here (docs/decisions/0083).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const gatsbyDirectory = dirname(require.resolve('gatsby/package.json'));
const digest = (file: string) =>
  createHash('sha256')
    .update(readFileSync(join(gatsbyDirectory, file)))
    .digest('hex');

it('runs on the exact Gatsby version the staged entry was written against', () => {
  const site = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  expect(site.dependencies.gatsby).toBe('5.16.1');
  expect(JSON.parse(readFileSync(join(gatsbyDirectory, 'package.json'), 'utf8')).version).toBe('5.16.1');
});

it('finds the private files it imports unchanged', () => {
  expect({
    'cache-dir/production-app.js': digest('cache-dir/production-app.js'),
    'cache-dir/loader.js': digest('cache-dir/loader.js'),
  }).toEqual({
    'cache-dir/production-app.js': '68f7ff91dcaac34011682d817bda12ad62a33c3eef227a779fd21188eff96e65',
    'cache-dir/loader.js': '7daae1734965bb772ccd77d4e5cadd564eb97d72f62033fc59a02a0cdfdea71e',
  });
});

it("finds Gatsby's browser bundle entry still named `app` and pointing at production-app", () => {
  const webpackConfig = readFileSync(join(gatsbyDirectory, 'dist', 'utils', 'webpack.config.js'), 'utf8');
  expect(webpackConfig).toContain('app: directoryPath(`.cache/production-app`)');
});
