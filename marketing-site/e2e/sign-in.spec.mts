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
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Workflows');
  await expect(page.getByTestId('account-email')).toHaveText(demoSignIn.email);
  // The login screen came from the remote at runtime, through its manifest.
  expect(remoteRequests).toContain('/mf-manifest.json');
  // The site's own header reads the same auth store the remote signed in with.
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('account-email')).toHaveText(demoSignIn.email);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${stack.urls.site}/`);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('dcipher.accessToken'))).toBeNull();

  // Without a session the account page sends the visitor to log in, naming the page to come back to.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount$/);
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
  context,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 401/);
  await logIn(page);
  await expect(page.getByTestId('account-email')).toHaveText(demoSignIn.email);

  // An access token that no longer verifies: the session's HttpOnly refresh cookie gets a new pair.
  await page.evaluate(() => localStorage.setItem('dcipher.accessToken', 'expired.or.tampered'));
  await page.reload();
  await expect(page.getByTestId('account-email')).toHaveText(demoSignIn.email);
  expect(await page.evaluate(() => localStorage.getItem('dcipher.accessToken'))).not.toBe(
    'expired.or.tampered',
  );

  // Neither token works: the user is logged out and sent to sign in.
  const refreshCookie = (await context.cookies()).find((cookie) => cookie.name === 'dcipher_refresh');
  expect(refreshCookie).toBeDefined();
  await context.addCookies([{ ...(refreshCookie as NonNullable<typeof refreshCookie>), value: 'revoked' }]);
  await page.evaluate(() => localStorage.setItem('dcipher.accessToken', 'expired.or.tampered'));
  await page.reload();
  // From the page they were on, which the login brings them back to (docs/decisions/0084).
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fworkflows$/);
  expect(await page.evaluate(() => localStorage.getItem('dcipher.accessToken'))).toBeNull();
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

test('visiting /logout signs the user out on the server and returns home', async ({
  page,
  context,
  stack,
}) => {
  await logIn(page);
  await expect(page.getByTestId('account-email')).toHaveText(demoSignIn.email);
  const refreshToken = (await context.cookies()).find((cookie) => cookie.name === 'dcipher_refresh')?.value;
  expect(refreshToken).toMatch(/^[\w-]{43}$/);
  await page.goto('/logout');
  await expect(page).toHaveURL(`${stack.urls.site}/`);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  // The forced flag ended the session on the server too: the old refresh token no longer works.
  const refreshed = await page.request.post(`${stack.urls.api}/token`, { data: { refreshToken } });
  expect(refreshed.status()).toBe(401);
  expect(
    (await context.cookies()).some((cookie) => cookie.name === 'dcipher_refresh'),
    'the session cookie is gone',
  ).toBe(false);
});

test('"stay signed in" keeps the session cookies for 2 weeks instead of 12 hours', async ({
  page,
  context,
}) => {
  const cookieLifetime = async () => {
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'dcipher_refresh');
    return Math.round(((cookie?.expires ?? 0) - Date.now() / 1000) / 3600);
  };
  await logIn(page);
  await expect(page.getByTestId('account-email')).toHaveText(demoSignIn.email);
  expect(await cookieLifetime()).toBe(12);
  await page.goto('/logout');
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Work email').fill(demoSignIn.email);
  await page.getByLabel('Password').fill(demoSignIn.password);
  await page.getByLabel('Stay signed in for 2 weeks').check();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('account-email')).toHaveText(demoSignIn.email);
  expect(await cookieLifetime()).toBe(14 * 24);
});

test('no script in the page can read the refresh token: it is an HttpOnly cookie of the API', async ({
  page,
  context,
  stack,
}) => {
  await logIn(page);
  await expect(page.getByTestId('account-email')).toHaveText(demoSignIn.email);
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'dcipher_refresh');
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/token' });
  const refreshToken = cookie?.value ?? '';
  expect(refreshToken).toMatch(/^[\w-]{43}$/);

  // Everything a script running in the page can see: storage, cookies, and the API's answers it can call for.
  const seen = await page.evaluate(async (apiUrl) => {
    const stored = Object.entries(localStorage).concat(Object.entries(sessionStorage));
    const refreshed = await fetch(`${apiUrl}/token`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return { stored: JSON.stringify(stored), cookies: document.cookie, answer: await refreshed.text() };
  }, stack.urls.api);
  expect(seen.answer).toContain('accessToken');
  const rotated = (await context.cookies()).find((candidate) => candidate.name === 'dcipher_refresh');
  for (const token of [refreshToken, rotated?.value ?? '']) {
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(seen.stored).not.toContain(token);
    expect(seen.cookies).not.toContain(token);
    expect(seen.answer).not.toContain(token);
  }
});

test('a script injected into a page does not run: the page policy blocks it', async ({
  page,
  allowConsoleErrors,
  cspViolations,
}) => {
  // A page the test's route answers has no network address, so Chromium also refuses its calls to localhost.
  allowConsoleErrors(/Content Security Policy|address space|ERR_FAILED/);
  // The test's own route adds an inline script to the home page, as an injection would.
  await page.route(/\/$/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '</body>',
      '<script>window.__injected = document.cookie + localStorage.length;</script></body>',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() => cspViolations.take().map((violation) => violation.directive))
    .toContain('script-src-elem');
  expect(await page.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
  // The site's own scripts still ran (hydrated): the header reads the auth store.
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
});

test('the site refuses to be framed and sends its security headers', async ({ page, stack }) => {
  const response = await page.request.get(`${stack.urls.site}/login`);
  const policy = response.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("'strict-dynamic'");
  expect(response.headers()['x-frame-options']).toBe('DENY');
  expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const sourceMap = await page.request.get(`${stack.urls.site}/app.js.map`);
  expect(sourceMap.status()).toBe(404);
});
