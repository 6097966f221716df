// The API's build: every module of src (not its tests, their support or the test corpus) transpiled to dist by
// esbuild, one JavaScript file each with a linked source map, in about a second. The types are checked by the
// typecheck task (tsc --noEmit), which CI runs; the workspace's consumers of dist are JavaScript (.mjs), so no
// declaration files are emitted (issue 33: tsc's emit took about 20 s on the critical path of every build).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir, transpileModules } from './transpile.mjs';

const outDir = join(packageDir, 'dist');
const notBuilt = [/\.test\.ts$/, /^test-support\//, /^engine\/test-corpus\//];

rmSync(outDir, { recursive: true, force: true });
await transpileModules({
  outDir,
  include: (path) => !notBuilt.some((pattern) => pattern.test(path)),
  sourcemap: 'linked',
  sourcesContent: false,
});
