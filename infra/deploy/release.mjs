// A release of one build for other origins (docs/decisions/0112): the site and the remote are built once, for the
// origins of `npm start`, and the production topology (or any deployment) serves a copy of that build in which the
// origins the build holds (its build-origins.json: the site's own, the API's and the remote's) are replaced by the
// deployment's, and the site's per-page Content-Security-Policy is written again for them. Nothing is rebuilt, so
// `npm run start:production` and `npm run test:production` serve exactly what `npm start` and the browser tests
// served (issue 33: the second build for the topology's origins took 1 min 46 s of every CI run).
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import {
  allowedOrigins,
  contentSecurityPolicy,
  policyManifestFile,
  securePage,
} from '../serving/content-security.mjs';

/** The files of a build that may name an origin: pages, scripts, styles, data, feeds and sitemaps. */
const textExtensions = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.svg',
]);

async function* filesUnder(directory) {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * The replacements from a build's origins to a deployment's: each origin the build holds (`from`: site, api,
 * remote) by the deployment's of the same name (`to`). An origin is only ever replaced whole (scheme, host and
 * port), and never by a prefix of another: `http://localhost:8000` is not a match inside `http://localhost:80001`.
 */
export function originReplacements(from, to) {
  const names = ['site', 'api', 'remote'];
  for (const name of names) {
    if (!from[name] || !to[name])
      throw new Error(`A release needs the ${name} origin of the build and of the target`);
    for (const origins of [from, to]) {
      const { origin } = new URL(origins[name]);
      if (origin !== origins[name]) throw new Error(`Not an origin: ${origins[name]} (expected ${origin})`);
    }
  }
  const builtOrigins = names.map((name) => from[name]);
  if (new Set(builtOrigins).size !== builtOrigins.length) {
    throw new Error(`The build's origins are not distinct: ${builtOrigins.join(', ')}`);
  }
  return names.filter((name) => from[name] !== to[name]).map((name) => [from[name], to[name]]);
}

/** `text` with every build origin replaced at once (a replaced origin is never replaced again). */
export function replaceOrigins(text, replacements) {
  if (replacements.length === 0) return text;
  const escaped = (value) => value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  // An origin ends where a port's digits or a host's name do not go on (a full stop may end a sentence).
  const pattern = new RegExp(
    `(${replacements.map(([origin]) => escaped(origin)).join('|')})(?![\\w-]|\\.[\\w-])`,
    'g',
  );
  const byOrigin = new Map(replacements);
  return text.replace(pattern, (origin) => byOrigin.get(origin));
}

/**
 * Copies the build in `from` to `to` with its origins replaced. With `browserConfig` (the site: the browser
 * configuration of the target, `readBrowserConfig`), every page's policy is written again into `_csp.json` for the
 * target's origins and the hashes of the page's inline scripts as they now read. Answers the number of files
 * changed.
 */
export async function releaseForOrigins({ from, to, buildOrigins, targetOrigins, browserConfig }) {
  const replacements = originReplacements(buildOrigins, targetOrigins);
  await rm(to, { recursive: true, force: true });
  await cp(from, to, { recursive: true });
  let changed = 0;
  const pages = {};
  for await (const file of filesUnder(to)) {
    if (!textExtensions.has(extname(file))) continue;
    if (browserConfig && file === join(to, policyManifestFile)) continue;
    const source = await readFile(file, 'utf8');
    let text = replaceOrigins(source, replacements);
    if (browserConfig && file.endsWith('.html')) {
      const secured = securePage(text);
      text = secured.html;
      pages[`/${relative(to, file).split(sep).join('/')}`] = contentSecurityPolicy({
        scriptHashes: secured.scriptHashes,
        origins: allowedOrigins(browserConfig),
      });
    }
    if (text !== source) {
      await writeFile(file, text);
      changed += 1;
    }
  }
  if (browserConfig) {
    const origins = allowedOrigins(browserConfig);
    await writeFile(
      join(to, policyManifestFile),
      JSON.stringify({ pages, fallback: contentSecurityPolicy({ origins }) }),
    );
  }
  return { changed };
}
