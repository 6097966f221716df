import { startDevOidcProvider } from '@dcipher/dev-oidc';
import { demoSignIn, expect, test } from './fixtures.mjs';

test('SSO sign-in through a real OpenID Connect provider on loopback, and a cancelled one, back to the page asked for', async ({
  page,
  request,
  stack,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 404/); // the address whose domain has no SSO
  allowConsoleErrors(/status of 400/); // the cancelled sign-in's callback
  const client = {
    client_id: 'dcipher-e2e',
    client_secret: 'e2e-client-secret-only-for-this-test',
    redirect_uris: [`${stack.urls.site}/login/sso`],
  };
  const provider = await startDevOidcProvider({ clients: [client] });
  const admin = await (await request.post(`${stack.urls.api}/login`, { data: demoSignIn })).json();
  const headers = { authorization: `Bearer ${admin.accessToken}` };
  try {
    // The organization's admin configures SSO for its email domain.
    const configured = await request.post(`${stack.urls.api}/sso/configs`, {
      headers,
      data: {
        issuerUrl: provider.issuer,
        clientId: client.client_id,
        clientSecret: client.client_secret,
        emailDomains: ['demo.dcipher.local'],
      },
    });
    expect(configured.status(), await configured.text()).toBe(200);
    expect((await configured.json()).redirectUri).toBe(`${stack.urls.site}/login/sso`);
    // Only a verified domain is routed to SSO (docs/decisions/0036); with dev aids a reserved test domain such as
    // demo.dcipher.local verifies without a DNS lookup.
    const verified = await request.post(`${stack.urls.api}/sso/configs/domains/verify`, {
      headers,
      data: { domain: 'demo.dcipher.local' },
    });
    expect(verified.status(), await verified.text()).toBe(200);

    // An account page asked for without a session leads to the login page, which leads to SSO with the page to
    // return to; an address without SSO is told to use its password.
    await page.goto('/account/privacy');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount%2Fprivacy$/);
    // The page's HTML link is the build's; once the form is live it carries the page on.
    const ssoLink = page.getByRole('link', { name: 'Log in with SSO' });
    await expect(ssoLink).toHaveAttribute('href', '/login/sso?returnTo=%2Faccount%2Fprivacy');
    await ssoLink.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in with SSO');
    await expect(page).toHaveURL(/\/login\/sso\?returnTo=%2Faccount%2Fprivacy$/);
    await page.getByLabel('Work email').fill('someone@no-sso.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Single sign-on is not set up for your email address. Log in with your password.',
    );

    // A cancelled sign-in at the identity provider comes back with a clear message.
    await page.getByLabel('Work email').fill('teammate@demo.dcipher.local');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login\/sso\?/);
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();

    // Signed in at the identity provider, back through the callback, signed in here, on the page first asked for.
    await page.getByLabel('Work email').fill('teammate@demo.dcipher.local');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
    await page.getByLabel('Email').fill('teammate@demo.dcipher.local');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/account\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy & security');
    await expect(page.getByTestId('account-email')).toHaveText('teammate@demo.dcipher.local');
  } finally {
    await request.delete(`${stack.urls.api}/sso/configs`, { headers });
    await provider.stop();
  }
});
