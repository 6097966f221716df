// The one way the API's TypeScript becomes JavaScript, shared by the build (scripts/build.mjs, into dist) and the
// test runner (scripts/run-tests.mjs, into a copy for the run), so the tests run code made as the product's is:
// esbuild, one file per module, ES modules for Node 20 under the package's tsconfig.
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { build } from 'esbuild';

export const packageDir = join(import.meta.dirname, '..');
export const sourceDir = join(packageDir, 'src');

/** The files under src, each with its path relative to src in `/` form. */
export const sourceFiles = () =>
  readdirSync(sourceDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      return { file, path: relative(sourceDir, file).split(sep).join('/') };
    });

/** A TypeScript module (not a declaration file). */
export const isModule = (path) => path.endsWith('.ts') && !path.endsWith('.d.ts');

/** Transpiles the modules of src that `include` keeps (by path relative to src) into `outDir`, src's layout kept. */
export async function transpileModules({ outDir, include = () => true, sourcemap, sourcesContent = true }) {
  await build({
    entryPoints: sourceFiles()
      .filter(({ path }) => isModule(path) && include(path))
      .map(({ file }) => file),
    outdir: outDir,
    outbase: sourceDir,
    tsconfig: join(packageDir, 'tsconfig.json'),
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap,
    sourcesContent,
    logLevel: 'warning',
  });
}
