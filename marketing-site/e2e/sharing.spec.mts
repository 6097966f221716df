import { demoSignIn, expect, logIn, test } from './fixtures.mjs';

test('the admin shares a project with a teammate as viewer; the teammate sees it and cannot share it', async ({
  page,
  browser,
}) => {
  await logIn(page);
  await page.getByRole('link', { name: 'Sharing options' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sharing options');
  const card = page.getByRole('region', { name: 'Weekly news digest' });
  await card.getByLabel('Share with').selectOption('teammate@demo.dcipher.local');
  await card.getByLabel('As', { exact: true }).selectOption('viewer');
  await card.getByRole('button', { name: 'Share' }).click();
  await expect(card.getByText('Shared with teammate@demo.dcipher.local as viewer.')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Who has Weekly news digest' })).toContainText('Tom Teammate');

  const teammatePage = await (await browser.newContext()).newPage();
  await logIn(teammatePage, { email: 'teammate@demo.dcipher.local', password: demoSignIn.password });
  await teammatePage.getByRole('link', { name: 'Sharing options' }).click();
  const shared = teammatePage.getByRole('region', { name: 'Weekly news digest' });
  await expect(shared).toContainText('you are its viewer');
  await expect(shared.getByText('Only its owner and your organization’s admins can share it.')).toBeVisible();
  // Not shared with the teammate: not listed.
  await expect(teammatePage.getByRole('region', { name: 'Interview transcripts.pdf' })).toHaveCount(0);

  // Stop sharing: the admin removes it, and the activity log shows both changes.
  await card
    .getByRole('button', { name: 'Stop sharing Weekly news digest with teammate@demo.dcipher.local' })
    .click();
  await expect(
    card.getByText('Weekly news digest is no longer shared with teammate@demo.dcipher.local.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Activity log' }).click();
  const activity = page.getByRole('region', { name: 'Changes to the organization' });
  await activity.getByLabel('Show').selectOption('role');
  await activity.getByRole('button', { name: 'Apply filter' }).click();
  await expect(activity.getByRole('listitem').first()).toContainText(
    'took away the access of teammate@demo.dcipher.local to “Weekly news digest”',
  );
  await expect(activity.getByRole('listitem').nth(1)).toContainText('gave teammate@demo.dcipher.local the');
});
