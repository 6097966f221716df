// `npm run cms`: installs the CMS (infra/cms, Strapi 5) the first time, writes its content types from the site's
// content model, generates its local secrets once, builds its admin panel once, and starts it on
// http://localhost:1337 (CMS_PORT). Not part of `npm start`'s install: only editors and the CMS tests need it.
// docs/decisions/0044.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const cmsRoot = join(dirname(fileURLToPath(import.meta.url)), '..', 'cms');
export const siteBuildTokenFile = join(cmsRoot, '.tmp', 'site-build-token');
/** The token file of a CMS database: the default one's, or `<database file>.token` beside another. */
const tokenFileOf = (databaseFile) => (databaseFile ? `${databaseFile}.token` : '.tmp/site-build-token');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * The packages of the CMS's tree that run a script when installed, read from its lockfile (`hasInstallScript`), but
 * better-sqlite3: their scripts are run after `npm ci --ignore-scripts`, and better-sqlite3's only when SQLite is used
 * (`ensureSqliteDriver`). Read, not listed, so a Strapi upgrade that brings another one runs its script too.
 */
function installScriptPackages() {
  const { packages = {} } = JSON.parse(readFileSync(join(cmsRoot, 'package-lock.json'), 'utf8'));
  const names = Object.entries(packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
  return [...new Set(names)].filter((name) => name !== 'better-sqlite3');
}
const sqliteDriver = join(
  cmsRoot,
  'node_modules',
  'better-sqlite3',
  'build',
  'Release',
  'better_sqlite3.node',
);

/**
 * Installs the CMS's packages when they are missing or older than its lockfile. better-sqlite3, Strapi's SQLite
 * driver, has no prebuilt binary this machine can download (they are on GitHub, not the npm registry), so its install
 * compiles SQLite from source: about 95 s of one core, most of the install. It is compiled only for a CMS on SQLite
 * (`sqlite: true`, the default: `npm run cms`, the benchmark); the CMS test runs Strapi on PostgreSQL when the
 * machine has its binaries and skips it (docs/decisions/0143).
 */
export function ensureCmsInstalled({ log = console.log, sqlite = true } = {}) {
  const marker = join(cmsRoot, 'node_modules', '.package-lock.json');
  // The lockfile is what `npm ci` installs from (a change of scripts alone needs no reinstall).
  const inputs = ['package-lock.json'].map((file) => join(cmsRoot, file)).filter(existsSync);
  const newest = Math.max(...inputs.map((file) => statSync(file).mtimeMs));
  if (!existsSync(marker) || statSync(marker).mtimeMs < newest) {
    log('CMS: installing Strapi into infra/cms (once; a few minutes)...');
    const lock = existsSync(join(cmsRoot, 'package-lock.json'));
    npmIn(
      [lock ? 'ci' : 'install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      'npm install',
    );
    // `npm install` writes the lockfile where there was none.
    npmIn(['rebuild', ...installScriptPackages(), '--loglevel=error'], 'npm rebuild');
  }
  if (sqlite) ensureSqliteDriver({ log });
}

/** Compiles better-sqlite3 (SQLite's driver) when it has not been for this install. */
export function ensureSqliteDriver({ log = console.log } = {}) {
  if (existsSync(sqliteDriver)) return;
  log('CMS: compiling the SQLite driver (once; a minute or two)...');
  npmIn(['rebuild', 'better-sqlite3', '--loglevel=error'], 'compiling better-sqlite3');
}

function npmIn(args, what) {
  const result = spawnSync(npm, args, { cwd: cmsRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`CMS: ${what} failed in infra/cms (see above)`);
}

/** The CMS's secrets for this machine, made once and kept in infra/cms/.env (never committed). */
export function ensureCmsSecrets() {
  const file = join(cmsRoot, '.env');
  if (existsSync(file)) return;
  const secret = () => randomBytes(24).toString('base64');
  writeFileSync(
    file,
    [
      `APP_KEYS=${[secret(), secret(), secret(), secret()].join(',')}`,
      `API_TOKEN_SALT=${secret()}`,
      `ADMIN_JWT_SECRET=${secret()}`,
      `TRANSFER_TOKEN_SALT=${secret()}`,
      `ENCRYPTION_KEY=${secret()}`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
}

/** Builds the admin panel when it has not been built for this install. */
export function ensureAdminBuilt({ log = console.log } = {}) {
  if (existsSync(join(cmsRoot, 'build', 'index.html'))) return;
  log('CMS: building the admin panel (once; a minute or two)...');
  const result = spawnSync(npm, ['run', 'build'], {
    cwd: cmsRoot,
    stdio: 'inherit',
    env: { ...process.env },
  });
  if (result.status !== 0) throw new Error('CMS: the admin panel build failed (see above)');
}

/** Writes the content types from the site's one declaration of the content model. */
export async function writeCmsContentTypes() {
  const { writeContentTypes } = await import('../cms/scripts/write-content-types.mjs');
  return writeContentTypes();
}

/** Waits until Strapi answers its health check. */
export async function waitForCms(url, { timeoutMs = 180_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`CMS: Strapi stopped (exit code ${child.exitCode})`);
    try {
      const response = await fetch(`${url}/_health`);
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`CMS: Strapi did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Starts Strapi (`strapi start`) with the given settings; answers the child process and its URL once healthy.
 * `adminPanel: false` serves the content API only (the tests), which needs no admin build. `postgresUrl` runs it on
 * that PostgreSQL database instead of SQLite (`databaseFile`, which then only names the site build's token file).
 */
export async function startCms({
  port = Number(process.env.CMS_PORT ?? 1337),
  databaseFile,
  postgresUrl,
  adminPanel = true,
  env = {},
  stdio = 'inherit',
} = {}) {
  // Strapi's own variable, as config/database.js reads it (README: `DATABASE_CLIENT=postgres … npm run cms`).
  const client = postgresUrl ? 'postgres' : (env.DATABASE_CLIENT ?? process.env.DATABASE_CLIENT ?? 'sqlite');
  ensureCmsInstalled({ sqlite: client !== 'postgres' });
  ensureCmsSecrets();
  // The media library's folder (not in git: what editors upload stays on this machine).
  mkdirSync(join(cmsRoot, 'public', 'uploads'), { recursive: true });
  await writeCmsContentTypes();
  if (adminPanel) ensureAdminBuilt();
  const url = `http://127.0.0.1:${port}`;
  // Strapi's own binary, not `npm run start`: stopping the child then stops Strapi, not only npm.
  const child = spawn(
    process.execPath,
    [join(cmsRoot, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js'), 'start'],
    {
      cwd: cmsRoot,
      stdio,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        SERVE_ADMIN_PANEL: adminPanel ? 'true' : 'false',
        STRAPI_TELEMETRY_DISABLED: 'true',
        BROWSER: 'none',
        ...(databaseFile && { DATABASE_FILENAME: databaseFile }),
        CMS_TOKEN_FILE: tokenFileOf(databaseFile),
        ...(postgresUrl && { DATABASE_CLIENT: 'postgres', DATABASE_URL: postgresUrl }),
        ...env,
      },
    },
  );
  await waitForCms(url, { child });
  return { child, url };
}

/** The site build's token of the default CMS database, or of `databaseFile`'s. */
export function readSiteBuildToken(databaseFile) {
  const file = join(cmsRoot, tokenFileOf(databaseFile));
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** A secret Strapi and the publisher share locally, made once (infra/cms/.tmp, never committed). */
function localSecret(name) {
  const file = join(cmsRoot, '.tmp', name);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(24).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** `npm run cms`: the CMS with the publisher next to it, until stopped. */
export async function runCms() {
  try {
    const publisherPort = Number(process.env.PUBLISHER_PORT ?? 4010);
    const previewPort = Number(process.env.PREVIEW_PORT ?? 4011);
    const secret = process.env.PUBLISHER_WEBHOOK_SECRET || localSecret('publisher-secret');
    const previewSecret = process.env.PREVIEW_SECRET || localSecret('preview-secret');
    const previewUrl = `http://localhost:${previewPort}`;
    const { child, url } = await startCms({
      env: {
        CMS_PUBLISHER_URL: `http://127.0.0.1:${publisherPort}/webhooks/strapi`,
        CMS_PUBLISHER_SECRET: secret,
        CMS_PREVIEW_URL: previewUrl,
        CMS_PREVIEW_SECRET: previewSecret,
      },
    });
    const { createPublisher, siteBuild } = await import('../publisher/publisher.mjs');
    const { openPublisherDatabase } = await import('../publisher/publisher-database.mjs');
    const { createPreviewServer } = await import('../publisher/preview-server.mjs');
    const buildEnv = { ...process.env, CMS_URL: url, CMS_TOKEN: readSiteBuildToken() };
    const publisher = createPublisher({
      webhookSecret: secret,
      build: siteBuild({ env: buildEnv }),
      previewBuild: siteBuild({ env: { ...buildEnv, CMS_PREVIEW: 'drafts' } }),
      // The build queue in the embedded database (<DATA_DIR>/publisher-db), whatever DATABASE_URL says: here it
      // may be the CMS's own (DATABASE_CLIENT=postgres).
      database: () => openPublisherDatabase(),
    });
    const publisherUrl = await publisher.start(publisherPort);
    const preview = createPreviewServer({
      previewLink: publisher.previewLink,
      secret: previewSecret,
      cmsUrl: url,
      cmsToken: readSiteBuildToken(),
    });
    await new Promise((resolve) => preview.listen(previewPort, '127.0.0.1', resolve));
    const editor = process.env.CMS_EDITOR_EMAIL || 'editor@demo.dcipher.local';
    console.log(`
CMS ready: ${url}/admin
  Editors sign in as ${editor} with the demo password (README, "Content editing").
  Publishing rebuilds the site into a new release, which http://localhost:8000 serves (with \`npm start\` running);
  the publisher's status page: ${publisherUrl}. Roll back: node infra/publisher/publisher.mjs rollback
  Dead builds (failed every try): listed on the status page; with the CMS stopped, retry one with
    node infra/publisher/publisher.mjs retry <id>
  Drafts: the CMS's preview button opens a signed link to ${previewUrl} (rebuilt when a draft is saved).
  The site build's read token is in ${siteBuildTokenFile}; build the site from the CMS with
    CMS_URL=${url} CMS_TOKEN=$(cat ${siteBuildTokenFile}) npm run build
`);
    // A build running is stopped and handed back (the next `npm run cms` builds it), then the CMS stops.
    const stop = async () => {
      await publisher.close().catch((error) => console.error(error));
      preview.close();
      child.kill('SIGTERM');
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    child.on('exit', (code) => process.exit(code ?? 0));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runCms();
