// Preload for bootstrap.test.mjs: the bootstrap runs as on a fresh clone, where no workspace package is built yet.
// - Every import of a workspace package's built file (`<package>/dist/…`) fails as it does before the first build,
//   until the bootstrap has asked turbo to build that package (a marker file records it).
// - Child processes are not started: each command the bootstrap would run is appended to BOOTSTRAP_TRACE, and the
//   whole build (`turbo run build` without a filter) ends the process with "reached the build".
import childProcess from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { register, syncBuiltinESMExports } from 'node:module';

const trace = process.env.BOOTSTRAP_TRACE;
const builtMarker = process.env.BOOTSTRAP_BUILT_MARKER;
register(new URL('./unbuilt-tree-hooks.mjs', import.meta.url), { data: { builtMarker } });

childProcess.spawnSync = (executable, args = []) => {
  const command = [executable, ...args].join(' ');
  appendFileSync(trace, `${command}\n`);
  if (args.includes('--dry=json')) return { status: 0, stdout: '{"tasks":[]}', stderr: '' };
  const turboBuild = args.includes('turbo') && args.includes('run') && args.includes('build');
  if (turboBuild && args.some((arg) => arg.startsWith('--filter=@dcipher/shared'))) {
    writeFileSync(builtMarker, 'shared');
  } else if (turboBuild) {
    appendFileSync(trace, 'reached the build\n');
    process.exit(0);
  }
  return { status: 0, stdout: '', stderr: '' };
};
syncBuiltinESMExports();
