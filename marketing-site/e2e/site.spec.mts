import { expect, test } from './fixtures.mjs';

test('the home page has the product title and default description', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Dcipher');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'AI-powered Insight Automation',
  );
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
});

test('an unknown path answers 404 with the not-found page', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 404/);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Sorry, the page you are looking for cannot be found.')).toBeVisible();
  await expect(page).toHaveTitle('Dcipher | Page not found');
  const popular = page.getByRole('navigation', { name: 'Popular pages' });
  await expect(popular.getByRole('link')).toHaveCount(8);
  await popular.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('the not-found page searches the site for the mistyped address', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 404/);
  await page.goto('/prcing');
  await expect(page.getByLabel("Search the site's pages")).toHaveValue('prcing');
  const results = page.getByRole('list', { name: 'Matching pages' });
  await expect(results.getByRole('link').first()).toHaveText('Pricing');
  await page.getByLabel("Search the site's pages").fill('narrative analysis');
  await expect(results.getByRole('link').first()).toContainText(/narrative/i);
  await results.getByRole('link').first().click();
  await expect(page).toHaveURL(/narrative/);
});

test('the login page has its own title and a loading state before the remote arrives', async ({
  request,
}) => {
  const html = await (await request.get('/login')).text();
  expect(html).toContain('<title data-gatsby-head="true">Dcipher | Log in</title>');
  expect(html).toContain('Loading…');
});

test('the header: styled links and a menu button on a phone (44 px targets, Escape closes it), all links on a desktop', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('home-phone.png') });
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(80);
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const pricing = header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' });
  await expect(pricing).toBeVisible();
  expect((await pricing.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // Links are styled, not default browser links.
  expect(await pricing.evaluate((link) => getComputedStyle(link).textDecorationLine)).toBe('none');
  await page.screenshot({ path: testInfo.outputPath('home-phone-menu.png') });
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(menu).toBeHidden();
  await expect(
    header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('home-desktop.png') });
});
