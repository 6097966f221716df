import { changeDatabase, demoSignIn, emailedLink, expect, test } from './fixtures.mjs';

const invitationLink = /https?:\/\/\S+\/signup\?invitation=[\w%-]+/;

test('an invited teammate accepts, is signed in, and the used link says so; an expired one asks for a new one', async ({
  page,
  request,
  stack,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 409/); // opening the accepted link again
  const stamp = Date.now();
  const [invitee, late] = [`invitee.${stamp}@example.com`, `late.${stamp}@example.com`];
  const admin = await (await request.post(`${stack.urls.api}/login`, { data: demoSignIn })).json();
  for (const email of [invitee, late]) {
    const invited = await request.post(`${stack.urls.api}/org-admin/invites`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
      data: { email, role: 'teammate' },
    });
    expect(invited.status()).toBe(201);
    expect((await invited.json()).status).toBe('InvitationSent');
  }

  // The invitee opens the emailed link, chooses a name and password, and lands signed in.
  const link = await emailedLink(request, stack.urls.api, invitee, invitationLink);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join Demo Org on Dcipher');
  await expect(page.getByText('Ada Admin invited you as teammate.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(invitee);
  await page.getByLabel('First name').fill('Ivy');
  await page.getByLabel('Last name').fill('Invitee');
  await page.getByLabel('Password', { exact: true }).fill('Welcome-Aboard-2026');
  await page.getByLabel('Confirm password').fill('Welcome-Aboard-2026');
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(page.getByTestId('account-email')).toHaveText(invitee);

  // Active now: the password works at the API, and the link cannot be used twice.
  const signedIn = await request.post(`${stack.urls.api}/login`, {
    data: { email: invitee, password: 'Welcome-Aboard-2026' },
  });
  expect(signedIn.status()).toBe(200);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${stack.urls.site}/`);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This invitation has already been accepted',
  );
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // An invitation left for longer than 7 days has expired; the invitee asks the admin for a new one.
  const lateLink = await emailedLink(request, stack.urls.api, late, invitationLink);
  await changeDatabase(
    stack,
    `update invitations set expires_at = now() - interval '1 minute'
     where user_id = (select id from users where email = $1)`,
    [late],
  );
  await page.goto(lateLink);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This invitation has expired');
  await page.getByRole('button', { name: 'Ask Ada Admin for a new invitation' }).click();
  await expect(page.getByText('We asked Ada Admin to send you a new invitation.')).toBeVisible();
});
