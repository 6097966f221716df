// The drafts' preview, served only through signed, expiring links (docs/decisions/0046). The CMS's preview button
// opens `/__preview?type&documentId&expires&signature`; a valid link sets an HttpOnly cookie for the rest of the hour
// and redirects to the entry's page in the preview build (the site's own build with the drafts, made by the
// publisher). Without a valid link or cookie nothing is served: the drafts stay unread, and the CMS token never
// leaves this server.
import { createServer } from 'node:http';
import { contentRoutes, strapiContentTypes } from '@dcipher/shared/content-model';
import { createStaticHandler } from '../local/static-server.mjs';
import { siteRules } from '../serving/static-rules.mjs';
import { signSession, verifyPreview, verifySession } from './preview-links.mjs';

const cookieName = 'dcipher_preview';

const refused = (response, status = 403) => {
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Robots-Tag': 'noindex',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview link not valid</title></head><body><main><h1>This preview link is not valid</h1><p>It is missing, wrong or expired. Open the preview again from the CMS.</p></main></body></html>',
  );
};

const cookieOf = (header) =>
  String(header ?? '')
    .split(/;\s*/)
    .map((part) => part.split('='))
    .find(([name]) => name === cookieName)?.[1];

/** The path of an entry's page on the site, from its draft's slug. */
async function pagePath({ cmsUrl, cmsToken, type, documentId }) {
  const contentType = strapiContentTypes.find(({ schema }) => schema.singularName === type);
  const route = contentRoutes[type];
  if (!contentType || !route) return '/';
  const response = await fetch(
    `${cmsUrl}/api/${contentType.schema.pluralName}?status=draft&filters[documentId][$eq]=${encodeURIComponent(documentId)}&fields[0]=slug`,
    { headers: { authorization: `Bearer ${cmsToken}` } },
  );
  if (!response.ok) return undefined;
  const slug = (await response.json()).data?.[0]?.slug;
  return slug ? `${route.basePath}/${slug}` : undefined;
}

export function createPreviewServer({ previewLink, secret, cmsUrl, cmsToken, now = () => Date.now() }) {
  const serveStatic = createStaticHandler({ root: previewLink, liveLink: previewLink, rules: siteRules });
  return createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://preview');
      if (url.pathname === '/__preview') {
        const link = Object.fromEntries(url.searchParams);
        if (!verifyPreview(secret, link, now())) return refused(response);
        const path = await pagePath({ cmsUrl, cmsToken, type: link.type, documentId: link.documentId });
        if (!path) return refused(response, 404);
        const maxAge = Math.max(0, Number(link.expires) - Math.floor(now() / 1000));
        response.writeHead(302, {
          Location: path,
          'Set-Cookie': `${cookieName}=${signSession(secret, Number(link.expires))}; HttpOnly; SameSite=Lax; Path=/; Max-Age=${maxAge}`,
          'Cache-Control': 'no-store',
        });
        return response.end();
      }
      if (!verifySession(secret, cookieOf(request.headers.cookie), now())) return refused(response);
      response.setHeader('X-Robots-Tag', 'noindex');
      return serveStatic(request, response);
    } catch {
      if (!response.headersSent) refused(response, 400);
      else response.end();
    }
  });
}
