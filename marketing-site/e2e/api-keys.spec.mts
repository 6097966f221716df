import { join } from 'node:path';
import { demoSignIn, expect, logIn, test } from './fixtures.mjs';

/** Reads the API's database (PGlite has one writer, so the API is stopped meanwhile): what is stored of a key. */
async function queryDatabase<T>(
  stack: {
    dataDir: string;
    stopService(name: string): Promise<void>;
    startService(name: string): Promise<void>;
  },
  sql: string,
  parameters: unknown[] = [],
): Promise<T[]> {
  await stack.stopService('api');
  const { PGlite } = await import('@electric-sql/pglite');
  const database = await PGlite.create({ dataDir: join(stack.dataDir, 'pglite') });
  try {
    return (await database.query<T>(sql, parameters)).rows;
  } finally {
    await database.close();
    await stack.startService('api');
  }
}

test('an admin creates an API key, sees it once, uses it, and revokes it; the activity log has both', async ({
  page,
  stack,
}) => {
  const name = `E2E export ${Date.now()}`;
  await logIn(page, demoSignIn);
  await expect(page).toHaveURL(/\/workflows$/);
  await page
    .getByRole('navigation', { name: 'Account area' })
    .getByRole('link', { name: 'API keys' })
    .click();
  await expect(page).toHaveURL(/\/account\/api-keys$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API keys');

  const keys = page.getByRole('region', { name: 'Integration keys' });
  await keys.getByLabel('Name of the new API key').fill(name);
  await keys.getByRole('button', { name: 'Create API key' }).click();
  await expect(keys.getByText('Copy it now: it will not be shown again.', { exact: false })).toBeVisible();
  const secret = await keys.getByTestId('issued-api-key-secret').inputValue();
  expect(secret).toMatch(/^dcp_live_[A-Za-z0-9_-]{43}$/);

  // Used as an integration would: the key in the X-API-Key header, acting as the admin who created it.
  const used = await page.request.get(`${stack.urls.api}/account`, { headers: { 'X-API-Key': secret } });
  expect(used.status()).toBe(200);
  expect((await used.json()).email).toBe(demoSignIn.email);
  const notAllowed = await page.request.get(`${stack.urls.api}/api-key`, {
    headers: { 'X-API-Key': secret },
  });
  expect(notAllowed.status()).toBe(403);

  await keys.getByRole('button', { name: 'I have saved it' }).click();
  await expect(keys.getByTestId('issued-api-key-secret')).toHaveCount(0);
  await page.reload();
  const row = page
    .getByRole('region', { name: 'Integration keys' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(row).toContainText('Last used');
  await expect(row).toContainText(secret.slice(0, 13));
  expect(await page.content()).not.toContain(secret);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await expect(row.getByText('stops working at once and cannot be restored', { exact: false })).toBeVisible();
  await row.getByRole('button', { name: 'Revoke the key' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${name}” has been revoked.` })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);

  const refused = await page.request.get(`${stack.urls.api}/account`, { headers: { 'X-API-Key': secret } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe('API_KEY_INVALID');

  // The activity log shows both, newest first.
  await page.goto('/account/organization/activity');
  const activity = page.getByRole('region', { name: 'Changes to the organization' });
  await activity.getByLabel('Show').selectOption('api-key');
  await activity.getByRole('button', { name: 'Apply filter' }).click();
  await expect(activity.getByRole('listitem').first()).toContainText(
    `Ada Admin revoked the API key “${name}”`,
  );
  await expect(activity.getByRole('listitem').nth(1)).toContainText(
    `Ada Admin created the API key “${name}”`,
  );
  await expect(activity).toContainText(demoSignIn.email);
  const stored = await queryDatabase<{ secret_hash: string }>(stack, 'select secret_hash from api_keys');
  expect(JSON.stringify(stored)).not.toContain(secret);
});
