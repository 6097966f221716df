#!/usr/bin/env node
// Content operations figures (issue 14), against the real CMS (Strapi, SQLite) and the publisher with the real site
// build: publish → live for one post (webhook received → the new release serving it; median of 3, each an
// incremental build), and a full site build with 1,000 CMS items (cold Gatsby cache) next to the incremental build
// after one change. Reference measured in the same run: the full build of the bundled snapshot (no CMS).
// The publisher builds in a workspace of its own (.site-build-bench-<pid>-live, removed afterwards; 0056): the first
// publish is measured cold (a fresh workspace, no Gatsby cache; webpack's cache copied from the site's own build,
// 0145, and the image jobs it made copied from the jobs' cache, 0155), the next ones warm. With --publish-only, the reference in the same run: a first publish before those, into
// a fresh workspace where that copy does not apply (.data/site-builds/bench-<pid>, where the workspaces were before
// 0145). The API runs beside it, as with `npm start` and `npm run cms` (the builds read pricing and the workflow
// store from it; without it each build would start an API in-process, ~18 s), its samples' first runs finished
// before the first publish.
// Usage: node infra/bench/cms-benchmarks.mjs [--items=1000] [--runs=3] [--publish-only]
//   (minutes: it builds the site several times; --publish-only measures publish → live alone)
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserBuildEnv } from '../builds/browser-env.mjs';
import { readSiteBuildToken, startCms } from '../local/cms.mjs';
import { repositoryRoot, startStack } from '../local/stack.mjs';
import { createPublisher, siteBuild } from '../publisher/publisher.mjs';
import { openPublisherDatabase } from '../publisher/publisher-database.mjs';
import { workspaceDirectory } from '../publisher/site-build.mjs';

const argument = (name, fallback) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const items = argument('items', 1000);
const runs = argument('runs', 3);
const publishOnly = process.argv.includes('--publish-only');
const siteDir = join(repositoryRoot, 'marketing-site');
const gatsby = join(repositoryRoot, 'node_modules', 'gatsby', 'cli.js');
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The port in `variable` (CMS_PORT, PUBLISHER_PORT), else a free one. */
async function freePort(variable) {
  if (process.env[variable]) return Number(process.env[variable]);
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function fullBuild(env) {
  spawnSync(process.execPath, [gatsby, 'clean'], { cwd: siteDir, stdio: 'ignore' });
  const started = Date.now();
  const result = spawnSync(process.execPath, [gatsby, 'build'], {
    cwd: siteDir,
    // Cold: no Gatsby cache, and no image jobs kept by earlier builds (docs/decisions/0155).
    env: {
      ...process.env,
      ...browserBuildEnv(process.env),
      GATSBY_TELEMETRY_DISABLED: '1',
      GATSBY_IMAGE_JOB_CACHE_DIR: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`gatsby build failed:\n${result.stderr.slice(-2000)}`);
  return Date.now() - started;
}

/** The Gatsby steps of a build's log that took 2 s or more, longest first ("bundles 14.5 s, …"). */
async function longestSteps(logFile) {
  const log = await readFile(logFile, 'utf8').catch(() => '');
  return (
    [...log.matchAll(/success ([^\n]+?) - ([\d.]+)s/g)]
      .map(([, step, took]) => ({ step: step.trim(), took: Number(took) }))
      .filter(({ took }) => took >= 2)
      .sort((a, b) => b.took - a.took)
      .map(({ step, took }) => `${step} ${took.toFixed(1)} s`)
      .join('; ') || 'none of 2 s or more'
  );
}

const secret = 'cms-benchmark-secret-0123456789';
const stackDataDir = await mkdtemp(join(tmpdir(), 'bench-cms-stack-'));
const stack = await startStack({ dataDir: stackDataDir, quiet: true });
// The store's samples run once when the API starts; a build reads their last runs.
for (let tries = 0; tries < 240; tries += 1) {
  const store = await fetch(`${stack.urls.api}/flows/store`).then((response) => response.json());
  if (store.every((entry) => entry.lastRunAt !== null)) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const publisherPort = await freePort('PUBLISHER_PORT');
const databaseFile = `.tmp/bench-${process.pid}.db`;
const { child: cms, url: cmsUrl } = await startCms({
  port: await freePort('CMS_PORT'),
  databaseFile,
  adminPanel: false,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    CMS_PUBLISHER_URL: `http://127.0.0.1:${publisherPort}/webhooks/strapi`,
    CMS_PUBLISHER_SECRET: secret,
  },
});
const cmsEnv = { CMS_URL: cmsUrl, CMS_TOKEN: readSiteBuildToken(databaseFile) };
const releasesDir = await mkdtemp(join(tmpdir(), 'bench-releases-'));
const workDir = workspaceDirectory('live', `bench-${process.pid}`);
const referenceWorkDir = join(repositoryRoot, '.data', 'site-builds', `bench-${process.pid}`);
// The reference starts from nothing: no webpack cache, and no image jobs kept from the site's build (0155).
const builds = {
  reference: siteBuild({
    env: { ...process.env, ...cmsEnv, GATSBY_IMAGE_JOB_CACHE_DIR: 'off' },
    workDir: referenceWorkDir,
  }),
  seeded: siteBuild({ env: { ...process.env, ...cmsEnv }, workDir }),
};
let building = publishOnly ? 'reference' : 'seeded';
/** The publisher's build: the reference workspace's for the reference publish, then the benchmark's own. */
const publishBuild = Object.assign((...args) => builds[building](...args), {
  stop: () => builds[building].stop(),
  recover: () => builds[building].recover(),
});
// The build queue in an embedded database of the benchmark's own (a running `npm run cms` holds the default one).
const databaseDir = await mkdtemp(join(tmpdir(), 'bench-publisher-db-'));
const publisher = createPublisher({
  releasesDir,
  webhookSecret: secret,
  debounceMs: 500,
  build: publishBuild,
  database: () => openPublisherDatabase({ directory: join(databaseDir, 'db') }),
});
await publisher.start(publisherPort);
const login = await fetch(`${cmsUrl}/admin/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'editor@demo.dcipher.local', password: 'Dcipher-demo-2026!' }),
});
const adminToken = (await login.json()).data.token;
const admin = (path, body) =>
  fetch(`${cmsUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((response) => response.json());
const model = '/content-manager/collection-types/api::blog-post.blog-post';

try {
  const reference = publishOnly ? undefined : fullBuild({});
  const publishToLive = [];
  const incremental = [];
  let cold;
  let unseeded;
  for (let run = publishOnly ? -1 : 0; run <= runs; run += 1) {
    const before = publisher.builds.length;
    const started = Date.now();
    const { data } = await admin(model, {
      title: `Benchmark post ${run}`,
      slug: `benchmark-post-${Date.now()}-${run}`,
      abstract: 'Measured.',
      content: 'One changed post.',
    });
    await admin(`${model}/${data.documentId}/actions/publish`, {});
    while (publisher.builds.length === before || publisher.builds.at(-1).state === 'building') {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const build = publisher.builds.at(-1);
    if (build.state !== 'live') throw new Error(`publish build ${build.state}: ${build.error}`);
    const took = build.finishedAt - started;
    if (run === -1) {
      unseeded = { took, build: build.durationMs };
      console.log(
        `reference: first publish into a fresh workspace with no webpack cache to start from: publish → live ${seconds(took)} (build ${seconds(build.durationMs)}); load average ${loadAverage()}`,
      );
      console.log(`  its longest steps: ${await longestSteps(build.log)}`);
      building = 'seeded';
      continue;
    }
    if (run === 0) {
      cold = { took, build: build.durationMs };
      console.log(
        `first publish (fresh workspace, webpack's cache copied from the site's build): publish → live ${seconds(took)} (build ${seconds(build.durationMs)}); load average ${loadAverage()}`,
      );
      console.log(`  its longest steps: ${await longestSteps(build.log)}`);
      continue;
    }
    publishToLive.push(took);
    incremental.push(build.durationMs);
    console.log(`run ${run}: publish → live ${seconds(took)}; load average ${loadAverage()}`);
  }
  if (publishOnly) {
    console.log(`
Content operations (${runs} runs, median; this machine)
  publish → live, first publish (cold workspace)                ${seconds(cold.took)}  (build ${seconds(cold.build)})
  publish → live, one post (webhook → new release serving it)   ${seconds(median(publishToLive))}  [${publishToLive.map(seconds).join(', ')}]
  incremental site build from the CMS after one change          ${seconds(median(incremental))}
  reference: first publish, no webpack cache to start from      ${seconds(unseeded.took)}  (build ${seconds(unseeded.build)})
`);
  } else {
    for (let index = 0; index < items; index += 1) {
      const { data } = await admin(model, {
        title: `Generated post ${index}`,
        slug: `generated-post-${index}`,
        abstract: `Generated item ${index} for the build benchmark.`,
        content: `## Item ${index}\n\nGenerated content for the benchmark.`,
      });
      await admin(`${model}/${data.documentId}/actions/publish`, {});
    }
    await publisher.idle();
    const full = fullBuild(cmsEnv);

    console.log(`
Content operations (${runs} runs, median; this machine)
  publish → live, first publish (cold workspace)                ${seconds(cold.took)}  (build ${seconds(cold.build)})
  publish → live, one post (webhook → new release serving it)   ${seconds(median(publishToLive))}  [${publishToLive.map(seconds).join(', ')}]
  incremental site build from the CMS after one change          ${seconds(median(incremental))}
  full site build, ${items} CMS items more than the snapshot     ${seconds(full)}
  reference: full site build of the bundled snapshot (no CMS)  ${seconds(reference)}
`);
  }
} finally {
  await publisher.close();
  await stack.stop();
  await rm(stackDataDir, { recursive: true, force: true });
  await rm(workDir, { recursive: true, force: true });
  await rm(referenceWorkDir, { recursive: true, force: true });
  await rm(releasesDir, { recursive: true, force: true });
  await rm(databaseDir, { recursive: true, force: true });
  cms.kill('SIGTERM');
  await rm(join(repositoryRoot, 'infra', 'cms', databaseFile), { force: true });
  await rm(join(repositoryRoot, 'infra', 'cms', `${databaseFile}.token`), { force: true });
}
