/** @jest-environment node */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { contentRoutes } from '@dcipher/shared/content-model';
import {
  allRoutes,
  clientOnlyPrefixes,
  clientOnlyPrefixOf,
  matchRoute,
  type RemoteAppName,
  routes,
} from '@dcipher/shared/routes';

// The site's pages must host exactly the routes @dcipher/shared/routes declares: these tests fail when a page
// or a route is added, moved or removed on one side only.
const siteDir = join(__dirname, '..', '..');
const pagesDir = join(siteDir, 'src', 'pages');

const pageFileOf = (path: string) =>
  [`${path}.tsx`, `${path}/index.tsx`].map((file) => join(pagesDir, file)).find((file) => existsSync(file));

/** The site path of every page file, with the remote app it hosts, if any. */
const pageFiles = (readdirSync(pagesDir, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.tsx'))
  .map((file) => {
    const source = readFileSync(join(pagesDir, file), 'utf8');
    const path = `/${relative('.', file).replace(/(\/index)?\.tsx$/, '')}`.replace(/^\/index$/, '/');
    const hosts: RemoteAppName | undefined = source.includes("remote/auth-page'")
      ? 'AuthApp'
      : source.includes("remote/account-page'")
        ? 'AccountApp'
        : undefined;
    return { file, path, hosts };
  });

describe('site pages and the declared routes', () => {
  it.each(allRoutes.filter((route) => route.server.by === 'AuthApp' || route.server.by === 'AccountApp'))(
    '$path ($server.by) has a page hosting its app, or a client-only prefix page',
    (route) => {
      const prefix = clientOnlyPrefixOf(route.path);
      const hostPath = prefix ? prefix.prefix : route.path;
      const page = pageFiles.find((candidate) => candidate.path === hostPath);
      expect(page?.hosts).toBe(route.server.by);
    },
  );

  it.each(clientOnlyPrefixes)(
    'the client-only prefix $prefix has one page hosting $app',
    ({ prefix, app }) => {
      expect(pageFiles.filter((page) => page.path === prefix).map((page) => page.hosts)).toEqual([app]);
    },
  );

  it.each(pageFiles.filter((page) => page.hosts))(
    'the page $file hosts a declared route of $hosts',
    (page) => {
      const prefix = clientOnlyPrefixOf(page.path);
      const route = matchRoute(page.path, page.hosts!);
      expect(route !== undefined || prefix?.app === page.hosts).toBe(true);
    },
  );

  it('has a page, a generated page or a static file for every declared site path', () => {
    // gatsby-node.mjs creates these: the home page (it presents the store), pricing, the content lists, and the
    // workflow store's list and item pages.
    const generated = new Set([
      routes.home.path,
      '/pricing',
      ...Object.values(contentRoutes).map((route) => route.basePath),
      routes.workflowStore.path,
      routes.workflowStoreItem.path,
    ]);
    const missing = allRoutes
      .filter((route) =>
        route.server.by === 'site-file'
          ? !existsSync(join(siteDir, 'static', route.path))
          : route.server.by === 'site-page' && !generated.has(route.path) && !pageFileOf(route.path),
      )
      .map((route) => route.path);
    expect(missing).toEqual([]);
  });
});
