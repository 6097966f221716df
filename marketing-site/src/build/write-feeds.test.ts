/** @jest-environment node */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { robotsTxt, rssXml, searchEntryOf, searchIndex, sitemapXml } from './write-feeds.mjs';

describe('feeds', () => {
  it('lists public pages in the sitemap, not the account area, sign-in or error pages', () => {
    const xml = sitemapXml('https://www.dcipher.io', [
      '/',
      '/pricing',
      '/blog/a-post',
      '/login',
      '/login/sso',
      '/signup/',
      '/account',
      '/account/',
      '/subscription/',
      '/404',
      '/404.html',
      '/maintenance',
    ]);
    expect(xml).toContain('<loc>https://www.dcipher.io/</loc>');
    expect(xml).toContain('<loc>https://www.dcipher.io/pricing</loc>');
    expect(xml).toContain('<loc>https://www.dcipher.io/blog/a-post</loc>');
    for (const hidden of [
      '/login',
      '/login/sso',
      '/signup/',
      '/account',
      '/account/',
      '/subscription/',
      '/404',
      '/maintenance',
    ])
      expect(xml).not.toContain(`dcipher.io${hidden}<`);
  });

  it('points robots at the sitemap and keeps crawlers out of the account area', () => {
    expect(robotsTxt('https://www.dcipher.io')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /account\nDisallow: /workflows\nDisallow: /login\n\nSitemap: https://www.dcipher.io/sitemap.xml\n',
    );
  });

  it('writes an RSS 2.0 feed of blog posts with escaped text', () => {
    const xml = rssXml('https://www.dcipher.io', [
      {
        title: 'Trends & "signals" <2026>',
        path: '/blog/trends',
        displayDate: '2026-03-05T10:00:00Z',
        excerpt: 'Read more.',
      },
    ]);
    expect(xml).toContain('<title>Trends &amp; &quot;signals&quot; &lt;2026&gt;</title>');
    expect(xml).toContain('<link>https://www.dcipher.io/blog/trends</link>');
    expect(xml).toContain('<pubDate>Thu, 05 Mar 2026 10:00:00 GMT</pubDate>');
  });

  it('indexes a page for the site search with its own title and description, entities decoded', () => {
    const html =
      '<html><head><title data-gatsby-head="true">Dcipher | Q&amp;A &#x27;tips&#x27;</title>' +
      '<meta name="description" content="Answers &amp; more" data-gatsby-head="true"/></head>' +
      '<body><svg><title>Not this one</title></svg></body></html>';
    expect(searchEntryOf('/blog/qa', html)).toEqual({
      path: '/blog/qa',
      title: "Q&A 'tips'",
      description: 'Answers & more',
    });
    expect(searchEntryOf('/', '<title>Dcipher</title>').title).toBe('Home');
  });

  it('leaves a list’s later pages ("Blog (page 2)") out of the search index, keeping the list (issue 36)', async () => {
    const publicDir = await mkdtemp(join(tmpdir(), 'search-index-'));
    try {
      const pages: Record<string, string> = {
        '/blog': 'Blog',
        '/blog/2': 'Blog (page 2)',
        '/press-room/3/': 'Press room (page 3)',
        '/blog/a-post': 'A post',
      };
      for (const [path, title] of Object.entries(pages)) {
        await mkdir(join(publicDir, path), { recursive: true });
        await writeFile(join(publicDir, path, 'index.html'), `<title>Dcipher | ${title}</title>`);
      }
      const index = await searchIndex(publicDir, Object.keys(pages));
      expect(index.map((entry) => entry.title)).toEqual(['Blog', 'A post']);
    } finally {
      await rm(publicDir, { recursive: true, force: true });
    }
  });
});
