import { createHash, randomBytes } from 'node:crypto';
import { changeDatabase, emailedLink, expect, test } from './fixtures.mjs';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

test('an email verification link shows progress, then success; an expired one offers a new link that works', async ({
  page,
  request,
  stack,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400/); // the expired link's answer
  const email = `unverified.${Date.now()}@example.com`;
  const expired = randomBytes(32).toString('base64url');
  await changeDatabase(
    stack,
    `with organization as (
       insert into organizations (name, customer_type, trial_ends_at)
       values ('Verification Org', 'Individual', now() + interval '14 days') returning id
     ), member as (
       insert into users (email, first_name, last_name, password_hash, status, organization_id, role)
       select $1, 'Vera', 'Fication', null, 'Active', id, 'admin' from organization returning id
     )
     insert into email_verification_tokens (user_id, token_hash, expires_at)
     select id, $2, now() - interval '1 hour' from member`,
    [email, sha256(expired)],
  );

  // Expired: the screen says so and sends a new link, which then confirms the address.
  await page.goto(`/verify-email?token=${expired}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link has expired');
  await expect(page.getByRole('alert')).toHaveText(
    'The verification link has expired. We can send you a new one.',
  );
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(
    page.getByText('If an unconfirmed account uses that address, a new link is on its way.'),
  ).toBeVisible();

  const link = await emailedLink(
    request,
    stack.urls.api,
    email,
    /https?:\/\/\S+\/verify-email\?token=[\w-]+/,
  );
  expect(link).not.toContain(expired);

  // In progress while the API answers (held back a moment here), then success.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/verify-email', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await held;
    await route.continue();
  });
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText('Confirming your email address…');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email confirmed');
  await expect(page.getByText(email)).toBeVisible();
});
