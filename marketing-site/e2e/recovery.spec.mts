import { createMember, demoSignIn, emailedLink, expect, logIn, test } from './fixtures.mjs';

test('forgot password: the emailed link sets a new password; the old one stops working', async ({
  page,
  request,
  stack,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of (400|401)/);
  // A member of its own, so the demo teammate other tests sign in as keeps the demo password.
  const { email, password: oldPassword } = await createMember(request, stack, {
    firstName: 'Rita',
    lastName: 'Reset',
  });
  const newPassword = 'Northern-Lights-2027';
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('we have emailed it a link');

  const link = await emailedLink(request, stack.urls.api, email, /https?:\/\/\S+\/new-password\/[\w-]+/);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set a new password');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('Something-Else-2027');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Password changed');

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Another-Password-2028');
  await page.getByLabel('Confirm new password').fill('Another-Password-2028');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This password reset link is not valid any more. Ask for a new one.',
  );

  await logIn(page, { email, password: oldPassword });
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await logIn(page, { email, password: newPassword });
  await expect(page.getByTestId('account-email')).toHaveText(email);
});

test('an expired password is forced through /change-password before the account area opens', async ({
  page,
}) => {
  await logIn(page, { email: 'expired@demo.dcipher.local', password: demoSignIn.password });
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('alert').first()).toHaveText('Your password has expired. Set a new one.');

  await page.goto('/account');
  await expect(page).toHaveURL(/\/change-password$/);

  await page.getByLabel('Current password').fill(demoSignIn.password);
  await page.getByLabel('New password', { exact: true }).fill(demoSignIn.password);
  await page.getByLabel('Confirm new password').fill(demoSignIn.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('New password must be different than the current password')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('Fresh-Start-2027!');
  await page.getByLabel('Confirm new password').fill('Fresh-Start-2027!');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(page.getByTestId('account-email')).toHaveText('expired@demo.dcipher.local');
});
