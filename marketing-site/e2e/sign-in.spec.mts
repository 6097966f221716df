import { demoSignIn, expect, logIn, test } from './fixtures.mjs';

test('the demo admin signs in through the remote, stays signed in across a reload, and logs out', async ({
  page,
  stack,
}) => {
  const remoteRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(stack.urls.remote)) remoteRequests.push(new URL(request.url()).pathname);
  });

  await logIn(page);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-name')).toHaveText('Ada Admin');
  await expect(page.getByTestId('account-email')).toHaveText(demoSignIn.email);
  // The login screen came from the remote at runtime, through its manifest.
  expect(remoteRequests).toContain('/mf-manifest.json');
  // The site's own header reads the same auth store the remote signed in with.
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('account-name')).toHaveText('Ada Admin');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${stack.urls.site}/`);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('dcipher.accessToken'))).toBeNull();

  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the catalogue message and keeps the email', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 401/);
  await logIn(page, { email: demoSignIn.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByLabel('Work email')).toHaveValue(demoSignIn.email);
  await expect(page).toHaveURL(/\/login$/);
});

test('an expired access token is exchanged with the refresh token; a failed exchange signs the user out', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 401/);
  await logIn(page);
  await expect(page.getByTestId('account-name')).toHaveText('Ada Admin');

  // An access token that no longer verifies: the stored refresh token gets a new pair.
  await page.evaluate(() => localStorage.setItem('dcipher.accessToken', 'expired.or.tampered'));
  await page.reload();
  await expect(page.getByTestId('account-name')).toHaveText('Ada Admin');
  expect(await page.evaluate(() => localStorage.getItem('dcipher.accessToken'))).not.toBe(
    'expired.or.tampered',
  );

  // Neither token works: the user is logged out and sent to sign in.
  await page.evaluate(() => {
    localStorage.setItem('dcipher.accessToken', 'expired.or.tampered');
    localStorage.setItem('dcipher.refreshToken', 'revoked');
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('dcipher.refreshToken'))).toBeNull();
});

test('with the remote server stopped, /login shows a fallback whose retry recovers', async ({
  page,
  stack,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/.*/); // the browser and the federation runtime report the refused connection
  await stack.stopService('remote');
  try {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await expect(page.getByLabel('Work email')).toHaveCount(0);
  } finally {
    await stack.startService('remote');
  }
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel('Work email')).toBeVisible();
});

test('visiting /logout signs the user out on the server and returns home', async ({ page, stack }) => {
  await logIn(page);
  await expect(page.getByTestId('account-name')).toHaveText('Ada Admin');
  const refreshToken = await page.evaluate(() => localStorage.getItem('dcipher.refreshToken'));
  await page.goto('/logout');
  await expect(page).toHaveURL(`${stack.urls.site}/`);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  // The forced flag ended the session on the server too: the old refresh token no longer works.
  const refreshed = await page.request.post(`${stack.urls.api}/token`, { data: { refreshToken } });
  expect(refreshed.status()).toBe(401);
});

test('"stay signed in" keeps the session cookies for 2 weeks instead of 12 hours', async ({
  page,
  context,
}) => {
  const cookieLifetime = async () => {
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'dcipher.refreshToken');
    return Math.round(((cookie?.expires ?? 0) - Date.now() / 1000) / 3600);
  };
  await logIn(page);
  await expect(page.getByTestId('account-name')).toHaveText('Ada Admin');
  expect(await cookieLifetime()).toBe(12);
  await page.goto('/logout');
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Work email').fill(demoSignIn.email);
  await page.getByLabel('Password').fill(demoSignIn.password);
  await page.getByLabel('Stay signed in for 2 weeks').check();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('account-name')).toHaveText('Ada Admin');
  expect(await cookieLifetime()).toBe(14 * 24);
});
