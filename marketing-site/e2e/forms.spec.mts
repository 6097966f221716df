import { createMember, emailedLink, expect, logIn, test } from './fixtures.mjs';

test('the contact form shows the spec messages for bad input and sends nothing', async ({ page }) => {
  let posted = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/contact-requests')) posted += 1;
  });
  await page.goto('/contact-us');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
  await page.getByLabel('Work email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  expect(await page.getByText('This field is required').count()).toBeGreaterThanOrEqual(5);
  await expect(page.getByLabel('Work email')).toHaveValue('not-an-email');
  expect(posted).toBe(0);
});

test('a valid contact request reaches the API and is confirmed', async ({ page }) => {
  await page.goto('/contact-us?topic=sales');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
  await expect(page.getByLabel('What is it about?')).toHaveValue('sales');
  await page.getByLabel('First name').fill('Maria');
  await page.getByLabel('Last name').fill('Jensen');
  await page.getByLabel('Work email').fill('Maria.Jensen@Example.com');
  await page.getByRole('textbox', { name: 'Company' }).fill('Nordlys Research');
  await page.getByLabel('Message', { exact: true }).fill('We would like a custom plan for 40 analysts.');
  const answer = page.waitForResponse((response) => response.url().endsWith('/contact-requests'));
  await page.getByRole('button', { name: 'Send message' }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({
    firstName: 'Maria',
    email: 'maria.jensen@example.com',
    topic: 'sales',
    message: 'We would like a custom plan for 40 analysts.',
  });
  expect((await response.json()).id).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole('status')).toContainText('Thank you, your message is on its way.');
  await expect(page.getByRole('status')).toContainText(
    'We have sent a confirmation to maria.jensen@example.com',
  );
});

test('the white-paper form validates, hands out the paper, then offers an email-only trial start', async ({
  page,
  request,
  stack,
}) => {
  await page.goto('/download-whitepaper');
  await expect(page.getByRole('button', { name: 'Get the white paper' })).toBeEnabled();
  await page.getByRole('button', { name: 'Get the white paper' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page.getByLabel('First name').fill('Ola');
  await page.getByLabel('Last name').fill('Berg');
  await page.getByLabel('Work email').fill('ola@fjordinsight.no');
  await page.getByRole('textbox', { name: 'Company' }).fill('Fjord Insight');
  const answer = page.waitForResponse((response) => response.url().endsWith('/white-paper'));
  await page.getByRole('button', { name: 'Get the white paper' }).click();
  expect((await answer).status()).toBe(201);
  const link = page.getByRole('link', { name: 'Download the white paper (PDF)' });
  await expect(link).toBeVisible();
  await expect(page.getByText('We have also emailed a link to it to ola@fjordinsight.no')).toBeVisible();
  const pdf = await request.get((await link.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The quick sign-up call to action: the address is kept, a link to finish signing up is emailed.
  const quickSignup = page.getByRole('form', { name: 'Start a free trial' });
  await expect(quickSignup.getByLabel('Work email')).toHaveValue('ola@fjordinsight.no');
  await quickSignup.getByRole('button', { name: 'Email me a sign-up link' }).click();
  await expect(page.getByText('We sent a link to ola@fjordinsight.no.', { exact: false })).toBeVisible();
  await page.goto(
    await emailedLink(request, stack.urls.api, 'ola@fjordinsight.no', /https?:\/\/\S+\/signup\?email=\S+/),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create account (1/2)');
  await expect(page.getByLabel('Work email')).toHaveValue('ola@fjordinsight.no');
});

test('pricing shows the API plans in minor units per currency, with a path per plan', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Starter', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Enterprise', level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact sales' })).toHaveAttribute(
    'href',
    '/contact-us?topic=sales',
  );
  await expect(page.getByRole('link', { name: /Start 14-day free trial/ }).first()).toHaveAttribute(
    'href',
    /\/signup\?plan=/,
  );
  await page.getByLabel('Currency').selectOption('gpb');
  await expect(page.getByTestId('price-starter-monthly')).toContainText('£');
  await page.getByLabel('Annual (save 20%)').check();
  await expect(page.getByTestId('price-starter-annual')).toContainText('per year');
});

test('a currency and period picked before the pricing page has hydrated are the ones priced', async ({
  page,
}) => {
  await page.route('**/*.js', async (route) => {
    // Hold the scripts back so the visitor picks on the server-rendered page.
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/pricing', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Currency').selectOption('gpb');
  await page.getByLabel(/^Annual/).check();
  await expect(page.getByTestId('price-starter-annual')).toContainText('£');
  await expect(page.getByLabel('Currency')).toHaveValue('gpb');
  await expect(page.getByLabel(/^Annual/)).toBeChecked();
});

test('what a visitor types before the page has hydrated is kept', async ({ page }) => {
  await page.route('**/*.js', async (route) => {
    // Hold the scripts back so the visitor types into the server-rendered form.
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/contact-us', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await page.getByLabel('Work email').fill('early@example.com');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
  await page.getByRole('button', { name: 'Send message' }).click();
  // Six fields are required; the email typed early counts, so five are reported.
  await expect(page.getByText('This field is required')).toHaveCount(5);
  await expect(page.getByLabel('Work email')).toHaveValue('early@example.com');
});

test('a signed-in customer writes to the team from the account area, as themselves', async ({
  page,
  request,
  stack,
}) => {
  const member = await createMember(request, stack, { firstName: 'Carla', lastName: 'Contact' });
  await logIn(page, member);
  await expect(page).toHaveURL(/\/workflows$/);
  await page
    .getByRole('navigation', { name: 'Account area' })
    .getByRole('link', { name: 'Contact', exact: true })
    .click();
  await expect(page).toHaveURL(/\/account\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: '+45 70 70 17 17' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'info@dcipher.io' })).toBeVisible();
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill('Can we move our data to another region?');
  const answer = page.waitForResponse((response) => response.url().endsWith('/contact-requests'));
  await page.getByRole('button', { name: 'Send message' }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({
    firstName: 'Carla',
    lastName: 'Contact',
    email: member.email,
    topic: 'support',
    message: 'Can we move our data to another region?',
  });
  await expect(page.getByRole('status')).toContainText(`We have sent a confirmation to ${member.email}`);
});
