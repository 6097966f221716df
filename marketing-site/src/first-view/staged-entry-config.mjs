import { join } from 'node:path';

/** The site's browser entry, which evaluates Gatsby's production app in stages (docs/decisions/0053). */
export const stagedEntry = (siteDirectory) => join(siteDirectory, 'src', 'first-view', 'staged-entry.js');

/**
 * Gatsby's webpack config of `stage` with the browser bundle's `app` entry replaced by the staged one; other
 * stages (the HTML renderer, development) unchanged.
 */
export function withStagedEntry(config, stage, siteDirectory) {
  if (stage !== 'build-javascript') return config;
  return { ...config, entry: { ...config.entry, app: stagedEntry(siteDirectory) } };
}
