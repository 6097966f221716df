import { expect, keepScreenshot, logIn, signUpOnOpenForm, test } from './fixtures.mjs';

// Entitlements (issue 25 point 3; docs/decisions/0085): an Individual trial customer has no organization features
// and the quotas the trial promises (Professional's); a Business admin has the organization features.

const password = 'Harbour-Lights-2026';
const viewports = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const organizationOnly = ['Members', 'Security policies', 'Single sign-on', 'Cloud settings', 'Activity log'];

test('an Individual trial customer sees no Members, SSO or Cloud settings, and the trial’s Professional quotas', async ({
  page,
  request,
  stack,
}, testInfo) => {
  const email = `ivy.individual.${Date.now()}@example.com`;
  await page.goto('/signup');
  await signUpOnOpenForm(page, request, stack, { firstName: 'Ivy', lastName: 'Individual', email, password });

  const menu = page.getByRole('navigation', { name: 'Account area' });
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
    const card = (name: string) => page.getByRole('region', { name });
    const usage = card('Usage this period');
    await expect(usage.getByTestId('overview-trial-includes')).toHaveText(
      'Your free trial includes the Professional plan’s quotas.',
    );
    // Professional's quotas, not Starter's 5,000 articles.
    await expect(usage.getByRole('listitem').filter({ hasText: 'News media articles' })).toContainText(
      '0 of 25,000 articles',
    );
    await expect(card('Team')).toHaveCount(0);
    await expect(page.getByRole('status')).toHaveCount(0);
    if (viewport.name === 'phone') await menu.getByRole('button', { name: /Account menu/ }).click();
    // Integrations are not an organization feature: API keys and webhooks are an Individual account's too.
    await expect(menu.getByRole('list', { name: 'Organization' }).getByRole('link')).toHaveText([
      'General',
      'API keys',
      'Webhooks',
    ]);
    for (const name of organizationOnly) await expect(menu.getByRole('link', { name })).toHaveCount(0);
    await keepScreenshot(page, testInfo.outputPath(`individual-overview-${viewport.name}.png`), {
      fullPage: true,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    // A path typed by hand says why, and the way on.
    await page.goto('/account/organization');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Members');
    await expect(page.getByTestId('business-only')).toContainText(
      'Members and invitations are available to Business accounts only. Yours is an Individual account, for one person.',
    );
    await expect(page.getByRole('link', { name: 'Contact us about a Business plan' })).toBeVisible();
    await keepScreenshot(page, testInfo.outputPath(`individual-members-${viewport.name}.png`), {
      fullPage: true,
    });

    // Available plans: the individual plans with their quotas, the trial's plan marked.
    await page.goto('/subscription/options');
    const professional = page.getByTestId('plan-professional-monthly');
    await expect(professional).toContainText('Your free trial includes this plan');
    await expect(professional).toContainText('News media articles');
    await expect(professional).toContainText('25,000 per month');
    await expect(page.getByTestId('plan-business-monthly')).toHaveCount(0);
    await expect(page.getByTestId('trial-state')).toContainText(
      'It includes Professional’s features and quotas.',
    );
    await keepScreenshot(page, testInfo.outputPath(`individual-plans-${viewport.name}.png`), {
      fullPage: true,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    await page.goto('/subscription');
    await expect(
      page.getByText('Free trial of Professional: its features and quotas, no card needed'),
    ).toBeVisible();
  }

  // The API refuses the organization-only calls the menu no longer offers.
  const token = await page.evaluate(() => localStorage.getItem('dcipher.accessToken'));
  expect(token).toBeTruthy();
  const invited = await request.post(`${stack.urls.api}/org-admin/invites`, {
    headers: { authorization: `Bearer ${token}` },
    data: { email: `colleague.${Date.now()}@example.com`, role: 'teammate' },
  });
  expect(invited.status()).toBe(403);
  expect((await invited.json()).message).toBe(
    'Members and invitations are available to Business accounts only. Yours is an Individual account, for one person.',
  );
});

test('a trial started from Starter on the pricing page has Starter’s quotas, and says so from sign-up on', async ({
  page,
  request,
  stack,
}, testInfo) => {
  const email = `sam.starter.${Date.now()}@example.com`;
  await page.goto('/pricing');
  await page
    .getByRole('link', { name: /Start 14-day free trial/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/signup\?plan=starter-/);
  const plan = page.getByRole('region', { name: 'Your plan' });
  await expect(plan).toContainText(/free trial of Starter starts now, with its features and quotas/);
  await signUpOnOpenForm(page, request, stack, { firstName: 'Sam', lastName: 'Starter', email, password });
  await page.goto('/account');
  const usage = page.getByRole('region', { name: 'Usage this period' });
  await expect(usage.getByTestId('overview-trial-includes')).toHaveText(
    'Your free trial includes the Starter plan’s quotas.',
  );
  await expect(usage.getByRole('listitem').filter({ hasText: 'News media articles' })).toContainText(
    '0 of 5,000 articles',
  );
  await keepScreenshot(page, testInfo.outputPath('starter-trial-overview.png'), { fullPage: true });
});

test('a Business admin sees Members, SSO and Cloud settings in the menu and the team on the overview', async ({
  page,
}, testInfo) => {
  const menu = page.getByRole('navigation', { name: 'Account area' });
  await logIn(page);
  await expect(page).toHaveURL(/\/workflows$/);
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
    await expect(page.getByRole('region', { name: 'Team' }).getByTestId('overview-team')).toHaveText(
      /\d+ members?/,
    );
    if (viewport.name === 'phone') await menu.getByRole('button', { name: /Account menu/ }).click();
    for (const name of organizationOnly) await expect(menu.getByRole('link', { name })).toBeVisible();
    await keepScreenshot(page, testInfo.outputPath(`business-overview-${viewport.name}.png`), {
      fullPage: true,
    });
    await page.goto('/account/organization');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Members');
    await expect(page.getByTestId('business-only')).toHaveCount(0);
  }
});
