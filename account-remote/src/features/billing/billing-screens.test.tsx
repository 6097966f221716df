import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import type { Invoice, PlanChangeQuote, PricingPlan, SubscriptionSummary } from '@dcipher/shared/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { answering, testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { renderScreen } from '../../test-support/render-screen';

let call = answering({});
jest.mock('@dcipher/shared/auth', () => ({
  ...jest.requireActual('@dcipher/shared/auth'),
  authenticatedApi: () => ({ call: (...args: unknown[]) => call(...(args as Parameters<typeof call>)) }),
}));

const initialState = authStore.getState();

const trial: SubscriptionSummary = {
  state: 'trialing',
  label: 'Free trial ends in 9 days',
  daysLeft: 9,
  plan: null,
  endsAt: '2026-12-03T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  scheduledPlan: null,
  hasPaymentMethod: true,
  currency: 'usd',
  currencyChosen: false,
  trialPlan: null,
};
const active: SubscriptionSummary = {
  ...trial,
  state: 'active',
  label: 'Active',
  daysLeft: 30,
  plan: { id: 'business-monthly', name: 'Business', billingPeriod: 'monthly', price: 49900, currency: 'usd' },
  endsAt: '2026-12-24T10:00:00.000Z',
};
const plan = (id: string, customerType: 'Individual' | 'Business', usd: number): PricingPlan => ({
  id,
  name: id.split('-')[0]!.replace(/^./, (first) => first.toUpperCase()),
  description: `The ${id} plan`,
  customerType,
  billingPeriod: id.endsWith('annual') ? 'annual' : 'monthly',
  prices: { usd, eur: usd, gpb: usd },
  trialDays: 14,
  features: [],
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
  call = answering({
    getAccount: testAccount,
    getUsageDetails: usage,
    getPaymentGateway: { provider: 'local' },
    ...handlers,
  });
  window.history.pushState(null, '', path);
  const view = await renderScreen(
    <main>
      <AccountApp navigate={jest.fn()} />
    </main>,
  );
  await screen.findByRole('heading', { level: 1, name: heading });
  return view;
}
const calls = (operation: string) => call.mock.calls.filter(([endpoint]) => endpoint.operation === operation);

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

it('a plan with a payment problem is paid from the screen', async () => {
  let summary: SubscriptionSummary = { ...active, state: 'past_due', label: 'Payment problem' };
  await open(
    '/subscription',
    {
      getSubscriptionSummary: () => summary,
      payOutstandingInvoice: () => {
        summary = active;
        return active;
      },
    },
    'Subscription details',
  );
  expect((await screen.findByTestId('plan-status')).textContent).toBe('Payment problem');
  expect(screen.getByRole('alert').textContent).toContain('The renewal payment failed');
  fireEvent.click(screen.getByRole('button', { name: 'Pay the renewal now' }));
  expect(await screen.findByText('Paid: your plan is active again.')).toBeTruthy();
  await waitFor(() => expect(screen.getByTestId('plan-status').textContent).toBe('Active'));
});

describe('Available plans', () => {
  it('offers the organization’s plans, prices the choice, and pays it once with one key', async () => {
    let summary = trial;
    const started = jest.fn(() => {
      summary = active;
      return { summary: active, invoice };
    });
    const { container } = await open(
      '/subscription/options',
      {
        listPricingPlans: plans,
        getSubscriptionSummary: () => summary,
        getUpgradeCost: quote,
        startSubscription: started,
      },
      'Available plans',
    );
    const list = await screen.findByRole('list', { name: 'Plans' });
    // A business sees the business plans only.
    expect(within(list).queryByText(/Starter/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose Business (monthly)' }));
    expect((await screen.findByTestId('quote-total')).textContent).toBe('$623.75');
    expect(screen.getByText('VAT 25 %')).toBeTruthy();
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $623.75 and switch' }));
    expect(await screen.findByText('Paid $623.75: invoice DC-000042.')).toBeTruthy();
    expect(started).toHaveBeenCalledTimes(1);
    const body = (
      started.mock.calls[0] as unknown as [{ body: { planId: string; idempotencyKey: string } }]
    )[0].body;
    expect(body.planId).toBe('business-monthly');
    expect(body.idempotencyKey).toMatch(/^[\w-]{16,}$/);
  });

  it('shows a promo code’s refusal under its field, and a declined card as an alert', async () => {
    await open(
      '/subscription/options',
      {
        listPricingPlans: plans,
        getSubscriptionSummary: trial,
        getUpgradeCost: (input: { query: { promoCode?: string } }) => {
          if (input.query.promoCode) {
            throw new ApiError('This promo code has expired.', 400, 'PROMO_CODE_INVALID', {
              promoCode: 'This promo code has expired.',
            });
          }
          return quote;
        },
        startSubscription: () => {
          throw new ApiError('Your card was declined. Try another card.', 402, 'CARD_DECLINED');
        },
      },
      'Available plans',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Business (monthly)' }));
    await screen.findByTestId('quote-total');
    fireEvent.change(screen.getByLabelText('Promo code (optional)'), { target: { value: 'OLD50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This promo code has expired.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Promo code (optional)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $623.75 and switch' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Your card was declined. Try another card.'),
    );
  });
});

describe('Payment method and invoices', () => {
  it('says there is no card yet, and saves one without keeping the number in the form', async () => {
    let cards: unknown[] = [];
    await open(
      '/payment',
      {
        listCreditCards: () => cards,
        getBillingDetails: null,
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
    expect(await screen.findByText('No billing details yet.')).toBeTruthy();
    const cardForm = within(screen.getByRole('form', { name: 'Add a card' }));
    const type = (label: string, value: string) =>
      fireEvent.change(cardForm.getByLabelText(label), { target: { value } });
    type('Card holder', 'Ada Admin');
    type('Card number', '4242 4242 4242 4242');
    type('Expiry (MM/YYYY)', '08/2030');
    type('CVC', '123');
    type('Billing address', 'Vesterbrogade 1');
    type('Country', 'DK');
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Visa ending in 4242 is saved and pays your plan.')).toBeTruthy();
    expect((cardForm.getByLabelText('Card number') as HTMLInputElement).value).toBe('');
    expect(await screen.findByText(/pays your plan$/)).toBeTruthy();
  });

  it('shows the card’s billing details, and saves details of the organization’s own', async () => {
    let details = {
      company: null,
      address: '1 Harbour Street',
      country: 'US',
      vatNumber: null,
      billingType: 'Business',
      source: 'card',
    };
    await open(
      '/payment',
      {
        listCreditCards: [],
        getBillingDetails: () => details,
        saveBillingDetails: (input: { body: Record<string, string> }) => {
          details = { ...details, ...input.body, source: 'billing' };
          return details;
        },
      },
      'Payment method',
    );
    expect((await screen.findByTestId('billing-details')).textContent).toBe(
      '1 Harbour Street\nUnited States\nBusiness customer',
    );
    const form = within(screen.getByRole('form', { name: 'Set billing details' }));
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
    expect(calls('listInvoices').at(-1)?.[1]).toEqual({ query: { from: '2027-01-01' } });
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
    expect(calls('downloadInvoice')[0]?.[1]).toEqual({ params: { invoiceId: invoice.id } });
    const blob = createObjectURL.mock.calls[0]![0];
    expect([blob.type, blob.size]).toEqual(['application/pdf', 5]);
    clicked.mockRestore();
  });
});

describe('Wallet and add-ons', () => {
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
        getSubscriptionSummary: trial,
        buyCredits: bought,
      },
      'Wallet',
    );
    expect((await screen.findByTestId('credit-balance')).textContent).toBe('0 credits');
    expect(screen.getByText('No transactions yet.')).toBeTruthy();
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole('button', { name: 'Buy 2,500 credits' }));
    expect(await screen.findByText('2,500 credits added: $25.00 paid (invoice DC-000043).')).toBeTruthy();
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
    call = answering({ listPricingPlans: [...plans, plan('starter-annual', 'Individual', 46800)] });
    window.history.pushState(null, '', '/checkout?plan=starter-monthly');
    const navigate = jest.fn();
    const { container } = await renderScreen(
      <main>
        <AccountApp navigate={navigate} />
      </main>,
    );
    expect((await screen.findByText(/before VAT/)).textContent).toContain(
      'Starter (monthly): $49.00 per month',
    );
    expect(navigate).not.toHaveBeenCalledWith('/login');
    fireEvent.change(screen.getByLabelText('Billing period'), { target: { value: 'starter-annual' } });
    await waitFor(() => expect(sessionStorage.getItem('dcipher.checkout')).toBe('starter-annual'));
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(navigate).toHaveBeenCalledWith('/signup?plan=starter-annual');
  });

  it('signed in, takes a card when there is none, shows the amount and pays it once', async () => {
    sessionStorage.setItem('dcipher.checkout', 'business-monthly');
    let cards: unknown[] = [];
    const started = jest.fn(() => ({ summary: active, invoice }));
    await open(
      '/checkout/billing',
      {
        listPricingPlans: plans,
        getSubscriptionSummary: trial,
        listCreditCards: () => cards,
        addCreditCard: () => {
          cards = [{ id: 'c1' }];
          return {
            id: '0b4f4c38-8f61-4a1c-9d7e-3c5b2f0e9a11',
            brand: 'visa',
            last4: '4242',
            expiryMonth: 8,
            expiryYear: 2030,
            cardHolder: 'Ada Admin',
            isDefault: true,
            createdAt: '2026-11-24T10:00:00.000Z',
          };
        },
        getUpgradeCost: quote,
        startSubscription: started,
      },
      'Checkout: billing',
    );
    const form = within(await screen.findByRole('form', { name: 'Add a card' }));
    const type = (label: string, value: string) =>
      fireEvent.change(form.getByLabelText(label), { target: { value } });
    type('Card number', '4242 4242 4242 4242');
    type('Expiry (MM/YYYY)', '08/2030');
    type('CVC', '123');
    type('Billing address', 'Vesterbrogade 1');
    type('Country', 'DK');
    fireEvent.click(form.getByRole('button', { name: 'Save card and continue' }));
    expect((await screen.findByTestId('quote-total')).textContent).toBe('$623.75');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $623.75 and switch' }));
    expect(await screen.findByText(/Paid \$623\.75: invoice DC-000042\./)).toBeTruthy();
    expect(started).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('dcipher.checkout')).toBeNull();
  });
});
