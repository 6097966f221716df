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
});

test('the login page has its own title and a loading state before the remote arrives', async ({
  request,
}) => {
  const html = await (await request.get('/login')).text();
  expect(html).toContain('<title data-gatsby-head="true">Dcipher | Log in</title>');
  expect(html).toContain('Loading…');
});
