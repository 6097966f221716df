// Static-serving rules for the site and the remote, in one place: the local server applies them, and
// infra/deploy derives the nginx and CDN settings from the same values.

import { clientOnlyPrefixes } from '@dcipher/shared/routes';

const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'public, max-age=0, must-revalidate';
const shortLived = 'public, max-age=60';

export const siteRules = {
  // Client-only routes whose HTML shell is one file (Gatsby matchPath pages), as declared in @dcipher/shared/routes.
  spaFallbacks: clientOnlyPrefixes.map(({ prefix }) => ({ prefix, file: `${prefix}/index.html` })),
  notFoundFile: '/404.html',
  cors: false,
  cacheControl(path) {
    if (path.startsWith('/static/') || /-[0-9a-f]{20}\.js$/.test(path)) return immutable;
    return revalidate; // HTML, page-data and app-data change with every publish.
  },
};

export const remoteRules = {
  spaFallbacks: [],
  notFoundFile: undefined,
  cors: true,
  cacheControl(path) {
    if (/\.[0-9a-f]{8}\.(js|svg|png|css)$/.test(path)) return immutable;
    // The manifest and entry point name the current chunks: short-cached so a deploy shows up quickly.
    return shortLived;
  },
};
