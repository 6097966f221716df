import type { Browser, Page } from '@playwright/test';
import { demoSignIn, expect, keepScreenshot, logIn, test } from './fixtures.mjs';

// What a page paints before the account remote answers (docs/decisions/0083): the remote's files are held back,
// so what is on screen is the page's own HTML and the site's scripts. Screenshots go to test-results/first-view
// (those only looked at, with E2E_SCREENSHOTS=1).

const holdRemote = (page: Page) =>
  page.route(/remoteEntry\.js|mf-manifest\.json/, () => new Promise(() => {})); // never answered

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 768 },
] as const;

/**
 * The share of pixels that differ between two screenshots of the same size, decoded by the browser on a blank
 * page (no new library): a pixel differs when one of its channels moves by more than 24 of 255, so font
 * anti-aliasing does not count and any moved text or block does.
 */
async function differingShare(browser: Browser, first: Buffer, second: Buffer): Promise<number> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async ([a, b]) => {
        const pixels = async (base64: string) => {
          const image = new Image();
          image.src = `data:image/png;base64,${base64}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.naturalWidth;
          canvas.height = image.naturalHeight;
          const context = canvas.getContext('2d')!;
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, canvas.width, canvas.height);
        };
        const [one, two] = await Promise.all([pixels(a), pixels(b)]);
        if (one.width !== two.width || one.height !== two.height) return 1;
        let differing = 0;
        for (let index = 0; index < one.data.length; index += 4) {
          for (let channel = 0; channel < 3; channel += 1) {
            if (Math.abs(one.data[index + channel]! - two.data[index + channel]!) > 24) {
              differing += 1;
              break;
            }
          }
        }
        return differing / (one.width * one.height);
      },
      [first.toString('base64'), second.toString('base64')] as const,
    );
  } finally {
    await page.close();
  }
}

test("/account's HTML is the account frame, with no signing in offered", async ({ request }) => {
  const html = await (await request.get('/account')).text();
  expect(html).toContain('data-testid="account-frame"');
  for (const group of ['Workflows', 'Personal', 'Organization', 'Billing'])
    expect(html).toContain(`>${group}<`);
  expect(html).not.toContain('Log in');
  expect(html).not.toContain('Start free trial');
});

for (const viewport of viewports) {
  test(`/account paints the account frame before the remote answers, no "Log in" (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await logIn(page);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await holdRemote(page);
    // The first paint: the HTML as it arrives, before the site's scripts have run.
    await page.goto('/account', { waitUntil: 'commit' });
    await page.waitForSelector('[data-testid="account-frame"]', { state: 'visible' });
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Start free trial' })).toHaveCount(0);
    await keepScreenshot(page, `test-results/first-view/account-first-paint-${viewport.name}.png`);

    // The site's scripts have run and the session is known; the remote still has not answered.
    await page.waitForLoadState('load');
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Start free trial' })).toHaveCount(0);
    if (viewport.name === 'desktop') {
      await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
      const menu = page.getByTestId('account-frame-menu');
      for (const group of ['Workflows', 'Personal', 'Organization', 'Billing'])
        await expect(menu.getByText(group, { exact: true })).toBeVisible();
    }
    await keepScreenshot(page, `test-results/first-view/account-remote-held-${viewport.name}.png`);
  });
}

for (const viewport of viewports) {
  test(`an account page opened without a session shows /login's own form, then the page asked for once signed in (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const documents: string[] = [];
    const accountPageRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.isNavigationRequest()) documents.push(`${url.pathname}${url.search}`);
      if (url.pathname.startsWith('/page-data/account/')) accountPageRequests.push(url.pathname);
    });
    // The form comes from /login's HTML: the remote is held back (docs/decisions/0084).
    await holdRemote(page);
    await page.goto('/account/privacy?from=e2e');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount%2Fprivacy%3Ffrom%3De2e$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.getByLabel('Work email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    // The account page stopped in its head: its scripts never ran, so nothing of it (no site header offering
    // "Log in", whose HTML has none either) was painted before the login page.
    expect(documents).toEqual([
      '/account/privacy?from=e2e',
      '/login?returnTo=%2Faccount%2Fprivacy%3Ffrom%3De2e',
    ]);
    expect(accountPageRequests).toEqual([]);
    await keepScreenshot(page, `test-results/first-view/account-anonymous-login-${viewport.name}.png`);

    // Signed in from that page, the visitor is back where they were going.
    await page.unrouteAll();
    await page.reload();
    await page.getByLabel('Work email').fill(demoSignIn.email);
    await page.getByLabel('Password').fill(demoSignIn.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/account\/privacy\?from=e2e$/);
    await expect(page.getByRole('heading', { name: 'Active sessions' })).toBeVisible();
    await keepScreenshot(page, `test-results/first-view/account-anonymous-returned-${viewport.name}.png`);
  });
}

test('on a phone the site header of an account page is one row with one menu button', async ({ page }) => {
  await logIn(page);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/account');
    // The remote's account area is on screen (its own menu, in the page).
    await expect(page.getByTestId('account-frame')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const header = page.locator('header').first();
    const menuButtons = header.getByRole('button', { name: /Menu/ });
    await expect(menuButtons).toHaveCount(1);
    await expect(header.getByRole('link', { name: 'My account' })).toBeHidden();
    const logo = await header.getByRole('link', { name: 'Dcipher', exact: true }).boundingBox();
    const menu = await menuButtons.boundingBox();
    // One row: the logo and the menu button side by side, the header no taller than one 44 px row and padding.
    expect(Math.abs(logo!.y - menu!.y)).toBeLessThan(12);
    expect((await header.boundingBox())!.height).toBeLessThan(70);
    await keepScreenshot(page, `test-results/first-view/account-header-${width}.png`);
  }
});

for (const viewport of viewports) {
  test(`/signup paints its final layout from the start: under 1 % of pixels change (${viewport.name})`, async ({
    browser,
    page,
  }) => {
    await page.setViewportSize(viewport);
    await holdRemote(page);
    await page.goto('/signup', { waitUntil: 'load' });
    await expect(page.getByRole('heading', { level: 1, name: 'Create account (1/2)' })).toBeVisible();
    await expect(page.getByLabel('First name')).toBeVisible();
    await expect(page.getByText('Loading…', { exact: true })).toHaveCount(0);
    const firstPaint = await page.screenshot({
      path: `test-results/first-view/signup-first-paint-${viewport.name}.png`,
      animations: 'disabled',
    });

    await page.unrouteAll();
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
    await expect(page.getByText("I'm not a robot")).toBeAttached();
    const finalScreen = await page.screenshot({
      path: `test-results/first-view/signup-final-${viewport.name}.png`,
      animations: 'disabled',
    });

    const share = await differingShare(browser, firstPaint, finalScreen);
    console.log(
      `/signup ${viewport.name}: ${(share * 100).toFixed(2)} % of pixels differ after the first paint`,
    );
    expect(share).toBeLessThan(0.01);
  });
}

test('keyboard focus shows a ring of at least 2 px on checkboxes and links, on the site and in sign-up', async ({
  page,
}) => {
  const ringOf = async (target: ReturnType<Page['getByRole']>) => {
    await target.focus();
    return target.evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
  };
  await page.goto('/contact-us');
  await page.keyboard.press('Tab'); // the keyboard is what is used: focus rings show
  for (const target of [
    page.getByRole('checkbox', { name: /Send me occasional product news/ }),
    page.getByRole('link', { name: 'Privacy policy' }).first(),
  ]) {
    const ring = await ringOf(target);
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
  }
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
  await page.keyboard.press('Tab');
  for (const target of [
    page.getByRole('checkbox', { name: /I agree to the/ }),
    page.getByRole('link', { name: 'Terms of Service' }),
  ]) {
    const ring = await ringOf(target);
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
  }
});

test('signing out lands on the home page saying "You are signed out", once', async ({ page }) => {
  await logIn(page);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/logout');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start free trial' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('You are signed out.')).toHaveCount(0);
});
