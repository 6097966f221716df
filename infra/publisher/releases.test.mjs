// The releases directory's steps on their own (docs/decisions/0123): a plain context over a temporary directory,
// no database, build queue or server — what the publisher's closure did not allow before it was cut.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, beforeEach, describe, it } from 'node:test';
import { liveRelease, prune, rollback } from './releases.mjs';

const release = (n) => `r-20270101T000000000Z-${n}`;
const preview = (n) => `p-20270101T000000000Z-${n}`;

describe('the releases directory, with a context of its own', () => {
  const directories = [];
  after(() => Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true }))));

  let context;
  beforeEach(async () => {
    const releasesDir = await mkdtemp(join(tmpdir(), 'releases-test-'));
    directories.push(releasesDir);
    for (const name of [release(1), release(2), release(3), release(4), preview(1), preview(2)]) {
      await mkdir(join(releasesDir, name));
    }
    await symlink(join(releasesDir, release(3)), join(releasesDir, 'current'));
    await symlink(join(releasesDir, preview(2)), join(releasesDir, 'preview-current'));
    context = {
      releasesDir,
      currentLink: join(releasesDir, 'current'),
      previewLink: join(releasesDir, 'preview-current'),
      statusFile: join(releasesDir, 'builds.json'),
      keep: 2,
      now: () => 1,
      builds: [
        { id: release(1), kind: 'live', state: 'superseded' },
        { id: release(2), kind: 'live', state: 'superseded' },
        { id: release(3), kind: 'live', state: 'live' },
        { id: release(4), kind: 'live', state: 'failed' },
      ],
    };
  });

  it('prunes to the last successful releases and the served preview, keeping what is live', async () => {
    await prune(context);
    const left = (await readdir(context.releasesDir)).filter((name) => /^[rp]-/.test(name)).sort();
    assert.deepEqual(left, [preview(2), release(2), release(3)]);
    assert.equal(await liveRelease(context), release(3));
  });

  it('rolls back to the release live before, and records it', async () => {
    assert.equal(await rollback(context), release(2));
    assert.equal(await readlink(context.currentLink), join(context.releasesDir, release(2)));
    const saved = JSON.parse(await readFile(context.statusFile, 'utf8'));
    assert.deepEqual(
      saved.map((build) => [build.id, build.state]),
      [
        [release(1), 'superseded'],
        [release(2), 'live'],
        [release(3), 'rolled back'],
        [release(4), 'failed'],
      ],
    );
    assert.equal(await rollback(context), release(1), 'and again, to the one before');
  });
});
