import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { changeDatabase, createMember, expect, logIn, test } from './fixtures.mjs';

/** The code an authenticator app shows for `secret`, `steps` periods of 30 s from now. */
const authenticatorCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** Sets up two-step verification on the privacy page the browser shows; answers the secret. */
async function setUpTwoStep(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  const secret = (await page.getByTestId('two-factor-secret').textContent())?.replace(/\s+/g, '') ?? '';
  await page.getByLabel('Code from your authenticator app').fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByText('Two-step verification is on.')).toBeVisible();
  return secret;
}

test('the admin changes the data region after a confirmation, and the activity log shows it', async ({
  page,
}) => {
  await logIn(page);
  await page.getByRole('link', { name: 'Cloud settings' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cloud settings');
  await page.getByLabel('Data region', { exact: true }).selectOption('asia-northeast1');
  await page.getByRole('button', { name: 'Change region…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Move to Japan (Tokyo)?' });
  await expect(dialog).toContainText('instead of Belgium (St. Ghislain) (europe-west1)');
  await dialog.getByRole('button', { name: 'Move to Japan (Tokyo)' }).click();
  await expect(page.getByText('Your organization’s data region is now Japan (Tokyo).')).toBeVisible();

  await page.getByRole('link', { name: 'Members', exact: true }).click();
  const activity = page.getByRole('region', { name: 'Activity' });
  await activity.getByLabel('Show').selectOption('organization');
  await expect(activity.getByRole('listitem').first()).toContainText(
    'Ada Admin changed the cloud region: asia-northeast1 (from europe-west1 to asia-northeast1)',
  );
});

test('with a password expiry set, a member whose password is older must change it at the next sign-in', async ({
  page,
  browser,
  request,
  stack,
}) => {
  const member = await createMember(request, stack, { firstName: 'Paula', lastName: 'Policy' });
  await logIn(page);
  await page.getByRole('link', { name: 'Members', exact: true }).click();
  const policy = page.getByRole('region', { name: 'Password expiration' });
  await policy.getByLabel('Passwords expire').check();
  await policy.getByLabel('Days a password lasts (30 to 365)').fill('45');
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(policy.getByText('Passwords now expire after 45 days.')).toBeVisible();

  try {
    // The member's password was set 50 days ago.
    await changeDatabase(
      stack,
      `update users set password_changed_at = now() - interval '50 days' where email = $1`,
      [member.email],
    );
    const memberPage = await (await browser.newContext()).newPage();
    await logIn(memberPage, member);
    await expect(memberPage).toHaveURL(/\/change-password$/);
    await expect(memberPage.getByRole('alert').first()).toHaveText(
      'Your password has expired. Set a new one.',
    );
    await memberPage.getByLabel('Current password').fill(member.password);
    await memberPage.getByLabel('New password', { exact: true }).fill('Renewed-Password-2026!');
    await memberPage.getByLabel('Confirm new password').fill('Renewed-Password-2026!');
    await memberPage.getByRole('button', { name: 'Change password' }).click();
    await expect(memberPage).toHaveURL(/\/workflows$/);
    await expect(memberPage.getByTestId('account-email')).toHaveText(member.email);
  } finally {
    await page.reload();
    await page.getByRole('region', { name: 'Password expiration' }).getByLabel('Passwords expire').uncheck();
    await page.getByRole('button', { name: 'Save: passwords never expire' }).click();
    await expect(page.getByText('Passwords no longer expire.')).toBeVisible();
  }
  const activity = page.getByRole('region', { name: 'Activity' });
  await page.reload();
  await expect(activity.getByRole('listitem').nth(1)).toContainText(
    'changed the password expiration policy: every 45 days',
  );
});

test('the admin requires two-step verification, and a member without it is sent to set it up first', async ({
  page,
  browser,
  request,
  stack,
}) => {
  // An admin with two-step verification of their own (required before requiring it of others).
  const admin = await createMember(request, stack, { firstName: 'Sam', lastName: 'Secure', role: 'admin' });
  // Invited before the requirement: the demo admin inviting them has no two-step verification.
  const member = await createMember(request, stack, { firstName: 'Milo', lastName: 'Member' });
  await logIn(page, admin);
  await page.getByRole('link', { name: 'Privacy & security' }).click();
  const secret = await setUpTwoStep(page);
  await page.getByRole('link', { name: 'Members', exact: true }).click();
  const requirement = page.getByRole('region', { name: 'Two-step verification for everyone' });
  await requirement.getByRole('button', { name: 'Require two-step verification…' }).click();
  await requirement.getByRole('button', { name: 'Require it' }).click();
  await expect(
    requirement.getByText('Two-step verification is now required.', { exact: false }),
  ).toBeVisible();

  try {
    const memberPage = await (await browser.newContext()).newPage();
    await logIn(memberPage, member);
    await expect(memberPage.getByRole('heading', { level: 1 })).toHaveText('Privacy & security');
    await expect(
      memberPage.getByText(
        'Your organization requires two-step verification. Set it up to continue using your account.',
      ),
    ).toBeVisible();
    await expect(memberPage.getByRole('link', { name: 'Account information' })).toHaveCount(0);
    await setUpTwoStep(memberPage);
    // Set up: the rest of the account area opens again.
    await memberPage.getByRole('link', { name: 'Account information' }).click();
    await expect(memberPage.getByRole('heading', { level: 1 })).toHaveText('Account information');
  } finally {
    await page.reload();
    const again = page.getByRole('region', { name: 'Two-step verification for everyone' });
    await again.getByRole('button', { name: 'Stop requiring two-step verification…' }).click();
    await again.getByRole('button', { name: 'Stop requiring it' }).click();
    await expect(
      again.getByText('Two-step verification is no longer required.', { exact: false }),
    ).toBeVisible();
  }
  const activity = page.getByRole('region', { name: 'Activity' });
  await activity.getByLabel('Show').selectOption('organization');
  await expect(activity.getByRole('listitem').first()).toContainText(
    'Sam Secure changed the two-step verification requirement: not required',
  );
  await expect(activity.getByRole('listitem').nth(1)).toContainText(
    'changed the two-step verification requirement: required',
  );
  expect(secret).toMatch(/^[A-Z2-7]+$/);
});
