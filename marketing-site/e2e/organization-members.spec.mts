import { demoSignIn, emailedLink, expect, logIn, test } from './fixtures.mjs';

const invitationLink = /https?:\/\/\S+\/signup\?invitation=[\w%-]+/;

test('an admin invites a teammate from the members page; the teammate joins and cannot manage members; the admin changes their role and removes them', async ({
  page,
  request,
  stack,
}) => {
  const email = `teammate.${Date.now()}@example.com`;
  const password = 'Welcome-Aboard-2026';

  // The admin invites from Members.
  await logIn(page, demoSignIn);
  await expect(page).toHaveURL(/\/workflows$/);
  await page
    .getByRole('navigation', { name: 'Account area' })
    .getByRole('link', { name: 'Members', exact: true })
    .click();
  await expect(page).toHaveURL(/\/account\/organization$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Members');
  const inviteForm = page.getByRole('form', { name: 'Invite a member' });
  await inviteForm.getByLabel('Work email').fill(email);
  await inviteForm.getByLabel('Role').selectOption('teammate');
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email} as teammate.`, { exact: false })).toBeVisible();
  const members = page.getByRole('region', { name: 'Members', exact: true });
  await members.getByLabel('Search by name or email').fill(email);
  await members.getByRole('button', { name: 'Search' }).click();
  const invitedRow = members.getByRole('row').filter({ hasText: email });
  await expect(invitedRow).toContainText('Invitation sent');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${stack.urls.site}/`);

  // The teammate accepts from the emailed link, then signs in again and is refused organization management.
  await page.goto(await emailedLink(request, stack.urls.api, email, invitationLink));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join Demo Org on Dcipher');
  await expect(page.getByRole('button', { name: 'Decline' })).toBeVisible();
  await page.getByLabel('First name').fill('Tia');
  await page.getByLabel('Last name').fill('Teammate');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${stack.urls.site}/`);

  await logIn(page, { email, password });
  await expect(page).toHaveURL(/\/workflows$/);
  const menu = page.getByRole('navigation', { name: 'Account area' });
  await expect(menu.getByRole('link', { name: 'Members', exact: true })).toHaveCount(0);
  await menu.getByRole('link', { name: 'My team' }).click();
  await expect(page.getByRole('list', { name: 'Your colleagues' })).toContainText('Ada Admin');
  await page.goto('/account/organization');
  await expect(
    page.getByText('Only organization admins can manage the organization’s members.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${stack.urls.site}/`);

  // The admin makes the teammate a guest, then removes them.
  await logIn(page, demoSignIn);
  await expect(page).toHaveURL(/\/workflows$/);
  await page.goto('/account/organization');
  await members.getByLabel('Search by name or email').fill(email);
  await members.getByRole('button', { name: 'Search' }).click();
  await members.getByLabel('Role of Tia Teammate').selectOption('guest');
  const question = members.getByRole('group', { name: 'Make Tia Teammate guest?' });
  await expect(question).toContainText('changes from teammate to guest');
  await question.getByRole('button', { name: 'Change role' }).click();
  await expect(members.getByText('Tia Teammate is now guest.')).toBeVisible();
  await expect(members.getByLabel('Role of Tia Teammate')).toHaveValue('guest');

  await members.getByRole('button', { name: 'Remove Tia Teammate' }).click();
  const removal = members.getByRole('group', { name: 'Remove Tia Teammate from the organization?' });
  await expect(removal).toContainText('Dcipher account is deleted');
  await removal.getByRole('button', { name: 'Remove member' }).click();
  await expect(members.getByText('Tia Teammate was removed from the organization.')).toBeVisible();
  await expect(members.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  const signIn = await request.post(`${stack.urls.api}/login`, { data: { email, password } });
  expect(signIn.status()).toBe(401);

  // The activity log has each change, newest first.
  const activity = page.getByRole('region', { name: 'Activity' });
  await activity.getByLabel('Show').selectOption('member');
  const entries = activity.getByRole('listitem');
  await expect(entries.nth(0)).toContainText('removed a member');
  await expect(entries.nth(1)).toContainText('changed a member’s role');
  await expect(activity).toContainText('joined the organization');
  await expect(activity).toContainText('invited a member');
});
