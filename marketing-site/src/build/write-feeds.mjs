// sitemap.xml, robots.txt, the blog's RSS feed and the pages' search index, written into public/ after the build.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { clientOnlyPrefixOf, matchRoute } from '@dcipher/shared/routes';

const escapeXml = (text) =>
  String(text).replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char],
  );

/** Pages that are not for search engines besides the remote's: error, sign-out and thank-you pages. */
const unlistedSitePaths = [
  /^\/404/,
  /^\/dev-404-page/,
  /^\/logout/,
  /^\/maintenance$/,
  /^\/meeting-confirmation$/,
];

/** Whether a page stays out of the sitemap: the remote's screens (sign-in, account area…) and the pages above. */
export function isUnlisted(path) {
  const remote = matchRoute(path)?.route.server.by;
  return (
    remote === 'AuthApp' ||
    remote === 'AccountApp' ||
    clientOnlyPrefixOf(path) !== undefined ||
    unlistedSitePaths.some((pattern) => pattern.test(path))
  );
}

export function sitemapXml(siteUrl, paths) {
  const urls = paths
    .filter((path) => !isUnlisted(path))
    .sort()
    .map((path) => `  <url><loc>${escapeXml(`${siteUrl}${path === '/' ? '/' : path}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(siteUrl) {
  return `User-agent: *\nAllow: /\nDisallow: /account\nDisallow: /workflows\nDisallow: /login\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

export function rssXml(siteUrl, posts) {
  const items = posts.map(
    (post) => `    <item>
      <title>${escapeXml(post.title)}</title>
      <link>${escapeXml(`${siteUrl}${post.path}`)}</link>
      <guid isPermaLink="true">${escapeXml(`${siteUrl}${post.path}`)}</guid>
      <pubDate>${new Date(post.displayDate).toUTCString()}</pubDate>
      <description>${escapeXml(post.excerpt)}</description>
    </item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>Dcipher blog</title>
    <link>${escapeXml(`${siteUrl}/blog`)}</link>
    <atom:link href="${escapeXml(`${siteUrl}/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>Methods, product thinking and lessons from teams who turn text into decisions with Dcipher.</description>
    <language>en</language>
${items.join('\n')}
  </channel>
</rss>
`;
}

const decodeEntities = (text) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * One search entry per page, read from the HTML the build wrote (so it says what the page says): its title
 * without the product's suffix, and its description.
 */
export function searchEntryOf(path, html) {
  const title = html.match(/<title[^>]*>([^<]*)<\/title>/)?.[1] ?? '';
  const description = html.match(/<meta[^>]*name="description"[^>]*content="([^"]*)"/)?.[1] ?? '';
  return {
    path,
    title: path === '/' ? 'Home' : decodeEntities(title).replace(/^Dcipher \| /, ''),
    description: decodeEntities(description),
  };
}

/**
 * A list's later page (`/blog/2`, `/press-room/3`): its first page stands for the list in a search, where "Blog
 * (page 2)" would only send a visitor to posts that have since moved on (issue 36).
 */
const isLaterListPage = (path) => /\/\d+\/?$/.test(path);

/** The index the not-found page searches: every page of the sitemap but a list's later pages, in path order. */
export async function searchIndex(publicDir, paths) {
  const listed = paths.filter((path) => !isUnlisted(path) && !isLaterListPage(path)).sort();
  return Promise.all(
    listed.map(async (path) => {
      const file = join(publicDir, path, path.endsWith('.html') ? '' : 'index.html');
      return searchEntryOf(path, await readFile(file, 'utf8'));
    }),
  );
}

export async function writeFeeds({ publicDir, siteUrl, paths, posts }) {
  await writeFile(join(publicDir, 'sitemap.xml'), sitemapXml(siteUrl, paths));
  await writeFile(join(publicDir, 'search-index.json'), JSON.stringify(await searchIndex(publicDir, paths)));
  await writeFile(join(publicDir, 'robots.txt'), robotsTxt(siteUrl));
  await writeFile(join(publicDir, 'rss.xml'), rssXml(siteUrl, posts));
}
