#!/usr/bin/env node
// Run after a production build (docs/decisions/0032, 0112):
//   node secure-build.mjs <served root> <source maps dir> [--site]
// moves source maps out of what is served; with --site, also rewrites the pages for the strict
// Content-Security-Policy and writes their policies, from the PUBLIC_* browser configuration the build used. Records
// the origins the build holds (build-origins.json beside the source maps).
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { secureBuild } from '../serving/content-security.mjs';
import { buildOrigins, buildOriginsFile } from './browser-env.mjs';

const [root, sourceMapsDir, flag] = process.argv.slice(2);
if (!root || !sourceMapsDir) {
  console.error('usage: secure-build.mjs <served root> <source maps dir> [--site]');
  process.exit(2);
}
let config;
if (flag === '--site') {
  const { readBrowserConfig } = await import('@dcipher/shared/config');
  config = readBrowserConfig(process.env);
}
const result = await secureBuild({ root: resolve(root), sourceMapsDir: resolve(sourceMapsDir), config });
// The origins this build holds, for a release made for others without building again (infra/deploy/release.mjs).
await mkdir(resolve(sourceMapsDir), { recursive: true });
await writeFile(
  join(resolve(sourceMapsDir), buildOriginsFile),
  `${JSON.stringify(buildOrigins(process.env))}\n`,
);
console.log(
  `secure-build: ${result.sourceMaps} source maps moved to ${sourceMapsDir}` +
    (config ? `; ${result.pages} pages under a hash-based Content-Security-Policy` : ''),
);
