// The API's build: every module of src (not its tests, their support or the test corpus) transpiled to dist by
// esbuild, one JavaScript file each with a linked source map, in about a second. The types are checked by the
// typecheck task (tsc --noEmit), which CI runs; the workspace's consumers of dist are JavaScript (.mjs), so no
// declaration files are emitted (issue 33: tsc's emit took about 20 s on the critical path of every build).
import { readdirSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { build } from 'esbuild';

const packageDir = join(import.meta.dirname, '..');
const sourceDir = join(packageDir, 'src');
const outDir = join(packageDir, 'dist');

const notBuilt = [/\.test\.ts$/, /\.d\.ts$/, /^test-support\//, /^engine\/test-corpus\//];
const entryPoints = readdirSync(sourceDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => join(entry.parentPath, entry.name))
  .filter((file) => {
    const path = relative(sourceDir, file).split(sep).join('/');
    return !notBuilt.some((pattern) => pattern.test(path));
  });

rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints,
  outdir: outDir,
  outbase: sourceDir,
  tsconfig: join(packageDir, 'tsconfig.json'),
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
});
