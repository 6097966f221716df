import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The remote's `src`, whose sources the structural tests read. */
export const sourceRoot = join(__dirname, '..');

/** The TypeScript sources under `dir`, without tests and test support: what ships in the remote. */
export function sourceFiles(dir: string = sourceRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
