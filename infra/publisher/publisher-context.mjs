// What the publisher's steps work with (docs/decisions/0123): its options with their defaults, and the state one
// publisher's steps share (the build history, the build running here, the build queue once opened). Each step is a
// function of its own (build-jobs, build-queue, run-build, releases, build-history, publisher-server, status-page)
// taking this first; createPublisher (publisher.mjs) builds one and binds them.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertPagesRun } from '../serving/content-security.mjs';
import { buildJobDefaults } from './build-jobs.mjs';
import { openPublisherDatabase } from './publisher-database.mjs';

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const defaultReleasesDir = join(
  process.env.DATA_DIR ?? join(repositoryRoot, '.data'),
  'site-releases',
);

/** The options of `createPublisher` (see there) with their defaults, and the publisher's shared state. */
export function createPublisherContext({
  releasesDir = defaultReleasesDir,
  webhookSecret,
  build,
  previewBuild,
  checkRelease = (directory) => assertPagesRun(directory),
  keep = 5,
  debounceMs = 1500,
  now = () => Date.now(),
  database = () => openPublisherDatabase({ url: process.env.DATABASE_URL }),
  jobs: jobOptions = {},
  log = console,
}) {
  if (!webhookSecret || webhookSecret.length < 16) {
    throw new Error('PUBLISHER_WEBHOOK_SECRET must be set (16 characters or more)');
  }
  return {
    releasesDir,
    webhookSecret,
    build,
    previewBuild,
    checkRelease,
    keep,
    debounceMs,
    now,
    database,
    log,
    jobOptions: { ...buildJobDefaults, ...jobOptions },
    /** The kinds of build this publisher makes: the live site, and the drafts' preview when it has its build. */
    kindsBuilt: previewBuild ? ['live', 'preview'] : ['live'],
    statusFile: join(releasesDir, 'builds.json'),
    currentLink: join(releasesDir, 'current'),
    previewLink: join(releasesDir, 'preview-current'),
    /** The build history (builds.json), oldest first. */
    builds: [],
    /** The build running in this process, and the promise of its job's end. */
    running: undefined,
    runningDone: undefined,
    /** Calls waiting for a build to end (`buildNow`). */
    waiters: new Set(),
    /** The timers that wake the worker when a queued build is due. */
    wakeTimers: new Set(),
    /** The build queue's database and jobs module, once `connect` opened them. */
    db: undefined,
    jobs: undefined,
    connecting: undefined,
    /** The end of the last build given its turn (one build at a time on this machine). */
    buildTurn: Promise.resolve(),
    /** The build whose turn it is: its kind, and what stops it when a live build goes first. */
    turn: undefined,
  };
}
