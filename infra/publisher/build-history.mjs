// The publisher's build history (builds.json in the releases directory): the last 50 builds, their state, trigger,
// tries, duration, error and log. The status page, `rollback` and pruning read it (docs/decisions/0045, 0123).
import { readFile, writeFile } from 'node:fs/promises';

export const saveStatus = (context) =>
  writeFile(context.statusFile, JSON.stringify(context.builds.slice(-50), null, 2));

export async function loadStatus(context) {
  context.builds = JSON.parse(await readFile(context.statusFile, 'utf8').catch(() => '[]'));
}
