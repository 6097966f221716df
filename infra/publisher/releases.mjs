// The releases directory (docs/decisions/0045, 0056, 0123): each build in a directory of its own (`r-…` for the live
// site, `p-…` for the drafts' preview), `current` and `preview-current` links switched atomically to the one served,
// the last `keep` successful releases kept, and `rollback` back to the one live before.
import { readdir, readlink, realpath, rename, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { saveStatus } from './build-history.mjs';

const releaseIdPattern = /^r-\d{8}T\d{6}\d{3}Z-\d+$/;
const previewIdPattern = /^p-\d{8}T\d{6}\d{3}Z-\d+$/;

let buildCount = 0;
/** A new build's directory name: its kind's prefix, the time, and a count in this process. */
export function newBuildId(prefix) {
  buildCount += 1;
  return `${prefix}${new Date().toISOString().replace(/[-:.]/g, '')}-${buildCount}`;
}

/** The directory a link names, or undefined when there is no link yet. */
const linkedRelease = (link) =>
  readlink(link)
    .then((target) => target.split('/').pop())
    .catch(() => undefined);

/** The release the site serves now (behind `current`). */
export const liveRelease = (context) => linkedRelease(context.currentLink);

/** What the site serves now, and what the preview serves: a build never writes into either. */
export const served = (context) =>
  Promise.all(
    [context.currentLink, context.previewLink].map((link) => realpath(link).catch(() => undefined)),
  );

/** Points a link (`current` by default) at a release: a new link renamed over the old one, atomic for every reader. */
async function switchTo(context, releaseId, link = context.currentLink) {
  const { releasesDir, now } = context;
  const temporary = join(releasesDir, `.link-${process.pid}-${now()}-${Math.random().toString(36).slice(2)}`);
  await symlink(join(releasesDir, releaseId), temporary);
  await rename(temporary, link);
}

/** Removes the previews not served and the releases beyond the last `keep` successful ones (the live one stays). */
export async function prune(context) {
  const { releasesDir, builds, keep } = context;
  const live = await liveRelease(context);
  const preview = await linkedRelease(context.previewLink);
  for (const name of await readdir(releasesDir)) {
    if (previewIdPattern.test(name) && name !== preview) {
      await rm(join(releasesDir, name), { recursive: true, force: true });
    }
  }
  const releases = (await readdir(releasesDir)).filter((name) => releaseIdPattern.test(name)).sort();
  const succeeded = new Set(
    builds.filter((b) => b.state === 'live' || b.state === 'superseded').map((b) => b.id),
  );
  const kept = releases.filter((id) => succeeded.has(id)).slice(-keep);
  for (const id of releases) {
    if (id !== live && !kept.includes(id)) await rm(join(releasesDir, id), { recursive: true, force: true });
  }
}

/**
 * What each kind of build makes, and how it goes live: the site behind `current`, the drafts' preview behind
 * `preview-current`.
 */
export const buildKinds = {
  live: {
    prefix: 'r-',
    make: (context) => context.build,
    async goLive(context, id) {
      const previous = await liveRelease(context);
      await switchTo(context, id);
      for (const other of context.builds) {
        if (other.id === previous && other.state === 'live') other.state = 'superseded';
      }
      return 'live';
    },
  },
  preview: {
    prefix: 'p-',
    make: (context) => context.previewBuild,
    async goLive(context, id) {
      await switchTo(context, id, context.previewLink);
      return 'preview ready';
    },
  },
};

/** Switches back to the release live before the current one; answers its id, or undefined when there is none. */
export async function rollback(context) {
  const { builds } = context;
  const live = await liveRelease(context);
  const candidates = builds.filter((b) => (b.state === 'superseded' || b.state === 'live') && b.id !== live);
  const previous = candidates.filter((b) => !live || b.id < live).pop();
  if (!previous) return undefined;
  await switchTo(context, previous.id);
  for (const b of builds) {
    if (b.id === live) b.state = 'rolled back';
    if (b.id === previous.id) b.state = 'live';
  }
  await saveStatus(context);
  return previous.id;
}
