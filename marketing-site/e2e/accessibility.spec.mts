import { axeViolations } from './axe.mjs';
import { createMember, expect, keepScreenshot, logIn, test } from './fixtures.mjs';

for (const route of ['/', '/pricing', '/blog', 'first blog post']) {
  test(`axe finds no accessibility violations on ${route}`, async ({ page }) => {
    if (route === 'first blog post') {
      await page.goto('/blog');
      await page.getByRole('main').getByRole('heading', { level: 2 }).first().getByRole('link').click();
      await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    } else {
      await page.goto(route);
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The consent banner is part of the page a first-time visitor sees: it is checked too.
    expect(await axeViolations(page)).toEqual([]);
  });
}

// The check every test above relies on still reports what it exists to find: it asks axe for violations only
// (axe.mts), so a page with an image without a text alternative and an unlabelled field must be named here.
test('the axe check names the violations planted in a page', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Planted</title></head><body><main><h1>Planted</h1>' +
      '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><input type="text"></main></body></html>',
  );
  const found = await axeViolations(page);
  expect(found.some((line) => line.startsWith('image-alt: img'))).toBe(true);
  expect(found.some((line) => line.startsWith('label: input'))).toBe(true);
});

// A page with a frame is checked in axe's default mode, frame included (e2e/axe.mts), however long the frame takes to
// take axe: this one's page spends 1.5 s when axe-core sets `window.axe` in it, as a busy machine did (CI saw the
// frame left out of the results). @axe-core/playwright gave a frame 1 s and went on without it (docs/decisions/0154).
test('the axe check names a violation planted inside a frame, even a frame slow to take axe', async ({
  page,
}) => {
  const slowToTakeAxe =
    "<script>let held; Object.defineProperty(window, 'axe', { configurable: true, get: () => held, set: (value) => {" +
    ' const end = performance.now() + 1500; while (performance.now() < end); held = value; } });</script>';
  const inner = `<!doctype html><html lang=en><head><title>Inner</title>${slowToTakeAxe}</head><body><main><h1>Inner</h1><input type=text></main></body></html>`;
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Framed</title></head><body><main><h1>Framed</h1>' +
      `<iframe title="Inner page" srcdoc="${inner.replaceAll('"', '&quot;')}"></iframe></main></body></html>`,
  );
  await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Inner' })).toBeVisible();
  const found = await axeViolations(page);
  expect(found.some((line) => line.startsWith('label: iframe'))).toBe(true);
  expect(found.filter((line) => line.startsWith('frame-tested'))).toEqual([]);
});

// The sign-in screens (/login, /signup and the nine others) are checked by axe in visitor-layout.spec.mts.

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test(`axe finds no accessibility violations on the account screens (${viewport.name})`, async ({
    page,
    request,
    stack,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const member = await createMember(request, stack, { firstName: 'Axel', lastName: 'Access' });
    await logIn(page, member);
    await expect(page).toHaveURL(/\/workflows$/);
    for (const [path, heading] of [
      ['/account', 'Overview'],
      ['/account/profile', 'Account information'],
      ['/account/password', 'Password'],
      ['/account/privacy', 'Privacy & security'],
      ['/account/delete', 'Delete account'],
      ['/account/contact', 'Contact'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Every section has loaded: no status says so (a copy button's live region is there, empty, from the start).
      await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveCount(0);
      const slug = path.replace(/\W+/g, '-').replace(/^-|-$/g, '');
      await keepScreenshot(page, testInfo.outputPath(`${slug}-${viewport.name}.png`), { fullPage: true });
      // Nothing scrolls sideways, at 390 px either.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(await axeViolations(page), path).toEqual([]);
    }
  });

  test(`axe finds no accessibility violations on the organization screens (${viewport.name})`, async ({
    page,
  }, testInfo) => {
    // Thirteen screens, each loaded, photographed and checked by axe: about a minute on a quiet 2-core machine,
    // which was the whole default budget (a run beside other work ran out of it).
    test.slow();
    await page.setViewportSize(viewport);
    await logIn(page);
    await expect(page).toHaveURL(/\/workflows$/);
    for (const [path, heading] of [
      ['/account/cloud-settings', 'Cloud settings'],
      ['/account/organization/general', 'General'],
      ['/account/organization', 'Members'],
      ['/account/organization/security', 'Security policies'],
      ['/account/organization/activity', 'Activity log'],
      ['/account/sso', 'Single sign-on'],
      ['/account/api-keys', 'API keys'],
      ['/account/webhooks', 'Webhooks'],
      ['/account/sharing', 'Sharing options'],
      ['/account/team', 'My team'],
      ['/payment', 'Payment method'],
      ['/payment/invoices', 'Invoice history'],
      ['/subscription', 'Subscription details'],
      ['/subscription/options', 'Available plans'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Every section has loaded: no status says so (a copy button's live region is there, empty, from the start).
      await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveCount(0);
      const slug = path.replace(/\W+/g, '-').replace(/^-|-$/g, '');
      await keepScreenshot(page, testInfo.outputPath(`${slug}-${viewport.name}.png`), { fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
}
