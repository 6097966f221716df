import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from './fixtures.mjs';

type Entry = { event?: string; page_path?: string; percent?: number };
const dataLayer = (page: Page) =>
  page.evaluate(() => ((window as unknown as { dataLayer?: Entry[] }).dataLayer ?? []) as Entry[]);

async function scrollToBottom(page: Page) {
  for (let step = 0; step < 12; step += 1) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(60);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(200);
}

test('nothing is measured before consent', async ({ page }) => {
  const analyticsRequests: string[] = [];
  page.on('request', (request) => {
    if (/posthog|\/e\/|sentry/.test(request.url())) analyticsRequests.push(request.url());
  });
  await page.goto('/blog');
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  await scrollToBottom(page);
  await page.getByRole('link', { name: 'Pricing', exact: true }).first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  expect(await dataLayer(page)).toEqual([]);
  expect(analyticsRequests).toEqual([]);
});

test('after consent: a pageview per completed route change and scroll depth in 25% steps, reset on navigation', async ({
  page,
}) => {
  await page.goto('/blog');
  await page.getByRole('button', { name: 'Accept analytics' }).click();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);

  await page.getByRole('main').getByRole('heading', { level: 2 }).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  const postPath = new URL(page.url()).pathname;
  await expect
    .poll(async () =>
      (await dataLayer(page)).filter((entry) => entry.event === 'pageview').map((entry) => entry.page_path),
    )
    .toEqual([postPath]);

  await scrollToBottom(page);
  // The post's own depths (the list page, short enough since its grid has three columns, may have reported its
  // first quarter as soon as it showed).
  await expect
    .poll(async () =>
      (await dataLayer(page))
        .filter((entry) => entry.event === 'scroll_depth' && entry.page_path === postPath)
        .map((entry) => entry.percent),
    )
    .toEqual([25, 50, 75, 100]);

  // Scrolling further on the same page reports nothing new; a new page starts again from zero.
  await scrollToBottom(page);
  await page.getByRole('link', { name: '← Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect
    .poll(async () =>
      (await dataLayer(page)).filter((entry) => entry.event === 'pageview').map((entry) => entry.page_path),
    )
    .toEqual([postPath, '/blog']);
  await scrollToBottom(page);
  // Depths since the list's second pageview: the count starts again from zero.
  const sinceLastPageview = (entries: Entry[]) =>
    entries.slice(entries.map((entry) => entry.event).lastIndexOf('pageview'));
  await expect
    .poll(async () =>
      sinceLastPageview(await dataLayer(page))
        .filter((entry) => entry.event === 'scroll_depth' && entry.page_path === '/blog')
        .map((entry) => entry.percent),
    )
    .toEqual([25, 50, 75, 100]);
  const onPost = (await dataLayer(page)).filter(
    (entry) => entry.event === 'scroll_depth' && entry.page_path === postPath,
  );
  expect(onPost.map((entry) => entry.percent)).toEqual([25, 50, 75, 100]);
});

test('the consent choice is remembered', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  expect(await dataLayer(page)).toEqual([]);
});

test('the consent banner is compact on a phone, clear of the main call to action, with equal choices; the footer reopens it', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  const box = (await banner.boundingBox())!;
  await keepScreenshot(page, testInfo.outputPath('home-phone-with-consent.png'));
  expect(box.height).toBeLessThanOrEqual(844 / 4);
  const accept = (await banner.getByRole('button', { name: 'Accept analytics' }).boundingBox())!;
  const decline = (await banner.getByRole('button', { name: 'Decline' }).boundingBox())!;
  expect([Math.round(decline.width), Math.round(decline.height)]).toEqual([
    Math.round(accept.width),
    Math.round(accept.height),
  ]);
  const cta = (await page.getByRole('main').getByRole('link').first().boundingBox())!;
  expect(cta.y + cta.height, 'the first call to action is above the banner').toBeLessThanOrEqual(box.y);

  await banner.getByRole('button', { name: 'Decline' }).click();
  await expect(banner).toHaveCount(0);
  await page.getByRole('button', { name: 'Privacy choices' }).click();
  await expect(banner).toContainText('(now: declined)');
});
