import type { APIRequestContext, Page } from '@playwright/test';
import { createAccountOnOpenForm, emailedLink, expect, keepScreenshot, test } from './fixtures.mjs';

// Issue 25 point 3, as customers see it (docs/decisions/0078), at a phone's width and a desktop's.
const password = 'Harbour-Lights-2026';
const nextYear = new Date().getUTCFullYear() + 2;

type Mail = { subject: string; text: string; tag?: string };
const mailTo = async (request: APIRequestContext, apiUrl: string, email: string): Promise<Mail[]> =>
  (await (await request.get(`${apiUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as Mail[];

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test(`billing without surprises: €, confirmed charges, the trial kept, receipts, deletion (${viewport.name})`, async ({
    page,
    request,
    stack,
    allowConsoleErrors,
  }, testInfo) => {
    test.setTimeout(180_000);
    allowConsoleErrors(/status of 401/); // signing out after the account is deleted
    allowConsoleErrors(/status of 402/); // the declined card
    await page.setViewportSize(viewport);
    const shot = (name: string) =>
      keepScreenshot(page, testInfo.outputPath(`${name}-${viewport.name}.png`), { fullPage: true });
    const email = `eve.euro.${viewport.name}.${Date.now()}@example.com`;

    // A visitor picks euros on the pricing page, then signs up.
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Decline' }).click();
    // Once the page answers the switcher (pounds shown), the visitor settles on euros.
    await page.getByLabel('Currency').selectOption('gpb');
    await expect(page.getByText(/£\d/).first()).toBeVisible();
    await page.getByLabel('Currency').selectOption('eur');
    await expect(page.getByText(/€\d/).first()).toBeVisible();
    await page.goto('/signup?plan=starter-monthly');
    await expect(page.getByRole('region', { name: 'Your plan' })).toContainText(
      '€45.00 per month before VAT',
    );
    await createAccountOnOpenForm(page, { firstName: 'Eve', lastName: 'Euro', email, password });
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.goto(
      await emailedLink(request, stack.urls.api, email, /https?:\/\/\S+\/verify-email\?token=[\w-]+/),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email confirmed');

    // A card billed in the US: the currency chosen on the pricing page stays euros.
    // One billing-details form, prefilled from the account (an individual billed as one), saved once; then the card
    // form asks only the card, and a decline shows beside it with focus on it (docs/decisions/0086).
    await page.goto('/payment');
    await expect(page.getByTestId('card-needs-billing')).toBeVisible();
    const details = page.getByRole('form', { name: 'Set billing details' });
    await expect(details.getByLabel('Billing type')).toHaveValue('Individual');
    await details.getByLabel('Billing address').fill('1 Harbour Street, Arlington');
    await details.getByLabel('Country').selectOption('US');
    await details.getByRole('button', { name: 'Save billing details' }).click();
    await expect(page.getByTestId('billing-details')).toContainText('1 Harbour Street, Arlington');
    await expect(details).toHaveCount(0);
    const form = page.getByRole('form', { name: 'Add a card' });
    // The billing form closed: focus went on to the card.
    await expect(form.getByLabel('Card holder')).toBeFocused();
    await expect(page.getByTestId('card-billed-to')).toHaveText(
      'Billed to: 1 Harbour Street, Arlington, United States, Individual customer. Change them under Billing details.',
    );
    await expect(form.getByRole('textbox')).toHaveCount(4); // card holder, number, expiry, CVC
    await expect(form.getByRole('combobox')).toHaveCount(0);
    await form.getByLabel('Card holder').fill('Eve Euro');
    await form.getByLabel('Card number').fill('4000 0000 0000 0002');
    await form.getByLabel('Expiry (MM/YYYY)').fill(`12/${nextYear}`);
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('button', { name: 'Save card' }).click();
    await expect(form.getByRole('alert')).toHaveText('Your card was declined. Try another card.');
    await expect(page.getByTestId('card-error')).toBeFocused();
    await expect(page.getByTestId('card-error')).toBeInViewport();
    await noSidewaysScroll(page, viewport.width);
    await shot('card-declined');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText('ending in 4242 is saved')).toBeVisible();
    await shot('payment-method');

    // Available plans: in euros, the trial's days said; picking a plan keeps the trial and says when billing starts.
    await page.goto('/subscription/options');
    await expect(page.getByText('Prices in Euros (€), before VAT.')).toBeVisible();
    await expect(page.getByTestId('trial-state')).toContainText('14 days left');
    await expect(page.getByTestId('plan-starter-monthly')).toContainText('€45');
    await page.getByRole('button', { name: 'Choose Starter (monthly)' }).click();
    let dialog = page.getByRole('dialog', { name: 'Confirm Starter (monthly)' });
    await expect(dialog).toContainText('You keep the 14 days of trial left; billing starts on');
    await expect(dialog.getByTestId('charge-total')).toHaveText('€45.00');
    await expect(dialog.getByTestId('charge-when')).toContainText('Charged to your card on');
    await noSidewaysScroll(page, viewport.width);
    await shot('plan-confirmation');
    await dialog.getByRole('button', { name: /^Choose Starter: €45\.00 on / }).click();
    // The plan picked during the trial is shown with what is due and when (issue 36, decision 0113).
    await expect(
      page.getByText(
        /Starter \(monthly\) starts when your free trial ends: €45\.00 due on .+ when your trial ends, nothing before\./,
      ),
    ).toBeVisible();
    await page.goto('/subscription');
    await expect(page.getByTestId('plan-status')).toHaveText('Free trial ends in 14 days');
    await expect(page.getByTestId('trial-state')).toContainText(
      'Starter (monthly) starts then: €45.00 due on',
    );

    // Credits: explained in euros; the first click only shows the total; confirming charges it once.
    await page.goto('/payment/wallet');
    await expect(page.getByTestId('credits-explained')).toContainText('You buy them in euros');
    await page.getByRole('button', { name: 'Buy 2,500 credits' }).click();
    dialog = page.getByRole('dialog', { name: 'Buy 2,500 credits' });
    await expect(dialog.getByTestId('charge-total')).toHaveText('€23.00'); // no VAT in the US
    await expect(dialog.getByTestId('charge-when')).toHaveText('Charged now to your card');
    await shot('credits-confirmation');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Buy 2,500 credits' })).toBeFocused();
    await expect(page.getByTestId('credit-balance')).toHaveText('0 credits'); // nothing charged
    await page.getByRole('button', { name: 'Buy 2,500 credits' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pay €23.00' }).click();
    await expect(page.getByText(/^2,500 credits added: €23\.00 paid \(invoice DC-\d{6}\)\./)).toBeVisible();
    await expect(page.getByTestId('credit-balance')).toHaveText('2,500 credits');

    // A receipt with the invoice arrives.
    await expect
      .poll(async () =>
        (await mailTo(request, stack.urls.api, email)).find((mail) =>
          mail.subject.startsWith('Your Dcipher receipt'),
        ),
      )
      .toBeTruthy();
    const receipt = (await mailTo(request, stack.urls.api, email)).find((mail) =>
      mail.subject.startsWith('Your Dcipher receipt'),
    )!;
    expect(receipt.subject).toMatch(/^Your Dcipher receipt: invoice DC-\d{6}, €23\.00$/);
    expect(receipt.text).toContain('2,500 credits for the wallet: €23.00');
    expect(receipt.text).toContain('Total charged: €23.00');

    // Starting the plan now, explicitly, ends the trial; then an add-on, confirmed the same way.
    await page.goto('/subscription/options');
    await page.getByRole('button', { name: 'Choose Starter (monthly)' }).click();
    dialog = page.getByRole('dialog', { name: 'Confirm Starter (monthly)' });
    // The price first, as a person reads it (the dialog grows downward when it arrives: decision 0153).
    await expect(dialog.getByTestId('charge-total')).toBeVisible();
    await dialog.getByLabel('Start now: pay today, and the free trial ends').check();
    await expect(dialog).toContainText('your free trial ends now');
    await expect(dialog.getByTestId('charge-when')).toHaveText('Charged now to your card');
    await dialog.getByRole('button', { name: 'Pay €45.00 now' }).click();
    await expect(page.getByText(/^Paid €45\.00: invoice DC-\d{6}\./)).toBeVisible();
    await page.goto('/addons');
    await page.getByRole('button', { name: 'Buy Social media boost' }).click();
    dialog = page.getByRole('dialog', { name: 'Buy Social media boost' });
    await expect(dialog.getByTestId('charge-total')).toHaveText(/^€\d+\.\d\d$/);
    const addOnTotal = (await dialog.getByTestId('charge-total').textContent()) ?? '';
    await expect(page.getByRole('list', { name: 'My add-ons' })).toHaveCount(0); // nothing bought yet
    await shot('add-on-confirmation');
    await dialog.getByRole('button', { name: `Pay ${addOnTotal}` }).click();
    await expect(
      page.getByText(
        new RegExp(`^Social media boost added until .*: ${addOnTotal.replace('.', '\\.')} paid`),
      ),
    ).toBeVisible();

    // Deleting the account says what happens to the plan, credits and add-on, cancels them, and emails.
    await page.goto('/account/delete');
    const money = page.getByTestId('deletion-money');
    await expect(money).toContainText('the organization is deleted with your account');
    await expect(money).toContainText('your plan Starter (€45.00 per month) is cancelled at once');
    await expect(money).toContainText('2,500 prepaid credits in your wallet are forfeited');
    await expect(money).toContainText('the add-on Social media boost');
    await expect(page.getByText(/stay with the organization/)).toHaveCount(0);
    await noSidewaysScroll(page, viewport.width);
    await shot('delete-account');
    await page.getByLabel('Type your email address to confirm').fill(email);
    await page.getByRole('button', { name: 'Delete my account permanently' }).click();
    await expect
      .poll(async () =>
        (await mailTo(request, stack.urls.api, email)).find(
          (mail) => mail.subject === 'Your Dcipher account is deleted',
        ),
      )
      .toBeTruthy();
    const deleted = (await mailTo(request, stack.urls.api, email)).find(
      (mail) => mail.subject === 'Your Dcipher account is deleted',
    )!;
    expect(deleted.text).toContain('Your plan Starter (€45.00 per month) is cancelled');
    expect(deleted.text).toContain('2,500 prepaid credits in the wallet are forfeited');
  });
}
