import { changeDatabase, emailedLink, expect, test } from './fixtures.mjs';

const staff = { email: 'staff@demo.dcipher.local', password: 'Dcipher-demo-2026!' };
const linkPattern = /https?:\/\/\S+\/reactivate-trial\?token=[\w%-]+/;

test('trial reactivation: in progress, success, already active and failed, each leading on', async ({
  page,
  request,
  stack,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 409/); // the already-active answer
  allowConsoleErrors(/status of 400/); // the failed answer
  const stamp = Date.now();
  const [ended, renewed] = [`ended.${stamp}@example.com`, `renewed.${stamp}@example.com`];
  // Two organizations whose free trial ended yesterday, each with a verified admin.
  await changeDatabase(
    stack,
    `with organization as (
       insert into organizations (name, customer_type, trial_ends_at)
       select 'Lapsed ' || address, 'Individual', now() - interval '1 day' from unnest($1::text[]) as address
       returning id, substring(name from 8) as address
     )
     insert into users (email, first_name, last_name, password_hash, status, organization_id, role, email_verified_at)
     select address, 'Lapsed', 'Admin', null, 'Active', id, 'admin', now() from organization`,
    [[ended, renewed]],
  );

  // The scheduled sender, run by a staff account, emails each admin a one-time link.
  const session = await (await request.post(`${stack.urls.api}/login`, { data: staff })).json();
  const sent = await request.post(`${stack.urls.api}/send-trial-reactivation-emails`, {
    headers: { authorization: `Bearer ${session.accessToken}` },
    data: {},
  });
  expect(sent.status()).toBe(200);
  expect((await sent.json()).sent).toBeGreaterThanOrEqual(2);
  const endedLink = await emailedLink(request, stack.urls.api, ended, linkPattern);
  const renewedLink = await emailedLink(request, stack.urls.api, renewed, linkPattern);

  // In progress while the API answers (held back a moment here), then success, then on to log in.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/reactivate-trial', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await page.goto(endedLink);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reactivating your free trial');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your free trial is active again');
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');

  // Already active: this organization got a subscription (here: its trial was renewed) before the link was used.
  await changeDatabase(
    stack,
    `update organizations set trial_ends_at = now() + interval '10 days'
     where id = (select organization_id from users where email = $1)`,
    [renewed],
  );
  await page.goto(renewedLink);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your subscription is already active');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Failed: a used or broken link shows the catalogue message and the ways forward.
  await page.goto(endedLink);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not reactivate your free trial');
  await expect(page.getByRole('alert')).toHaveText('Unexpected error while reactivating your free trial');
  await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
});
