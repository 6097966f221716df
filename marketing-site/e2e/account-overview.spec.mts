import { expect, keepScreenshot, logIn, signUpOnOpenForm, test } from './fixtures.mjs';

const password = 'Harbour-Lights-2026';

test('a trial customer sees the overview at /account, moves through the grouped menu by keyboard, and on a phone opens it as one disclosure', async ({
  page,
  request,
  stack,
}, testInfo) => {
  const email = `olive.overview.${Date.now()}@example.com`;
  // A new customer signs up (no card: the trial needs none) and is signed in by the emailed link.
  await page.goto('/signup');
  await signUpOnOpenForm(page, request, stack, { firstName: 'Olive', lastName: 'Overview', email, password });

  for (const viewport of [
    { name: 'desktop', width: 1366, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
    await expect(page).toHaveTitle(/Overview/);
    const card = (name: string) => page.getByRole('region', { name });
    await expect(card('Plan').getByTestId('overview-plan-state')).toHaveText(/Free trial ends in \d+ days?/);
    await expect(card('Plan')).toContainText('Nothing is charged during the trial');
    await expect(card('Credits').getByTestId('overview-credits')).toHaveText(/^[\d,]+ credits?$/);
    await expect(card('Security').getByTestId('overview-two-step')).toHaveText(
      'Two-step verification is off',
    );
    await expect(card('Security')).toContainText(/Signed in on \d+ devices? or browsers?\./);
    // An Individual account has no team card (docs/decisions/0085); its trial has Professional's quotas.
    await expect(card('Team')).toHaveCount(0);
    await expect(card('Usage this period').getByTestId('overview-trial-includes')).toHaveText(
      'Your free trial includes the Professional plan’s quotas.',
    );
    await expect(card('Usage this period').getByRole('alert')).toHaveCount(0);
    await expect(card('Workflows').getByRole('link', { name: 'Open your workflows' })).toHaveAttribute(
      'href',
      '/workflows',
    );
    // Every card has loaded: no skeleton left.
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await keepScreenshot(page, testInfo.outputPath(`overview-${viewport.name}.png`), { fullPage: true });
  }

  // Desktop: the grouped menu sits beside the screen and works by keyboard.
  await page.setViewportSize({ width: 1366, height: 900 });
  const menu = page.getByRole('navigation', { name: 'Account area' });
  await expect(menu.getByRole('button', { name: /Account menu/ })).toBeHidden();
  for (const group of ['Personal', 'Organization', 'Billing']) {
    await expect(menu.getByRole('list', { name: group })).toBeVisible();
  }
  await expect(menu.getByRole('list', { name: 'Personal' }).getByRole('link')).toHaveText([
    'Account information',
    'Password',
    'Privacy & security',
  ]);
  await menu.getByRole('link', { name: 'Overview' }).focus();
  await page.keyboard.press('Tab'); // Workflows
  await page.keyboard.press('Tab'); // Account information
  await page.keyboard.press('Tab'); // Password
  await expect(menu.getByRole('link', { name: 'Password', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Password');
  await expect(menu.getByRole('link', { name: 'Password', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The profile has its own page now.
  await menu.getByRole('link', { name: 'Account information' }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByLabel('First name')).toHaveValue('Olive');

  // Phone: the account menu is one disclosure inside the page, never in the site's header.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  const toggle = menu.getByRole('button', { name: 'Account menu: Overview' });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('banner').getByRole('navigation', { name: 'Account area' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Password', exact: true })).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('list', { name: 'Billing' })).toBeVisible();
  await keepScreenshot(page, testInfo.outputPath('overview-phone-menu-open.png'), { fullPage: true });
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await toggle.click();
  await menu.getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/\/payment\/wallet$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wallet');
});

// The seeded demo organization is in its free trial like any new one: its plan card counts the days (it said
// "Trialing" with none, the seed having given the trial no end). Its billing screens, walked at both widths.
for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test(`the demo admin's overview counts the trial's days, and the billing screens fit (${viewport.name})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await logIn(page);
    await expect(page).toHaveURL(/\/workflows$/);
    await page.goto('/account');
    const plan = page.getByRole('region', { name: 'Plan' });
    await expect(plan.getByTestId('overview-plan-state')).toHaveText(/^Free trial ends in \d+ days?$/);
    await expect(plan).toContainText('Nothing is charged during the trial; it ends on');
    await keepScreenshot(page, testInfo.outputPath(`demo-overview-${viewport.name}.png`), { fullPage: true });
    for (const [path, heading] of [
      ['/subscription', 'Subscription details'],
      ['/subscription/options', 'Available plans'],
      ['/payment', 'Payment method'],
      ['/payment/invoices', 'Invoice history'],
      ['/payment/wallet', 'Wallet'],
      ['/addons', 'Add-ons'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      // Loaded: no loading message left.
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await keepScreenshot(
        page,
        testInfo.outputPath(`demo${path.replaceAll('/', '-')}-${viewport.name}.png`),
        { fullPage: true },
      );
    }
    await page.goto('/subscription');
    await expect(page.getByTestId('plan-status')).toHaveText(/^Free trial ends in \d+ days?$/);
  });
}
