import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { contract, type PricingPlan } from '@dcipher/shared/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import AuthApp from '../../apps/auth';
import { contractQuery } from '../../kit/contract-query';
import { remoteQueryClient } from '../../kit/query-client';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith, callsOf, receivedCalls } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

jest.mock('altcha', () => ({}));

const initialState = authStore.getState();
// What sign-up keeps for the tab (its draft) must not leak from one test into the next.
afterEach(() => sessionStorage.clear());

/** The API answering `POST /register` with this payment-setup token, and which gateway tokenises cards. */
function answerRegistration(paymentSetupToken: string, more: Record<string, unknown> = {}) {
  answerWith({
    getPaymentGateway: { provider: 'local' },
    register: { email: 'ada@example.com', verificationRequired: true, paymentSetupToken },
    ...more,
  });
}

async function renderAt(path: string) {
  window.history.pushState(null, '', path);
  const navigate = jest.fn();
  await renderScreen(<AuthApp navigate={navigate} />);
  return { navigate };
}

/** The sign-up screen, once its captcha widget has loaded. */
async function renderSignup() {
  const rendered = await renderAt('/signup');
  await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
  return rendered;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const rulesWhere = (met: boolean) =>
  [...document.querySelectorAll(`#password-rules li[data-met="${met}"] span:nth-child(2)`)].map(
    (rule) => rule.textContent,
  );
const unmetRules = () => rulesWhere(false);
const metRules = () => rulesWhere(true);

async function solveCaptcha() {
  const widget = await waitFor(() => {
    const element = document.querySelector('altcha-widget');
    if (!element) throw new Error('widget not rendered yet');
    return element;
  });
  act(() => {
    widget.dispatchEvent(
      Object.assign(new Event('statechange'), { detail: { state: 'verified', payload: 'solved-payload' } }),
    );
  });
}

describe('Sign-up: create account (1/2)', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('shows the step title, visibly labelled fields and the terms link', async () => {
    await renderSignup();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create account (1/2)');
    for (const label of [
      'First name',
      'Last name',
      'Work email',
      'Password',
      'Company (optional)',
      'Job title (optional)',
      'Phone (optional)',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/ToS.pdf');
  });

  it('shows each validation message of the spec and sends nothing', async () => {
    await renderSignup();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(5); // names, email, password, terms
    expect(screen.getByText('Please verify that you are a human')).toBeTruthy();
    type('Work email', 'not-an-email');
    type('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getAllByText('Password must contain at least 12 characters').length).toBeGreaterThan(0);
    expect(receivedCalls()).toHaveLength(0);
  });

  it('lists the password rules still broken while typing', async () => {
    await renderSignup();
    type('Password', 'harbourlights');
    expect(unmetRules()).toEqual([
      'Password requires a number',
      'Password requires an uppercase letter',
      'Password requires a symbol',
    ]);
    type('Password', 'Harbour-Lights-2026');
    expect(unmetRules()).toEqual([]);
    expect(metRules()).toHaveLength(5);
  });

  it('shows every password rule before any attempt, each once', async () => {
    await renderSignup();
    expect(unmetRules()).toEqual([
      'Password must contain at least 12 characters',
      'Password requires a number',
      'Password requires a lowercase letter',
      'Password requires an uppercase letter',
      'Password requires a symbol',
    ]);
    type('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true'));
    // One list, no copy of a rule under the field.
    expect(screen.getAllByText('Password must contain at least 12 characters')).toHaveLength(1);
    expect(screen.getAllByText('Password requires a number')).toHaveLength(1);
  });

  it("clears each field's message as soon as the field is corrected", async () => {
    await renderSignup();
    fireEvent.click(screen.getByLabelText('A business'));
    type('Work email', 'ada@example');
    type('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please verify that you are a human')).toBeTruthy();
    const invalid = (label: string) => screen.getByLabelText(label).getAttribute('aria-invalid') === 'true';
    for (const label of [
      'Work email',
      'Password',
      'Company',
      'Company size',
      'I agree to the Terms of Service',
    ])
      expect(invalid(label)).toBe(true);

    type('Work email', 'ada@example.com');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull());
    expect(invalid('Work email')).toBe(false);

    type('Password', 'Harbour-Lights-2026');
    await waitFor(() => expect(invalid('Password')).toBe(false));
    expect(unmetRules()).toEqual([]);

    type('Company', 'Analytical Engines');
    await waitFor(() => expect(invalid('Company')).toBe(false));

    fireEvent.change(screen.getByLabelText('Company size'), { target: { value: '10-25' } });
    await waitFor(() => expect(invalid('Company size')).toBe(false));

    fireEvent.click(screen.getByLabelText('I agree to the Terms of Service'));
    await waitFor(() => expect(invalid('I agree to the Terms of Service')).toBe(false));

    await solveCaptcha();
    await waitFor(() => expect(screen.queryByText('Please verify that you are a human')).toBeNull());
    // Only the names, never touched, still say what is missing.
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(receivedCalls()).toHaveLength(0);
  });

  it('asks a business for its company and size band', async () => {
    await renderSignup();
    fireEvent.click(screen.getByLabelText('A business'));
    expect(screen.getByLabelText('Company')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findAllByText('This field is required');
    expect(screen.getByLabelText('Company size')).toBeTruthy();
    expect(screen.getByLabelText('Company').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Company size').getAttribute('aria-invalid')).toBe('true');
  });

  it('prefills the work email a marketing call to action passed on', async () => {
    await renderAt('/signup?email=grace%40example.com');
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    expect((screen.getByLabelText('Work email') as HTMLInputElement).value).toBe('grace@example.com');
  });

  it('creates the account with the captcha solution, then offers step 2, which may be skipped', async () => {
    answerRegistration('setup');
    // The visitor chose euros on the pricing page: the account is created paying in euros.
    localStorage.setItem('dcipher.currency', 'eur');
    const { navigate } = await renderSignup();
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Work email', 'Ada@Example.com');
    type('Password', 'Harbour-Lights-2026');
    fireEvent.click(screen.getByLabelText('I agree to the Terms of Service'));
    await solveCaptcha();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add payment method (2/2)' })).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(navigate).toHaveBeenCalledWith('/postsignup?email=ada%40example.com');
    expect(callsOf('addCreditCard')).toHaveLength(0);
    expect(callsOf('register')[0]).toEqual({
      body: expect.objectContaining({
        email: 'ada@example.com',
        customerType: 'Individual',
        termsAccepted: true,
        captcha: 'solved-payload',
        currency: 'eur',
      }),
    });
    localStorage.clear();
  });

  it('keeps everything typed when the API refuses, showing its message', async () => {
    answerWith({
      register: () => {
        throw new ApiError(
          'Please verify that you are a human',
          400,
          'VALIDATION_FAILED',
          { captcha: 'captcha' },
          { reason: 'captcha' },
        );
      },
    });
    await renderSignup();
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Work email', 'ada@example.com');
    type('Password', 'Harbour-Lights-2026');
    fireEvent.click(screen.getByLabelText('I agree to the Terms of Service'));
    await solveCaptcha();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('Please verify that you are a human')).toHaveLength(2);
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
  });
});

/** A plan as GET /pricing-plans answers it: Business, monthly, unless `changes` say otherwise. */
const pricingPlan = (changes: Partial<PricingPlan> = {}): PricingPlan => ({
  id: 'business-monthly',
  name: 'Business',
  description: 'For teams',
  customerType: 'Business',
  billingPeriod: 'monthly',
  prices: { usd: 9900, eur: 9900, gpb: 8900 },
  trialDays: 14,
  features: [],
  isCustom: false,
  quotas: [],
  sortOrder: 1,
  ...changes,
});

describe('Sign-up: going back and forward, and the plan chosen on pricing', () => {
  afterEach(() => {
    cleanup();
  });

  it('keeps what was typed (never the password) when the visitor leaves and comes back in the same tab', async () => {
    await renderSignup();
    fireEvent.click(screen.getByLabelText('A business'));
    type('First name', 'Ada');
    type('Work email', 'ada@example.com');
    type('Password', 'Harbour-Lights-2026');
    type('Company', 'Analytical Engines');
    cleanup();

    await renderSignup();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByLabelText('Work email') as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText('Company') as HTMLInputElement).value).toBe('Analytical Engines');
    expect((screen.getByLabelText('A business') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(sessionStorage.getItem('dcipher.signup-draft')).not.toContain('Harbour');
  });

  it('forgets the draft once the account is created', async () => {
    answerRegistration('setup');
    await renderSignup();
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Work email', 'ada@example.com');
    type('Password', 'Harbour-Lights-2026');
    fireEvent.click(screen.getByLabelText('I agree to the Terms of Service'));
    await solveCaptcha();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { level: 1, name: 'Add payment method (2/2)' });
    expect(sessionStorage.getItem('dcipher.signup-draft')).toBeNull();
  });

  it('says which plan was chosen and what is charged when, and signs a business plan up as a business', async () => {
    answerWith({
      listPricingPlans: [pricingPlan()],
    });
    await renderAt('/signup?plan=business-monthly');
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    // In the pricing page's currency (its default, euros, when nothing was chosen there).
    expect(plan.textContent).toContain('Your plan: Business (monthly), €99.00 per month before VAT.');
    expect(plan.textContent).toContain(
      'Nothing is charged today: your 14-day free trial of Business starts now, with its features and quotas.',
    );
    expect((screen.getByLabelText('A business') as HTMLInputElement).checked).toBe(true);
  });

  it('says the chosen plan from the plans the remote already read, though reading them again fails', async () => {
    // The plan screens and the sign-up's reminder share one read of the plans (the remote's cache).
    remoteQueryClient.setQueryData(contractQuery(contract.pricing.listPricingPlans).queryKey, [
      pricingPlan({
        id: 'team-annual',
        name: 'Team',
        billingPeriod: 'annual',
        prices: { usd: 99000, eur: 99000, gpb: 89000 },
      }),
    ]);
    answerWith({
      listPricingPlans: () => {
        throw new ApiError('The service is unavailable.', 503, undefined);
      },
    });
    await renderAt('/signup?plan=team-annual');
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(plan.textContent).toContain('Your plan: Team (annual), €990.00 per year before VAT.');
    await waitFor(() => expect(callsOf('listPricingPlans')).toHaveLength(1));
    expect(screen.getByRole('region', { name: 'Your plan' })).toBe(plan);
  });
});

describe("Sign-up: the plan notice's space, held from the first paint (decision 0136)", () => {
  const held = () => document.documentElement.hasAttribute('data-signup-plan');
  beforeEach(() => {
    // What /signup's head script does for a plan id in the address (the site's signup-first-paint-head.tsx).
    document.documentElement.setAttribute('data-signup-plan', '');
  });
  afterEach(() => {
    cleanup();
    document.documentElement.removeAttribute('data-signup-plan');
  });

  it('keeps it for a plan the API sells, filled by the notice', async () => {
    answerWith({ listPricingPlans: [pricingPlan()] });
    await renderAt('/signup?plan=business-monthly');
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(plan.closest('[data-chosen-plan-slot]')).not.toBeNull();
    expect(held()).toBe(true);
  });

  it('closes it when no plan of that id is sold', async () => {
    answerWith({ listPricingPlans: [pricingPlan()] });
    await renderAt('/signup?plan=platinum-monthly');
    await waitFor(() => expect(held()).toBe(false));
    expect(screen.queryByRole('region', { name: 'Your plan' })).toBeNull();
  });

  it('closes it when the plans cannot be read; the form stays usable', async () => {
    answerWith({
      listPricingPlans: () => {
        throw new ApiError('The service is unavailable.', 503, undefined);
      },
    });
    await renderAt('/signup?plan=business-monthly');
    await waitFor(() => expect(held()).toBe(false));
    expect(screen.queryByRole('region', { name: 'Your plan' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
  });
});

describe('Sign-up: the workflow chosen in the workflow store', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  async function createAccount() {
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Work email', 'ada@example.com');
    type('Password', 'Harbour-Lights-2026');
    fireEvent.click(screen.getByLabelText('I agree to the Terms of Service'));
    await solveCaptcha();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { level: 1, name: 'Add payment method (2/2)' });
  }
  const registered = (): { body: unknown } | undefined => callsOf('register')[0];

  it('says which workflow is being tried on both steps and sends it with the registration', async () => {
    answerRegistration('setup');
    await renderAt('/signup?workflow=brand-monitoring');
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    expect(screen.getByRole('region', { name: 'Your workflow' }).textContent).toContain(
      'You are signing up to try Brand monitoring.',
    );
    await createAccount();
    expect(registered()).toEqual({
      body: expect.objectContaining({ email: 'ada@example.com', workflow: 'brand-monitoring' }),
    });
    expect(screen.getByRole('region', { name: 'Your workflow' }).textContent).toContain(
      'You are signing up to try Brand monitoring.',
    );
    expect(sessionStorage.getItem('dcipher.signup-workflow')).toBeNull();
  });

  it('signs a visitor from the store up in euros, the currency the site shows, when pricing was never opened (issue 36)', async () => {
    localStorage.removeItem('dcipher.currency');
    answerRegistration('setup');
    await renderAt('/signup?workflow=brand-monitoring');
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    await expectNoAxeViolations();
    await createAccount();
    expect(registered()).toEqual({
      body: expect.objectContaining({ workflow: 'brand-monitoring', currency: 'eur' }),
    });
  });

  it('keeps the currency chosen on the pricing page (pounds, spelled gpb as the spec does)', async () => {
    localStorage.setItem('dcipher.currency', 'gpb');
    answerRegistration('setup');
    await renderAt('/signup?workflow=brand-monitoring');
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    await createAccount();
    expect(registered()).toEqual({ body: expect.objectContaining({ currency: 'gpb' }) });
    localStorage.removeItem('dcipher.currency');
  });

  it('sends the plan chosen on the pricing page, which the trial is then of (docs/decisions/0085)', async () => {
    answerRegistration('setup', { listPricingPlans: [] });
    await renderAt('/signup?plan=starter-monthly');
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    await createAccount();
    expect(registered()).toEqual({ body: expect.objectContaining({ plan: 'starter-monthly' }) });
  });

  it('ignores a workflow that is not in the catalogue', async () => {
    answerRegistration('setup');
    await renderAt('/signup?workflow=..%2Faccount');
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    expect(screen.queryByRole('region', { name: 'Your workflow' })).toBeNull();
    await createAccount();
    expect(registered()?.body).not.toHaveProperty('workflow');
  });

  it('keeps the workflow when the visitor comes back to sign-up in the same tab without it', async () => {
    answerWith({ listPricingPlans: [] });
    await renderAt('/signup?workflow=survey-coding');
    await screen.findByRole('region', { name: 'Your workflow' });
    cleanup();
    await renderAt('/signup?plan=business-monthly');
    expect((await screen.findByRole('region', { name: 'Your workflow' })).textContent).toContain(
      'You are signing up to try Survey coding.',
    );
  });
});

describe('Sign-up: add payment method (2/2)', () => {
  const nextYear = new Date().getUTCFullYear() + 1;

  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  async function reachStepTwo(
    customerType: 'An individual' | 'A business' = 'An individual',
    more: Record<string, unknown> = {},
  ) {
    answerRegistration('setup-1', more);
    const rendered = await renderSignup();
    fireEvent.click(screen.getByLabelText(customerType));
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Work email', 'ada@example.com');
    type('Password', 'Harbour-Lights-2026');
    if (customerType === 'A business') {
      type('Company', 'Analytical Engines');
      fireEvent.change(screen.getByLabelText('Company size'), { target: { value: '10-25' } });
    }
    fireEvent.click(screen.getByLabelText('I agree to the Terms of Service'));
    await solveCaptcha();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { level: 1, name: 'Add payment method (2/2)' });
    await screen.findByLabelText('Card number');
    return rendered;
  }

  it('has a visibly labelled field for each payment form field of the spec', async () => {
    await reachStepTwo();
    for (const label of [
      'Card holder',
      'Card number',
      'CVC',
      'Expiry (MM/YYYY)',
      'Company (optional)',
      'Billing address',
      'Country',
      'VAT number (optional)',
      'Billing type',
    ]) {
      expect(screen.getByText(label).tagName).toBe('LABEL');
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect((screen.getByLabelText('Billing type') as HTMLSelectElement).value).toBe('Individual');
    // The browser fills in what it knows, as on the account area's billing-details form.
    expect(screen.getByLabelText('Billing address').getAttribute('autocomplete')).toBe('street-address');
    expect(screen.getByLabelText('Country').getAttribute('autocomplete')).toBe('country');
  });

  it('shows "Invalid Card Number", "Invalid CVC Number" and "Invalid Expire Date" and sends nothing', async () => {
    await reachStepTwo();
    type('Card holder', 'Ada Lovelace');
    type('Card number', '4242 4242 4242 4241');
    type('CVC', '12');
    type('Expiry (MM/YYYY)', '13/2020');
    fireEvent.click(screen.getByRole('button', { name: 'Save card and continue' }));
    expect(await screen.findByText('Invalid Card Number')).toBeTruthy();
    expect(screen.getByText('Invalid CVC Number')).toBeTruthy();
    expect(screen.getByText('Invalid Expire Date')).toBeTruthy();
    expect(screen.getAllByText('This field is required')).toHaveLength(2); // address and country
    expect(callsOf('addCreditCard')).toHaveLength(0);
  });

  it('saves the card with the payment-setup token, then goes to "check your email"', async () => {
    const { navigate } = await reachStepTwo('A business', {
      addCreditCard: {
        id: '0b4f4c38-8f61-4a1c-9d7e-3c5b2f0e9a11',
        brand: 'visa',
        last4: '4242',
        expiryMonth: 9,
        expiryYear: nextYear,
        cardHolder: 'Ada Lovelace',
        isDefault: true,
        createdAt: '2026-11-24T10:00:00.000Z',
      },
    });
    expect((screen.getByLabelText('Billing type') as HTMLSelectElement).value).toBe('Business');
    expect((screen.getByLabelText('Company (optional)') as HTMLInputElement).value).toBe(
      'Analytical Engines',
    );
    type('Card holder', 'Ada Lovelace');
    type('Card number', '4242 4242 4242 4242');
    type('CVC', '123');
    type('Expiry (MM/YYYY)', `09/${nextYear}`);
    type('Billing address', '12 St James Square, London');
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'GB' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save card and continue' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/postsignup?email=ada%40example.com'));
    expect(receivedCalls().filter((call) => call.operation === 'addCreditCard')).toEqual([
      expect.objectContaining({ token: 'setup-1' }),
    ]);
    // The card is tokenised in the page: the API gets the local gateway's payment method, never the number.
    const sent = callsOf('addCreditCard')[0];
    expect(sent).toEqual({
      body: {
        cardHolder: 'Ada Lovelace',
        paymentMethod: expect.stringMatching(
          new RegExp(`^pm_local_ok_visa_4242_09${nextYear}_[0-9a-f]{24}$`),
        ),
        company: 'Analytical Engines',
        address: '12 St James Square, London',
        country: 'GB',
        billingType: 'Business',
      },
    });
    expect(JSON.stringify(sent)).not.toMatch(/424242424242|"123"/);
  });

  it('shows a declined card and keeps the form, so another card can be tried or the step skipped', async () => {
    const { navigate } = await reachStepTwo('An individual', {
      addCreditCard: () => {
        throw new ApiError('Your card was declined. Try another card.', 402, 'CARD_DECLINED');
      },
    });
    type('Card holder', 'Ada Lovelace');
    type('Card number', '4000 0000 0000 0002');
    type('CVC', '123');
    type('Expiry (MM/YYYY)', `09/${nextYear}`);
    type('Billing address', '12 St James Square, London');
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'GB' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save card and continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined. Try another card.');
    expect((screen.getByLabelText('Billing address') as HTMLInputElement).value).toBe(
      '12 St James Square, London',
    );
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(navigate).toHaveBeenCalledWith('/postsignup?email=ada%40example.com');
  });
});

describe('Email verification', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('shows progress, then success: signed in, one click to the workflows', async () => {
    let resolve: (value: unknown) => void = () => {};
    const verifyEmail = jest.fn(() => new Promise((done) => (resolve = done)));
    authStore.setState({ verifyEmail } as never);
    const { navigate } = await renderAt('/verify-email?token=abc');
    expect(screen.getByRole('status').textContent).toBe('Confirming your email address…');
    await act(async () => resolve({ email: 'ada@example.com', emailChanged: false, signedIn: true }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Email confirmed');
    expect(screen.getByText(/ada@example.com is confirmed.*You are signed in\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go to my workflows' }));
    expect(navigate).toHaveBeenCalledWith('/workflows');
    expect(verifyEmail).toHaveBeenCalledWith('abc');
  });

  it("opens the workflow chosen with the store's Try it at once, its sample run started, with no click (issue 36 point 2)", async () => {
    const flowId = '6f9b1c2e-8d4a-4c1e-9f2a-3b5d7e9a1c3f';
    const verifyEmail = jest.fn(async () => ({
      email: 'ada@example.com',
      emailChanged: false,
      signedIn: true,
      workflowId: flowId,
    }));
    authStore.setState({ verifyEmail } as never);
    const { navigate } = await renderAt('/verify-email?token=abc');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/workflows/${flowId}`));
    expect(screen.getByText('Opening your workflow and its first run…').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: 'Go to my workflows' })).toBeNull();
    await expectNoAxeViolations();
  });

  it('offers to log in when the confirmation did not sign in (a changed address)', async () => {
    authStore.setState({
      verifyEmail: async () => ({ email: 'new@example.com', emailChanged: true, signedIn: false }),
    } as never);
    const { navigate } = await renderAt('/verify-email?token=abc');
    expect(
      await screen.findByText('Your email address is now new@example.com. Log in with it from now on.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('offers a new link when the link has expired', async () => {
    const expired = new ApiError(
      'The verification link has expired. We can send you a new one.',
      400,
      'VERIFICATION_LINK_EXPIRED',
    );
    authStore.setState({ verifyEmail: () => Promise.reject(expired) } as never);
    answerWith({ sendConfirmation: { sent: true } });
    await renderAt('/verify-email?token=old');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The verification link has expired. We can send you a new one.',
    );
    type('Work email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(
      await screen.findByText('If an unconfirmed account uses that address, a new link is on its way.'),
    ).toBeTruthy();
  });

  it('reports a failed verification with the catalogue message', async () => {
    const failed = new ApiError('Unexpected error while validating email', 400, 'VERIFICATION_FAILED');
    authStore.setState({ verifyEmail: () => Promise.reject(failed) } as never);
    await renderAt('/verify-email?token=used');
    expect((await screen.findByRole('alert')).textContent).toBe('Unexpected error while validating email');
  });

  it('treats a link without a token as failed, without calling the API', async () => {
    const verifyEmail = jest.fn();
    authStore.setState({ verifyEmail } as never);
    await renderAt('/verify-email');
    expect((await screen.findByRole('alert')).textContent).toBe('Unexpected error while validating email');
    expect(verifyEmail).not.toHaveBeenCalled();
  });
});

describe('After sign-up', () => {
  afterEach(() => {
    cleanup();
  });

  it('tells the user to check their email and can send the link again', async () => {
    answerWith({ sendConfirmation: { sent: true } });
    await renderAt('/postsignup?email=ada%40example.com');
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('We sent a new link. It replaces the previous one.')).toBeTruthy();
    expect(callsOf('sendConfirmation')).toEqual([{ body: { email: 'ada@example.com' } }]);
  });
});
