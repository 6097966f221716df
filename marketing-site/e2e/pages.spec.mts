import { expect, test } from './fixtures.mjs';

/** Every public route of the spec's route table that the site prerenders, with its expected h1 start. */
const routes = [
  '/',
  '/about',
  '/contact-us',
  '/our-people',
  '/our-supporters',
  '/partner-programs',
  '/pricing',
  '/solutions',
  '/products/dcipher-studio',
  '/products/dcipher-workflows',
  '/products/dcipher-insight-booster',
  '/privacy-policy',
  '/maintenance',
  '/download-whitepaper',
  '/meeting-confirmation',
  '/blog',
  '/product-updates',
  '/press-room',
  '/customer-success-stories',
];

test('every public route is prerendered with its own title and description', async ({ request }) => {
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const route of routes) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    const html = await response.text();
    const title = html.match(/<title[^>]*>([^<]*)<\/title>/)?.[1] ?? '';
    const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? '';
    expect(title, `${route} title`).toMatch(route === '/' ? /^Dcipher$/ : /^Dcipher \| .+/);
    expect(description.length, `${route} description`).toBeGreaterThan(20);
    expect(html, `${route} prerendered h1`).toMatch(/<h1[^>]*>[^<]+/);
    titles.set(route, title);
    descriptions.set(route, description);
  }
  expect(new Set(titles.values()).size).toBe(routes.length);
  expect(new Set(descriptions.values()).size).toBe(routes.length);
});

test('content items each have a page, reachable from their list', async ({ page }) => {
  for (const list of ['/blog', '/customer-success-stories', '/press-room', '/product-updates']) {
    await page.goto(list);
    const first = page.getByRole('main').getByRole('heading', { level: 2 }).first().getByRole('link');
    const title = (await first.textContent())?.trim() ?? '';
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(
      new RegExp(`^Dcipher \\| ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
  }
});

test('lists are paginated, newest first', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  const dates = await page
    .locator('main article time')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
  expect(dates.length).toBe(9);
  expect([...dates].sort().reverse()).toEqual(dates);
  await page.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/blog\/2$/);
  await expect(page.locator('main article').first()).toBeVisible();
});

test('CMS markup that could run script is removed from posts', async ({ page, request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const posts = [...sitemap.matchAll(/<loc>[^<]*(\/blog\/[a-z0-9-]+)<\/loc>/g)].map(
    (match) => match[1] as string,
  );
  expect(posts.length).toBeGreaterThanOrEqual(12);
  let dialogs = 0;
  page.on('dialog', async (dialog) => {
    dialogs += 1;
    await dialog.dismiss();
  });
  for (const post of posts) {
    const html = await (await request.get(post)).text();
    expect(html, post).not.toMatch(/<script>alert|javascript:alert|onerror=/i);
  }
  for (const post of posts.slice(0, 3)) await page.goto(post);
  expect(dialogs).toBe(0);
});

test('sitemap, robots.txt, the blog RSS feed and the terms PDF are served', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain('Sitemap: ');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/pricing</loc>');
  expect(sitemap).not.toContain('/account</loc>');
  const rss = await (await request.get('/rss.xml')).text();
  expect(rss).toContain('<rss version="2.0"');
  expect((rss.match(/<item>/g) ?? []).length).toBeGreaterThanOrEqual(12);
  const terms = await request.get('/ToS.pdf');
  expect(terms.status()).toBe(200);
  expect(terms.headers()['content-type']).toBe('application/pdf');
  expect((await terms.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('pages carry canonical, Open Graph and Twitter card tags', async ({ request }) => {
  const html = await (await request.get('/pricing')).text();
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/pricing"/);
  expect(html).toContain('<meta property="og:title" content="Dcipher | Pricing"');
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
});

test('every image on content pages has alt text', async ({ page }) => {
  for (const route of ['/', '/blog', '/customer-success-stories']) {
    await page.goto(route);
    const missing = await page.locator('img:not([alt])').count();
    expect(missing, route).toBe(0);
  }
});
