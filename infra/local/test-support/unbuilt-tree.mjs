// Preload for bootstrap.test.mjs: the bootstrap runs as on a fresh clone, where no workspace package is built yet.
// - Every import of a workspace package's built file (`<package>/dist/…`) fails as it does before the first build,
//   until the bootstrap has asked turbo to build that package (a marker file records it).
// - Child processes are not started: each command the bootstrap would run is appended to BOOTSTRAP_TRACE, and the
//   whole build (`turbo run build` with no filter naming a package) ends the process with "reached the build"; a filtered build is
//   only recorded.
import childProcess from 'node:child_process';
import { EventEmitter } from 'node:events';
import { appendFileSync, writeFileSync } from 'node:fs';
import { register, syncBuiltinESMExports } from 'node:module';

const trace = process.env.BOOTSTRAP_TRACE;
const builtMarker = process.env.BOOTSTRAP_BUILT_MARKER;
register(new URL('./unbuilt-tree-hooks.mjs', import.meta.url), { data: { builtMarker } });

/** Records the command; the whole build ends the process. */
function record(executable, args) {
  appendFileSync(trace, `${[executable, ...args].join(' ')}\n`);
  const turboBuild = args.includes('turbo') && args.includes('run') && args.includes('build');
  if (turboBuild && args.some((arg) => arg.startsWith('--filter=@dcipher/shared'))) {
    writeFileSync(builtMarker, 'shared');
  } else if (
    turboBuild &&
    !args.includes('--dry=json') &&
    !args.some((arg) => arg.startsWith('--filter=@'))
  ) {
    appendFileSync(trace, 'reached the build\n');
    process.exit(0);
  }
}

childProcess.spawnSync = (executable, args = []) => {
  record(executable, args);
  if (args.includes('--dry=json')) return { status: 0, stdout: '{"tasks":[]}', stderr: '' };
  return { status: 0, stdout: '', stderr: '' };
};
childProcess.spawn = (executable, args = []) => {
  record(executable, args);
  const child = new EventEmitter();
  child.kill = () => true;
  setImmediate(() => child.emit('exit', 0, null));
  return child;
};
syncBuiltinESMExports();
