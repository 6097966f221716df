import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret kept in a file of the keys directory, made by the first process that needs it; every process sharing the
 * directory (the replicas and the worker of one deployment, started at once) then uses that one.
 *
 * The file appears whole or not at all: the secret is written to a file of its own beside it, then hard-linked
 * under its name, which fails when the name exists (`link` never replaces). Creating the file with `wx` and then
 * writing into it let another process starting at the same moment read it empty, or half written, and stop (a
 * fresh-clone run of the production topology saw "worker exited during start-up (1)"; decision 0131).
 *
 * Returns the stored text (its surrounding white space removed) or, when there was none, `generated`, now stored.
 */
export async function readOrCreateKeyFile(keyPath: string, generated: string): Promise<string> {
  const stored = await readIfPresent(keyPath);
  if (stored !== undefined) return stored;
  const directory = path.dirname(keyPath);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const draft = path.join(
    directory,
    `.${path.basename(keyPath)}.${process.pid}.${randomBytes(6).toString('hex')}`,
  );
  await writeFile(draft, generated, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, keyPath);
    return generated.trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process made it first: theirs, whole, is the one.
    return (await readFile(keyPath, 'utf8')).trim();
  } finally {
    await rm(draft, { force: true });
  }
}

/** A key file's text without its surrounding white space, or undefined when there is no such file. */
export async function readIfPresent(filePath: string): Promise<string | undefined> {
  try {
    return (await readFile(filePath, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
