// The publisher's site build, in a directory of its own (docs/decisions/0056). Gatsby always writes to
// `<site directory>/public` and `.cache`, so each kind of build (the live site, the drafts' preview) has its own
// copy of the site package, a workspace `.site-build-<kind>/` beside `marketing-site/`: the site's sources are
// synchronised into it before each build (changed files only, so Gatsby's cache stays warm), its `node_modules`
// links to the site's. A workspace's first build starts from webpack's cache of the site's own build (0145): webpack
// names modules by their path from the build's directory, which is the same for a sibling of `marketing-site/`.
// The build's output is copied into the release directory it was asked for, and the CSP rewrite (secure-build)
// runs there, never in what is served nor in `marketing-site/public` (which `npm run build` owns).
//
// A workspace is held by one publisher at a time (`.publisher-lock`: the publisher's pid and the build's process
// group). Gatsby runs in a process group of its own, so a publisher that stops (or is killed) mid-build leaves no
// build running on: the next publisher kills a dead holder's group before it builds there.
import { spawn } from 'node:child_process';
import {
  copyFile,
  cp,
  lstat,
  mkdir,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserBuildEnv } from '../builds/browser-env.mjs';

export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const siteDirectory = join(repositoryRoot, 'marketing-site');
/**
 * The workspace of a kind of build (`live`, `preview`): `.site-build-<kind>/` at the repository's top, beside
 * `marketing-site/`, so the copies resolve the workspace's packages and webpack's cache of the site's own build
 * applies to them (`seedWebpackCache`); with a `name` (SITE_BUILD_NAME, a test's or benchmark's own),
 * `.site-build-<name>-<kind>/`.
 */
export const workspaceDirectory = (kind, name) =>
  join(repositoryRoot, `.site-build-${name ? `${name}-` : ''}${kind}`);

/** What a workspace does not copy from the site: build output, caches, installs, browser tests. */
const notCopied = new Set([
  'public',
  '.cache',
  'node_modules',
  'source-maps',
  'e2e',
  'test-results',
  'playwright-report',
  '.turbo',
  '.publisher-lock',
]);

/**
 * Makes `to` hold the site package's sources as `from` has them: new and changed files copied with their times
 * (an unchanged file keeps its stamp, so Gatsby's and webpack's caches stay valid), removed ones deleted, and
 * `node_modules` a link to the site's. Build output and caches in `to` are left alone.
 */
export async function syncSite(from, to, top = true) {
  await mkdir(to, { recursive: true });
  const wanted = new Set();
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (top && notCopied.has(entry.name)) continue;
    wanted.add(entry.name);
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    const info = await stat(source);
    if (info.isDirectory()) {
      await syncSite(source, target, false);
      continue;
    }
    const existing = await lstat(target).catch(() => undefined);
    if (existing?.isFile() && existing.size === info.size && Math.abs(existing.mtimeMs - info.mtimeMs) < 1)
      continue;
    if (existing && !existing.isFile()) await rm(target, { recursive: true, force: true });
    await copyFile(source, target);
    await utimes(target, info.atime, info.mtime);
  }
  for (const name of await readdir(to)) {
    if (!wanted.has(name) && !(top && notCopied.has(name)))
      await rm(join(to, name), { recursive: true, force: true });
  }
  if (top) {
    const link = join(to, 'node_modules');
    if (!(await lstat(link).catch(() => undefined))) await symlink(join(from, 'node_modules'), link, 'dir');
  }
}

/**
 * Gives a workspace with no webpack cache yet a copy of `siteDir`'s (the site's own last build, by `npm start` or
 * `npm run build`), so its first build compiles only what differs rather than everything: webpack keys its cache by
 * absolute path and names modules by their path from the build's directory, so the copy is used only by a sibling
 * of `siteDir`, and webpack rebuilds whatever its snapshot finds changed. Returns whether it copied.
 */
export async function seedWebpackCache(siteDir, workspace) {
  const from = join(siteDir, '.cache', 'webpack');
  const to = join(workspace, '.cache', 'webpack');
  if (dirname(resolve(siteDir)) !== dirname(resolve(workspace))) return false;
  if (await lstat(to).catch(() => undefined)) return false;
  if (!(await lstat(from).catch(() => undefined))) return false;
  await cp(from, to, { recursive: true, preserveTimestamps: true });
  return true;
}

const alive = (pid) => {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

async function killGroup(group) {
  if (!alive(group)) return;
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // Already gone.
  }
  for (let wait = 0; wait < 100 && alive(group); wait += 1) await new Promise((done) => setTimeout(done, 50));
}

/**
 * Takes the workspace for this process. A lock held by a running process (another publisher) refuses; one left by
 * a process that died has its build's process group killed first (a build orphaned by a killed publisher).
 */
export async function claimWorkspace(directory) {
  await mkdir(directory, { recursive: true });
  const lockFile = join(directory, '.publisher-lock');
  const lock = JSON.parse(await readFile(lockFile, 'utf8').catch(() => '{}'));
  if (lock.pid && lock.pid !== process.pid && alive(lock.pid)) {
    throw new Error(`Another publisher (pid ${lock.pid}) is building in ${directory}`);
  }
  if (lock.group) await killGroup(lock.group);
  const write = (group) => writeFile(lockFile, JSON.stringify({ pid: process.pid, ...(group && { group }) }));
  await write();
  return { building: (group) => write(group), release: () => rm(lockFile, { force: true }) };
}

/** The release directory must not be inside the workspace, nor the workspace inside what is served. */
const inside = (parent, child) => {
  const path = relative(parent, child);
  return path === '' || (!path.startsWith('..') && !path.startsWith(sep) && path !== '..');
};

/**
 * The site's build from the CMS into `outputDir` (a release directory nobody serves yet): Gatsby in this kind's
 * workspace (incremental, its cache kept), its `public` copied to `outputDir`, and the CSP rewrite there. `env` is
 * the build's (CMS_URL, CMS_TOKEN, CMS_PREVIEW=drafts for the preview); `workDir` the workspace, by default
 * `.site-build-live` or `.site-build-preview` (`workspaceDirectory`), and always inside the repository.
 */
export function siteBuild({ env = process.env, workDir, gatsbyCli: gatsbyCliForTests } = {}) {
  const kind = env.CMS_PREVIEW === 'drafts' ? 'preview' : 'live';
  const directory = resolve(workDir ?? workspaceDirectory(kind));
  if (!inside(repositoryRoot, directory) || inside(siteDirectory, directory)) {
    throw new Error(
      `The site build's workspace must be inside the repository and outside marketing-site: ${directory}`,
    );
  }
  const gatsbyCli =
    gatsbyCliForTests ??
    join(
      dirname(createRequire(join(siteDirectory, 'package.json')).resolve('gatsby/package.json')),
      'cli.js',
    );
  const buildEnv = { GATSBY_TELEMETRY_DISABLED: '1', ...env, ...browserBuildEnv(env) };
  let child;
  const stop = () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };
  process.once('exit', stop);

  /** Builds into `outputDir`; `signal` (the build job's) stops the build's processes when it aborts. */
  const build = async (outputDir, log, { signal } = {}) => {
    if (inside(directory, outputDir))
      throw new Error(`A release cannot be inside the workspace: ${outputDir}`);
    signal?.throwIfAborted();
    const workspace = await claimWorkspace(directory);
    signal?.addEventListener('abort', stop, { once: true });
    const run = (args, onStart) =>
      new Promise((done, reject) => {
        child = spawn(process.execPath, args, {
          cwd: directory,
          env: buildEnv,
          stdio: ['ignore', 'pipe', 'pipe'],
          // A process group of its own: stopped as a whole (Gatsby's workers included), never left running.
          detached: true,
        });
        child.stdout.pipe(log, { end: false });
        child.stderr.pipe(log, { end: false });
        child.on('error', reject);
        child.on('exit', (code, exitSignal) =>
          code === 0
            ? done()
            : reject(
                new Error(`${args[0].split('/').pop()} ${args[1] ?? ''} exited with ${code ?? exitSignal}`),
              ),
        );
        void onStart?.(child.pid);
      });
    try {
      await syncSite(siteDirectory, directory);
      if (await seedWebpackCache(siteDirectory, directory))
        log.write("The workspace's first build: webpack's cache copied from the site's own build.\n");
      signal?.throwIfAborted();
      await run([gatsbyCli, 'build'], (pid) => workspace.building(pid));
      signal?.throwIfAborted();
      await rm(outputDir, { recursive: true, force: true });
      await mkdir(dirname(outputDir), { recursive: true });
      await cp(join(directory, 'public'), outputDir, { recursive: true });
      const sourceMaps = join(directory, 'source-maps');
      await rm(sourceMaps, { recursive: true, force: true });
      await run([
        join(repositoryRoot, 'infra', 'builds', 'secure-build.mjs'),
        outputDir,
        sourceMaps,
        '--site',
      ]);
    } finally {
      signal?.removeEventListener('abort', stop);
      child = undefined;
      await workspace.release();
    }
  };
  build.workDir = directory;
  /** Stops a build running now (the publisher is closing). */
  build.stop = stop;
  /** At the publisher's start: a build a dead publisher left running in this workspace is stopped. */
  build.recover = async () => {
    const lockFile = join(directory, '.publisher-lock');
    const lock = JSON.parse(await readFile(lockFile, 'utf8').catch(() => '{}'));
    if (lock.pid && lock.pid !== process.pid && alive(lock.pid)) return;
    if (lock.group) await killGroup(lock.group);
    await rm(lockFile, { force: true });
  };
  return build;
}
