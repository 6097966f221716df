import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import type {
  Invoice,
  PlanChangeQuote,
  PricingPlan,
  ScheduledTrialPlan,
  SubscriptionSummary,
} from '@dcipher/shared/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith, callsOf, trialSummary } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';
import { SiteHost } from '../../test-support/site-host';

const initialState = authStore.getState();

const trial: SubscriptionSummary = { ...trialSummary, hasPaymentMethod: true };
const active: SubscriptionSummary = {
  ...trial,
  state: 'active',
  label: 'Active',
  daysLeft: 30,
  plan: { id: 'business-monthly', name: 'Business', billingPeriod: 'monthly', price: 49900, currency: 'usd' },
  endsAt: '2026-12-24T10:00:00.000Z',
  trialIncludes: null,
};
/** Business picked during the trial with WELCOME20, in euros with 25 % VAT: €139.00 due when the trial ends. */
const scheduledBusiness: ScheduledTrialPlan = {
  id: 'business-monthly',
  name: 'Business',
  billingPeriod: 'monthly',
  currency: 'eur',
  subtotal: 13900,
  discount: 2780,
  promoCode: 'WELCOME20',
  vatRateBasisPoints: 2500,
  reverseCharge: false,
  vat: 2780,
  total: 13900,
  startsAt: '2026-12-13T10:00:00.000Z',
};
const trialWithScheduledPlan: SubscriptionSummary = {
  ...trial,
  label: 'Free trial ends in 14 days',
  daysLeft: 14,
  endsAt: scheduledBusiness.startsAt,
  currency: 'eur',
  currencyChosen: true,
  trialPlan: scheduledBusiness,
};
const plan = (id: string, customerType: 'Individual' | 'Business', usd: number): PricingPlan => ({
  id,
  name: id.split('-')[0]!.replace(/^./, (first) => first.toUpperCase()),
  description: `The ${id} plan`,
  customerType,
  billingPeriod: id.endsWith('annual') ? 'annual' : 'monthly',
  prices: { usd, eur: usd, gpb: usd },
  trialDays: 14,
  features:
    customerType === 'Business'
      ? ['Organization with admins, teammates and guests', 'SSO']
      : ['Research bot'],
  quotas: [],
  isCustom: false,
  sortOrder: 1,
});
const plans = [
  plan('starter-monthly', 'Individual', 4900),
  plan('business-monthly', 'Business', 49900),
  plan('business-annual', 'Business', 478800),
];
const quote: PlanChangeQuote = {
  planId: 'business-monthly',
  planName: 'Business',
  kind: 'start',
  currency: 'usd',
  charge: 49900,
  credit: 0,
  subtotal: 49900,
  discount: 0,
  promoCode: null,
  vatRateBasisPoints: 2500,
  reverseCharge: false,
  vat: 12475,
  total: 62375,
  effectiveAt: '2026-11-24T10:00:00.000Z',
  periodEnd: '2026-12-24T10:00:00.000Z',
  chargedAt: '2026-11-24T10:00:00.000Z',
  trialDaysKept: 0,
};
/** The API's quote: from the trial's end when the trial is kept (`startNow=false`), else from now. */
const keptOrNow = (input: { query: { startNow?: string } }): PlanChangeQuote =>
  input.query.startNow === 'false'
    ? { ...quote, effectiveAt: trial.endsAt!, chargedAt: trial.endsAt!, trialDaysKept: 9 }
    : quote;
const invoice: Invoice = {
  id: 'a3a4b6f0-1c7e-4a55-9e0a-7f1b2c3d4e5f',
  number: 'DC-000042',
  issuedAt: '2026-11-24T10:00:00.000Z',
  periodStart: '2026-11-24T10:00:00.000Z',
  periodEnd: '2026-12-24T10:00:00.000Z',
  currency: 'usd',
  lines: [{ description: 'Business (monthly), 24 Nov 2026 to 24 Dec 2026', amount: 49900 }],
  subtotal: 49900,
  discount: 0,
  promoCode: null,
  vatRateBasisPoints: 2500,
  reverseCharge: false,
  vat: 12475,
  total: 62375,
  status: 'paid',
};

/** The organization's own billing details, as `GET /billing` answers them. */
const savedDetails = {
  company: null,
  address: 'Applebys Plads 1',
  country: 'DK',
  vatNumber: 'DK13585628',
  billingType: 'Business',
  source: 'billing',
  cardDetailsDiffer: false,
};

const usage = {
  periodStart: '2026-11-24T10:00:00.000Z',
  periodEnd: '2026-12-24T10:00:00.000Z',
  lines: [
    {
      label: 'News media articles',
      usageCategory: 'News',
      unit: 'articles',
      included: 100000,
      addOns: 20000,
      used: 96000,
      remaining: 24000,
      percentUsed: 80,
    },
    {
      label: 'LLM tokens',
      usageCategory: 'LLM',
      unit: 'tokens',
      included: 0,
      addOns: 0,
      used: 15000,
      remaining: 0,
      percentUsed: 100,
    },
  ],
};

async function open(path: string, handlers: Record<string, unknown>, heading: string) {
  authStore.setState({ status: 'authenticated' });
  answerWith({
    getAccount: testAccount,
    getUsageDetails: usage,
    getPaymentGateway: { provider: 'local' },
    ...handlers,
  });
  window.history.pushState(null, '', path);
  const view = await renderScreen(<SiteHost />);
  await screen.findByRole('heading', { level: 1, name: heading });
  return view;
}
const calls = callsOf;

afterEach(() => {
  cleanup();
  authStore.setState(initialState, true);
});

describe('Subscription details', () => {
  it('shows loading, then the trial label and countdown, axe clean', async () => {
    let answer: (value: unknown) => void = () => {};
    const { container } = await open(
      '/subscription',
      { getSubscriptionSummary: () => new Promise((resolve) => (answer = resolve)) },
      'Subscription details',
    );
    expect(screen.getByRole('status').textContent).toBe('Loading your plan…');
    answer(trial);
    expect((await screen.findByTestId('plan-status')).textContent).toBe('Free trial ends in 9 days');
    expect(screen.getByText(/\(9 days left\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose a plan' })).toBeTruthy();
    expect(await screen.findByText('96,000 of 120,000 articles (20,000 from add-ons)')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'News media articles: 80 % used' })).toBeTruthy();
    expect(screen.getByText('15,000 tokens, pay-as-you-go')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('says when the plan could not be loaded and tries again', async () => {
    let fail = true;
    await open(
      '/subscription',
      {
        getSubscriptionSummary: () => {
          if (fail) throw new ApiError('Server error', 500, undefined);
          return active;
        },
      },
      'Subscription details',
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Server error'));
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('plan-status')).textContent).toBe('Active');
  });

  it('cancels at period end after asking, then offers to keep the plan', async () => {
    let summary = active;
    await open(
      '/subscription',
      {
        getSubscriptionSummary: () => summary,
        cancelSubscription: () => {
          summary = { ...active, cancelAtPeriodEnd: true, label: 'Expiring in 30 days' };
          return summary;
        },
      },
      'Subscription details',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel plan…' }));
    expect(screen.getByText(/It stays active until 24 Dec 2026/)).toBeTruthy();
    expect(calls('cancelSubscription')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel at period end' }));
    expect(await screen.findByText('Your plan is cancelled at the end of the period.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('plan-status').textContent).toBe('Expiring in 30 days'));
    expect(screen.getByRole('button', { name: 'Keep Business' })).toBeTruthy();
  });
});

it('a plan with a payment problem is paid from the screen, after confirming the total', async () => {
  let summary: SubscriptionSummary = { ...active, state: 'past_due', label: 'Payment problem' };
  const paid = jest.fn(() => {
    summary = active;
    return active;
  });
  await open(
    '/subscription',
    {
      getSubscriptionSummary: () => summary,
      getOutstandingQuote: {
        packageId: 'business-monthly',
        description: 'Business (monthly), 24 Dec 2026 to 24 Jan 2027',
        currency: 'usd',
        subtotal: 49900,
        vatRateBasisPoints: 2500,
        reverseCharge: false,
        vat: 12475,
        total: 62375,
        chargedAt: 'now',
        validUntil: '2027-01-24T10:00:00.000Z',
      },
      payOutstandingInvoice: paid,
    },
    'Subscription details',
  );
  expect((await screen.findByTestId('plan-status')).textContent).toBe('Payment problem');
  expect(screen.getByRole('alert').textContent).toContain('The renewal payment failed');
  fireEvent.click(screen.getByRole('button', { name: 'Pay the renewal now' }));
  const dialog = await screen.findByRole('dialog', { name: 'Pay the renewal' });
  expect((await within(dialog).findByTestId('charge-total')).textContent).toBe('$623.75');
  expect(paid).not.toHaveBeenCalled();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $623.75' }));
  expect(
    await screen.findByText('Paid: your plan is active again. A receipt is on its way by email.'),
  ).toBeTruthy();
  expect(paid).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(screen.getByTestId('plan-status').textContent).toBe('Active'));
});

describe('a plan scheduled during the trial (docs/decisions/0113)', () => {
  it('Subscription details shows it with its amount, promo code and date, and cancels it after asking', async () => {
    let summary = trialWithScheduledPlan;
    const cancelTrialPlan = jest.fn(() => {
      summary = { ...trialWithScheduledPlan, trialPlan: null };
      return summary;
    });
    const { container } = await open(
      '/subscription',
      { getSubscriptionSummary: () => summary, cancelTrialPlan },
      'Subscription details',
    );
    expect((await screen.findByTestId('scheduled-plan')).textContent).toBe(
      'Business (monthly), starts on 13 Dec 2026',
    );
    expect(screen.getByTestId('scheduled-plan-total').textContent).toBe('€139.00, VAT included (€27.80)');
    expect(screen.getByTestId('scheduled-plan-promo').textContent).toBe('WELCOME20: −€27.80 before VAT');
    expect(screen.getByText('Free trial, then Business (monthly)')).toBeTruthy();
    expect(screen.getByTestId('trial-state').textContent).toContain(
      'Business (monthly) starts then: €139.00 due on 13 Dec 2026 when your trial ends, promo code WELCOME20 applied.',
    );
    expect(screen.queryByText(/no card needed/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Choose a plan' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change plan' })).toBeTruthy();
    await expectNoAxeViolations(container);

    const opener = screen.getByRole('button', { name: 'Cancel scheduled plan…' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel Business (monthly)?' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.textContent).toBe('Keep Business');
    expect(dialog.textContent).toContain('the €139.00 due then is not charged');
    expect(cancelTrialPlan).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
    // Keeping it closes the question, focus back on the button; nothing was cancelled.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Business' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(cancelTrialPlan).not.toHaveBeenCalled();

    fireEvent.click(opener);
    const again = await screen.findByRole('alertdialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel scheduled plan' }));
    expect(
      await screen.findByText(
        'Business (monthly) is cancelled: nothing is charged on 13 Dec 2026. A confirmation is on its way by email.',
      ),
    ).toBeTruthy();
    expect(cancelTrialPlan).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Choose a plan' })).toBeTruthy());
    expect(screen.queryByTestId('scheduled-plan')).toBeNull();
  });

  it('a refused cancellation shows in the dialog, and a teammate sees the plan without the buttons', async () => {
    await open(
      '/subscription',
      {
        getSubscriptionSummary: trialWithScheduledPlan,
        cancelTrialPlan: () => {
          throw new ApiError(
            'No plan is waiting for the end of your free trial, so there is nothing to cancel.',
            409,
            'SUBSCRIPTION_CONFLICT',
            undefined,
            { reason: 'noTrialPlan' },
          );
        },
      },
      'Subscription details',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel scheduled plan…' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel scheduled plan' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'No plan is waiting for the end of your free trial, so there is nothing to cancel.',
      ),
    );
    cleanup();
    await open(
      '/subscription',
      { getAccount: { ...testAccount, role: 'teammate' }, getSubscriptionSummary: trialWithScheduledPlan },
      'Subscription details',
    );
    expect((await screen.findByTestId('scheduled-plan-total')).textContent).toBe(
      '€139.00, VAT included (€27.80)',
    );
    expect(screen.queryByRole('button', { name: /scheduled plan/ })).toBeNull();
  });

  it('add-ons say when they can be bought instead of "Choose a plan first"', async () => {
    const { container } = await open(
      '/addons',
      { listOwnedAddOns: [], listAddOnPackages: [], getSubscriptionSummary: trialWithScheduledPlan },
      'Add-ons',
    );
    const note = await screen.findByTestId('addons-scheduled-plan');
    expect(note.textContent).toBe(
      'Add-ons add to a paid plan for the rest of its period. Your Business (monthly) plan starts on 13 Dec 2026 when your free trial ends: you can buy add-ons from then. Until then your trial includes Business’s quotas. See it on Subscription details.',
    );
    expect(screen.queryByRole('link', { name: 'Choose a plan first' })).toBeNull();
    expect(within(note).getByRole('link', { name: 'Subscription details' }).getAttribute('href')).toBe(
      '/subscription',
    );
    await expectNoAxeViolations(container);
  });

  it('choosing the scheduled plan again (to start it now) keeps its promo code', async () => {
    const getUpgradeCost = jest.fn(keptOrNow);
    await open(
      '/subscription/options',
      { listPricingPlans: plans, getSubscriptionSummary: trialWithScheduledPlan, getUpgradeCost },
      'Available plans',
    );
    const card = await screen.findByTestId('plan-business-monthly');
    expect(within(card).getByText(/^Chosen:/).textContent).toBe(
      'Chosen: starts 13 Dec 2026, €139.00 due then (VAT included). Your free trial includes it now.',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Business (monthly)' }));
    const dialog = await screen.findByRole('dialog');
    expect(((await within(dialog).findByLabelText('Promo code (optional)')) as HTMLInputElement).value).toBe(
      'WELCOME20',
    );
    fireEvent.click(within(dialog).getByLabelText('Start now: pay today, and the free trial ends'));
    await waitFor(() => expect(getUpgradeCost).toHaveBeenCalledTimes(2));
    for (const [input] of getUpgradeCost.mock.calls)
      expect(input.query).toMatchObject({ promoCode: 'WELCOME20' });
  });
});

describe('Available plans', () => {
  it('offers the plans as cards, confirms the choice in a dialog, and keeps the trial unless "start now"', async () => {
    let summary = trial;
    const started = jest.fn((input: { body: { startNow?: boolean } }) => {
      summary = input.body.startNow
        ? active
        : {
            ...trial,
            trialPlan: {
              ...scheduledBusiness,
              currency: 'usd',
              subtotal: 49900,
              discount: 0,
              promoCode: null,
              vat: 12475,
              total: 62375,
              startsAt: trial.endsAt!,
            },
          };
      return { summary, invoice: input.body.startNow ? invoice : null };
    });
    const { container } = await open(
      '/subscription/options',
      {
        listPricingPlans: plans,
        getSubscriptionSummary: () => summary,
        getUpgradeCost: keptOrNow,
        startSubscription: started,
      },
      'Available plans',
    );
    const list = await screen.findByRole('list', { name: 'Plans' });
    // A business sees the business plans only, each with its features.
    expect(within(list).queryByText(/Starter/)).toBeNull();
    expect(within(screen.getByTestId('plan-business-monthly')).getByText('SSO')).toBeTruthy();
    expect(screen.getByTestId('trial-state').textContent).toContain('9 days left');
    const choose = screen.getByRole('button', { name: 'Choose Business (monthly)' });
    fireEvent.click(choose);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Business (monthly)' });
    expect(started).not.toHaveBeenCalled();
    expect((await within(dialog).findByTestId('charge-total')).textContent).toBe('$623.75');
    expect(within(dialog).getByTestId('charge-vat').textContent).toBe('$124.75');
    expect(within(dialog).getByTestId('charge-when').textContent).toBe('Charged to your card on 03 Dec 2026');
    expect(dialog.textContent).toContain('You keep the 9 days of trial left; billing starts on 03 Dec 2026');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await expectNoAxeViolations(container);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose Business: $623.75 on 03 Dec 2026' }));
    expect(
      await screen.findByText(
        'Business (monthly) starts when your free trial ends: $623.75 due on 03 Dec 2026 when your trial ends, nothing before. Until then your trial includes its features and quotas. A confirmation is on its way by email.',
      ),
    ).toBeTruthy();
    expect(started).toHaveBeenCalledTimes(1);
    const body = (
      started.mock.calls[0] as unknown as [
        { body: { planId: string; idempotencyKey: string; startNow: boolean } },
      ]
    )[0].body;
    expect(body.planId).toBe('business-monthly');
    expect(body.startNow).toBe(false);
    expect(body.idempotencyKey).toMatch(/^[\w-]{16,}$/);
  });

  it('"start now" is an explicit choice: charged now, and it says the trial ends', async () => {
    const started = jest.fn(() => ({ summary: active, invoice }));
    await open(
      '/subscription/options',
      {
        listPricingPlans: plans,
        getSubscriptionSummary: trial,
        getUpgradeCost: keptOrNow,
        startSubscription: started,
      },
      'Available plans',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Business (monthly)' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('Start now: pay today, and the free trial ends'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('charge-when').textContent).toBe('Charged now to your card'),
    );
    expect(dialog.textContent).toContain('your free trial ends now');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $623.75 now' }));
    expect(await screen.findByText(/Paid \$623\.75: invoice DC-000042\./)).toBeTruthy();
    expect((started.mock.calls[0] as unknown as [{ body: { startNow: boolean } }])[0].body.startNow).toBe(
      true,
    );
  });

  it('a teammate sees the plans without buttons and why', async () => {
    await open(
      '/subscription/options',
      {
        getAccount: { ...testAccount, role: 'teammate' },
        listPricingPlans: plans,
        getSubscriptionSummary: trial,
      },
      'Available plans',
    );
    await screen.findByRole('list', { name: 'Plans' });
    expect(screen.queryByRole('button', { name: /Choose/ })).toBeNull();
    expect(screen.getByTestId('plans-read-only').textContent).toContain(
      'Only an admin of your organization can choose or change the plan',
    );
  });

  it('an admin without a card: a calm note leading to Payment method, and the refusal only on choosing', async () => {
    const noCard = { ...trial, hasPaymentMethod: false };
    const { container } = await open(
      '/subscription/options',
      {
        listPricingPlans: plans,
        getSubscriptionSummary: noCard,
        getUpgradeCost: keptOrNow,
        startSubscription: () => {
          throw new ApiError('Add a payment card before choosing a plan.', 409, 'NO_PAYMENT_METHOD');
        },
      },
      'Available plans',
    );
    await screen.findByRole('list', { name: 'Plans' });
    // Nothing went wrong yet: a note, no alert on opening the page.
    expect(screen.queryByRole('alert')).toBeNull();
    const note = screen.getByTestId('plans-need-card');
    expect(note.textContent).toBe(
      'To choose a plan, first add a payment card on Payment method. You can compare the plans here in the meantime.',
    );
    const link = within(note).getByRole('link', { name: 'Payment method' });
    expect(link.getAttribute('href')).toBe('/payment');
    await expectNoAxeViolations(container);
    // Trying to choose one anyway: the API's refusal, as an alert in the dialog.
    fireEvent.click(screen.getByRole('button', { name: 'Choose Business (monthly)' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: /^Choose Business: \$623\.75/ }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Add a payment card before choosing a plan.',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The note's link opens Payment method in place (the account area's own navigation).
    fireEvent.click(
      within(screen.getByTestId('plans-need-card')).getByRole('link', { name: 'Payment method' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment method' })).toBeTruthy();
  });

  it('shows a promo code’s refusal under its field, and a declined card as an alert', async () => {
    await open(
      '/subscription/options',
      {
        listPricingPlans: plans,
        getSubscriptionSummary: trial,
        getUpgradeCost: (input: { query: { promoCode?: string; startNow?: string } }) => {
          if (input.query.promoCode) {
            throw new ApiError(
              'This promo code has expired.',
              400,
              'PROMO_CODE_INVALID',
              { promoCode: 'expired' },
              { reason: 'expired' },
            );
          }
          return keptOrNow(input);
        },
        startSubscription: () => {
          throw new ApiError('Your card was declined. Try another card.', 402, 'CARD_DECLINED');
        },
      },
      'Available plans',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Business (monthly)' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('charge-total');
    fireEvent.change(screen.getByLabelText('Promo code (optional)'), { target: { value: 'OLD50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This promo code has expired.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Promo code (optional)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    // Priced again without the code (the API answers it): the refusal goes once the new price is in.
    await waitFor(() => expect(screen.queryByText('This promo code has expired.')).toBeNull());
    fireEvent.click(await within(dialog).findByRole('button', { name: /^Choose Business: \$623\.75/ }));
    // The decline is shown in the dialog, next to the button that was pressed.
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Your card was declined. Try another card.'),
    );
  });
});

describe('Payment method and invoices', () => {
  it('asks only the card, sends the saved billing details with it, and shows a decline next to the card, focused', async () => {
    await open(
      '/payment',
      {
        listCreditCards: [],
        getBillingDetails: savedDetails,
        addCreditCard: () => {
          throw new ApiError('Your card was declined. Try another card.', 402, 'CARD_DECLINED');
        },
      },
      'Payment method',
    );
    const formElement = await screen.findByRole('form', { name: 'Add a card' });
    const cardForm = within(formElement);
    // Only the card (spec's card holder, number, expiry, CVC); the billing details are the saved ones, said once.
    expect(cardForm.queryByLabelText('Billing address')).toBeNull();
    expect(cardForm.queryByLabelText('Country')).toBeNull();
    expect(cardForm.queryByLabelText('Billing type')).toBeNull();
    expect(screen.getByTestId('card-billed-to').textContent).toBe(
      'Billed to: Applebys Plads 1, Denmark, VAT DK13585628, Business customer. Change them under Billing details.',
    );
    const type = (label: string, value: string) =>
      fireEvent.change(cardForm.getByLabelText(label), { target: { value } });
    type('Card holder', 'Ada Admin');
    type('Card number', '4000 0000 0000 0002');
    type('Expiry (MM/YYYY)', '08/2030');
    type('CVC', '123');
    fireEvent.click(cardForm.getByRole('button', { name: 'Save card' }));
    const alert = await cardForm.findByRole('alert');
    expect(alert.textContent).toBe('Your card was declined. Try another card.');
    expect(cardForm.getAllByRole('alert')).toHaveLength(1);
    // Right after the CVC, before the button, and focus moved to it.
    const cvc = cardForm.getByLabelText('CVC');
    expect(cvc.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      alert.compareDocumentPosition(cardForm.getByRole('button', { name: 'Save card' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('card-error')));
    // The call carried every payment field: the card's token and the saved billing details.
    expect(calls('addCreditCard').at(-1)).toEqual({
      body: {
        cardHolder: 'Ada Admin',
        paymentMethod: expect.stringMatching(/^pm_local_/),
        address: 'Applebys Plads 1',
        country: 'DK',
        vatNumber: 'DK13585628',
        billingType: 'Business',
      },
    });
  });

  it('tells a teammate without a card who can add one, not to add one (issue 36)', async () => {
    const { container } = await open(
      '/payment',
      {
        getAccount: { ...testAccount, role: 'teammate' },
        listCreditCards: [],
        getBillingDetails: null,
      },
      'Payment method',
    );
    expect((await screen.findByText(/^No card yet/)).textContent).toBe(
      'No card yet. The free trial needs none. Only an admin of your organization can add a card or choose a plan.',
    );
    expect(screen.queryByRole('form', { name: 'Add a card' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('says there is no card yet, takes the billing details once, then only the card, and empties the card', async () => {
    let cards: unknown[] = [];
    let details: unknown = null;
    const { container } = await open(
      '/payment',
      {
        listCreditCards: () => cards,
        getBillingDetails: () => details,
        saveBillingDetails: (input: { body: Record<string, string> }) => {
          details = {
            company: null,
            vatNumber: null,
            ...input.body,
            source: 'billing',
            cardDetailsDiffer: false,
          };
          return details;
        },
        addCreditCard: () => {
          const card = {
            id: '0b4f4c38-8f61-4a1c-9d7e-3c5b2f0e9a11',
            brand: 'visa',
            last4: '4242',
            expiryMonth: 8,
            expiryYear: 2030,
            cardHolder: 'Ada Admin',
            isDefault: true,
            createdAt: '2026-11-24T10:00:00.000Z',
          };
          cards = [card];
          return card;
        },
      },
      'Payment method',
    );
    expect(await screen.findByText(/No card yet/)).toBeTruthy();
    expect(await screen.findByText(/^No billing details yet\./)).toBeTruthy();
    // No second copy of the billing fields in the card's section: it points to the one form.
    expect(screen.queryByRole('form', { name: 'Add a card' })).toBeNull();
    expect(screen.getByTestId('card-needs-billing').textContent).toMatch(/First enter your billing details/);
    await expectNoAxeViolations(container);
    expect(screen.getAllByLabelText('Billing address')).toHaveLength(1);
    const billingForm = within(screen.getByRole('form', { name: 'Set billing details' }));
    fireEvent.change(billingForm.getByLabelText('Billing address'), { target: { value: 'Vesterbrogade 1' } });
    fireEvent.change(billingForm.getByLabelText('Country'), { target: { value: 'DK' } });
    fireEvent.click(billingForm.getByRole('button', { name: 'Save billing details' }));
    const cardForm = within(await screen.findByRole('form', { name: 'Add a card' }));
    expect(screen.queryByRole('form', { name: 'Set billing details' })).toBeNull();
    // No card whose details could apply instead: not offered.
    expect(screen.queryByRole('button', { name: 'Use the card’s details instead' })).toBeNull();
    // The billing form closed; focus went on to the card.
    await waitFor(() => expect(document.activeElement).toBe(cardForm.getByLabelText('Card holder')));
    await expectNoAxeViolations(container);
    const type = (label: string, value: string) =>
      fireEvent.change(cardForm.getByLabelText(label), { target: { value } });
    type('Card holder', 'Ada Admin');
    type('Card number', '4242 4242 4242 4242');
    type('Expiry (MM/YYYY)', '08/2030');
    type('CVC', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Visa ending in 4242 is saved and pays your plan.')).toBeTruthy();
    expect(await screen.findByText(/pays your plan$/)).toBeTruthy();
    // Saved: no empty second card form and no "Use the card’s details instead" (the card carries these details);
    // focus on "Add another card", which opens the form again (issue 36).
    const another = await screen.findByRole('button', { name: 'Add another card' });
    expect(screen.queryByRole('form', { name: 'Add a card' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use the card’s details instead' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(another));
    await expectNoAxeViolations(container);
    fireEvent.click(another);
    const again = within(await screen.findByRole('form', { name: 'Add a card' }));
    expect((again.getByLabelText('Card number') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(again.getByLabelText('Card holder')));
    expect(calls('addCreditCard').at(-1)).toMatchObject({
      body: { cardHolder: 'Ada Admin', address: 'Vesterbrogade 1', country: 'DK', billingType: 'Business' },
    });
  });

  it('shows the card’s billing details, and saves details of the organization’s own', async () => {
    let details = {
      company: null,
      address: '1 Harbour Street',
      country: 'US',
      vatNumber: null,
      billingType: 'Business',
      source: 'card',
      cardDetailsDiffer: false,
    };
    await open(
      '/payment',
      {
        listCreditCards: [
          {
            id: '0b4f4c38-8f61-4a1c-9d7e-3c5b2f0e9a11',
            brand: 'visa',
            last4: '4242',
            expiryMonth: 8,
            expiryYear: 2030,
            cardHolder: 'Ada Admin',
            isDefault: true,
            createdAt: '2026-11-24T10:00:00.000Z',
          },
        ],
        getBillingDetails: () => details,
        saveBillingDetails: (input: { body: Record<string, string> }) => {
          details = { ...details, ...input.body, source: 'billing', cardDetailsDiffer: true };
          return details;
        },
      },
      'Payment method',
    );
    expect((await screen.findByTestId('billing-details')).textContent).toBe(
      '1 Harbour Street\nUnited States\nBusiness customer',
    );
    // Shown, with the one form behind "Change billing details", filled in with them.
    expect(screen.queryByRole('form', { name: 'Set billing details' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change billing details' }));
    const form = within(screen.getByRole('form', { name: 'Set billing details' }));
    expect((form.getByLabelText('Billing address') as HTMLInputElement).value).toBe('1 Harbour Street');
    fireEvent.change(form.getByLabelText('Billing address'), { target: { value: 'Applebys Plads 1' } });
    fireEvent.change(form.getByLabelText('Country'), { target: { value: 'DK' } });
    fireEvent.click(form.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText(/Your billing details are saved/)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('billing-details').textContent).toContain('Denmark'));
    expect(screen.getByRole('button', { name: 'Use the card’s details instead' })).toBeTruthy();
  });

  it('lists invoices and filters them by date', async () => {
    await open(
      '/payment/invoices',
      { listInvoices: (input: { query: { from?: string } }) => (input.query.from ? [] : [invoice]) },
      'Invoice history',
    );
    expect(await screen.findByText('DC-000042')).toBeTruthy();
    expect(screen.getByText('$623.75')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2027-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No invoices in these dates.')).toBeTruthy();
    expect(calls('listInvoices').at(-1)).toEqual({ query: { from: '2027-01-01' } });
  });

  it('an individual’s billing details start as an individual’s', async () => {
    await open(
      '/payment',
      {
        getAccount: {
          ...testAccount,
          organization: { ...testAccount.organization, customerType: 'Individual' },
        },
        listCreditCards: [],
        getBillingDetails: null,
      },
      'Payment method',
    );
    const form = await screen.findByRole('form', { name: 'Set billing details' });
    expect((within(form).getByLabelText('Billing type') as HTMLSelectElement).value).toBe('Individual');
  });

  it('downloads an invoice as a PDF file', async () => {
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:invoice');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await open(
      '/payment/invoices',
      {
        listInvoices: [invoice],
        downloadInvoice: {
          fileName: 'dcipher-invoice-DC-000042.pdf',
          contentType: 'application/pdf',
          base64: 'JVBERi0=',
        },
      },
      'Invoice history',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF of invoice DC-000042' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(calls('downloadInvoice')[0]).toEqual({ params: { invoiceId: invoice.id } });
    const blob = createObjectURL.mock.calls[0]![0];
    expect([blob.type, blob.size]).toEqual(['application/pdf', 5]);
    clicked.mockRestore();
  });
});

describe('Wallet and add-ons', () => {
  const creditsQuote = {
    packageId: 'credits-2500',
    description: '2,500 credits for the wallet',
    currency: 'eur',
    subtotal: 2300,
    vatRateBasisPoints: 2500,
    reverseCharge: false,
    vat: 575,
    total: 2875,
    chargedAt: 'now',
    validUntil: null,
  };
  const walletPackages = [
    { id: 'credits-2500', name: '2,500 credits', credits: 2500, prices: { usd: 2500, eur: 2300, gpb: 2000 } },
  ];
  const paidInvoice = { ...invoice, number: 'DC-000043', total: 2500 };

  it('shows the balance, an empty ledger, and buys credits once per choice', async () => {
    let balance = 0;
    let transactions: unknown[] = [];
    const bought = jest.fn(() => {
      balance = 2500;
      transactions = [
        {
          id: 't1',
          kind: 'purchase',
          credits: 2500,
          description: 'Bought 2,500 credits (invoice DC-000043)',
          balance: 2500,
          createdAt: '2026-11-24T10:00:00.000Z',
        },
      ];
      return { balance, invoice: paidInvoice };
    });
    const { container } = await open(
      '/payment/wallet',
      {
        getCustomerCredits: () => ({ balance }),
        listWalletPackages: walletPackages,
        listCreditTransactions: () => ({ transactions, total: transactions.length }),
        getSubscriptionSummary: { ...trial, currency: 'eur', currencyChosen: true },
        getCreditsQuote: creditsQuote,
        buyCredits: bought,
      },
      'Wallet',
    );
    expect((await screen.findByTestId('credit-balance')).textContent).toBe('0 credits');
    expect(screen.getByText('No transactions yet.')).toBeTruthy();
    // Credits are explained in the customer's currency.
    expect(screen.getByTestId('credits-explained').textContent).toContain('You buy them in euros');
    expect(screen.getByTestId('credits-explained').textContent).toContain('€23.00');
    await expectNoAxeViolations(container);
    const buy = screen.getByRole('button', { name: 'Buy 2,500 credits' });
    buy.focus();
    fireEvent.click(buy);
    const dialog = await screen.findByRole('dialog', { name: 'Buy 2,500 credits' });
    expect((await within(dialog).findByTestId('charge-total')).textContent).toBe('€28.75');
    expect(within(dialog).getByTestId('charge-net').textContent).toBe('€23.00');
    expect(within(dialog).getByTestId('charge-vat').textContent).toBe('€5.75');
    expect(within(dialog).getByTestId('charge-when').textContent).toBe('Charged now to your card');
    expect(bought).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
    // Escape closes it, charges nothing, and gives focus back to the button.
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Buy 2,500 credits' }));
    expect(bought).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Buy 2,500 credits' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay €28.75' }));
    expect(
      await screen.findByText(
        '2,500 credits added: $25.00 paid (invoice DC-000043). A receipt is on its way by email.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('credit-balance').textContent).toBe('2,500 credits'));
    expect(screen.getByText('Bought 2,500 credits (invoice DC-000043)')).toBeTruthy();
    expect(bought).toHaveBeenCalledTimes(1);
  });

  it('add-ons: without a plan, says to choose one; with one, buys and lists it', async () => {
    const packages = [
      {
        id: 'news-20k',
        name: 'News boost',
        description: '20,000 more news articles this period',
        usageCategory: 'News',
        quantity: 20000,
        unit: 'articles',
        prices: { usd: 3900, eur: 3600, gpb: 3100 },
      },
    ];
    await open(
      '/addons',
      { listOwnedAddOns: [], listAddOnPackages: packages, getSubscriptionSummary: trial },
      'Add-ons',
    );
    expect(await screen.findByText('No add-ons this period.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a plan first' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buy News boost' })).toBeNull();
    cleanup();

    let owned: unknown[] = [];
    await open(
      '/addons',
      {
        listOwnedAddOns: () => owned,
        listAddOnPackages: packages,
        getSubscriptionSummary: active,
        getAddOnQuote: {
          packageId: 'news-20k',
          description: 'News boost: 20,000 more news articles this period',
          currency: 'usd',
          subtotal: 3900,
          vatRateBasisPoints: 0,
          reverseCharge: false,
          vat: 0,
          total: 3900,
          chargedAt: 'now',
          validUntil: '2026-12-24T10:00:00.000Z',
        },
        purchaseAddOn: () => {
          owned = [
            {
              id: 'p1',
              packageId: 'news-20k',
              name: 'News boost',
              quantity: 20000,
              unit: 'articles',
              purchasedAt: '2026-11-24T10:00:00.000Z',
              validUntil: '2026-12-24T10:00:00.000Z',
            },
          ];
          return { addOn: owned[0], invoice: { ...invoice, total: 3900 } };
        },
      },
      'Add-ons',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Buy News boost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy News boost' });
    await within(dialog).findByRole('button', { name: 'Pay $39.00' });
    expect(dialog.textContent).toContain('until 24 Dec 2026');
    expect(screen.queryByText(/News boost added/)).toBeNull();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Pay $39.00' }));
    expect(await screen.findByText(/News boost added until 24 Dec 2026: \$39\.00 paid/)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'My add-ons' }).textContent).toContain('20,000 articles'),
    );
  });
});

describe('Checkout', () => {
  afterEach(() => sessionStorage.clear());

  it('greets a visitor who is not signed in with the chosen plan, keeps it, and leads to sign-up', async () => {
    authStore.setState({ status: 'anonymous' });
    answerWith({ listPricingPlans: [...plans, plan('starter-annual', 'Individual', 46800)] });
    window.history.pushState(null, '', '/checkout?plan=starter-monthly');
    const navigate = jest.fn();
    const { container } = await renderScreen(
      <main>
        <AccountApp navigate={navigate} />
      </main>,
    );
    // Nothing chosen on the pricing page: its default currency, euros.
    expect((await screen.findByText(/before VAT/)).textContent).toContain(
      'Starter (monthly): €49.00 per month',
    );
    expect(screen.getByRole('button', { name: 'Create an account' })).toBeTruthy();
    // Not sent to sign in, with or without a way back (`/login?returnTo=…`).
    expect(navigate.mock.calls.filter(([path]) => String(path).startsWith('/login'))).toEqual([]);
    fireEvent.change(screen.getByLabelText('Billing period'), { target: { value: 'starter-annual' } });
    await waitFor(() => expect(sessionStorage.getItem('dcipher.checkout')).toBe('starter-annual'));
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(navigate).toHaveBeenCalledWith('/signup?plan=starter-annual');
    cleanup();
    // A visitor who chose pounds on the pricing page sees pounds here.
    localStorage.setItem('dcipher.currency', 'gpb');
    const again = await renderScreen(
      <main>
        <AccountApp navigate={navigate} />
      </main>,
    );
    expect((await again.findByText(/before VAT/)).textContent).toContain(
      'Starter (monthly): £49.00 per month',
    );
    localStorage.clear();
  });

  it('signed in, takes a card when there is none, shows the amount and pays it once', async () => {
    sessionStorage.setItem('dcipher.checkout', 'business-monthly');
    let cards: unknown[] = [];
    let details: unknown = null;
    const started = jest.fn(() => ({ summary: active, invoice }));
    await open(
      '/checkout/billing',
      {
        listPricingPlans: plans,
        getSubscriptionSummary: trial,
        listCreditCards: () => cards,
        getBillingDetails: () => details,
        saveBillingDetails: (input: { body: Record<string, string> }) => {
          details = {
            company: null,
            vatNumber: null,
            ...input.body,
            source: 'billing',
            cardDetailsDiffer: false,
          };
          return details;
        },
        addCreditCard: () => {
          const card = {
            id: '0b4f4c38-8f61-4a1c-9d7e-3c5b2f0e9a11',
            brand: 'visa',
            last4: '4242',
            expiryMonth: 8,
            expiryYear: 2030,
            cardHolder: 'Ada Admin',
            isDefault: true,
            createdAt: '2026-11-24T10:00:00.000Z',
          };
          cards = [card];
          return card;
        },
        getUpgradeCost: keptOrNow,
        startSubscription: started,
      },
      'Checkout: billing',
    );
    // No billing details yet: they come first, as their own step, then the card alone.
    expect(screen.queryByRole('form', { name: 'Add a card' })).toBeNull();
    const billingForm = within(await screen.findByRole('form', { name: 'Set billing details' }));
    expect((billingForm.getByLabelText('Billing type') as HTMLSelectElement).value).toBe('Business');
    fireEvent.change(billingForm.getByLabelText('Billing address'), { target: { value: 'Vesterbrogade 1' } });
    fireEvent.change(billingForm.getByLabelText('Country'), { target: { value: 'DK' } });
    fireEvent.click(billingForm.getByRole('button', { name: 'Save billing details and continue' }));
    const form = within(await screen.findByRole('form', { name: 'Add a card' }));
    expect(screen.queryByRole('form', { name: 'Set billing details' })).toBeNull();
    expect(form.queryByLabelText('Billing address')).toBeNull();
    expect((form.getByLabelText('Card holder') as HTMLInputElement).value).not.toBe('');
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Card number')));
    const type = (label: string, value: string) =>
      fireEvent.change(form.getByLabelText(label), { target: { value } });
    type('Card number', '4242 4242 4242 4242');
    type('Expiry (MM/YYYY)', '08/2030');
    type('CVC', '123');
    fireEvent.click(form.getByRole('button', { name: 'Save card and continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Review Business and pay' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('charge-total')).textContent).toBe('$623.75');
    expect(started).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByLabelText('Start now: pay today, and the free trial ends'));
    // Priced again from now (the API answers it) before it can be paid.
    await within(dialog).findByText(/Charged now to your card/);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Pay $623.75 now' }));
    expect(await screen.findByText(/Paid \$623\.75: invoice DC-000042\./)).toBeTruthy();
    expect(started).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('dcipher.checkout')).toBeNull();
  });
});
