import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AddCardForm } from '../../features/billing/add-card-form';
import { answerWith, callsOf } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

// Stripe.js stands in here (it loads from js.stripe.com in a browser): each hosted field is a fake element whose
// change events the test fires, and createPaymentMethod answers as Stripe documents.
type ChangeHandler = (event: { empty: boolean; complete: boolean }) => void;
const elements: Record<string, { handlers: ChangeHandler[]; mounted?: HTMLElement; destroyed: boolean }> = {};
const createPaymentMethod = jest.fn();
const loadStripe = jest.fn(async (_key: string) => ({
  elements: () => ({
    create: (kind: string) => {
      const element = { handlers: [] as ChangeHandler[], destroyed: false } as (typeof elements)[string];
      elements[kind] = element;
      const api = {
        mount: (node: HTMLElement) => {
          element.mounted = node;
        },
        on: (_event: string, handler: ChangeHandler) => {
          element.handlers.push(handler);
          return api;
        },
        focus: jest.fn(),
        destroy: () => {
          element.destroyed = true;
        },
      };
      return api;
    },
  }),
  createPaymentMethod,
}));
jest.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => loadStripe(key) }));

/** The organization's saved billing details, which the card form sends with the card (docs/decisions/0086). */
const billing = {
  company: null,
  address: '1 Harbour Street',
  country: 'DK',
  vatNumber: null,
  billingType: 'Business',
  source: 'billing',
  cardDetailsDiffer: false,
} as const;
const savedCard = {
  id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  brand: 'visa',
  last4: '4242',
  expiryMonth: 12,
  expiryYear: 2034,
  cardHolder: 'Ada Admin',
  isDefault: true,
  createdAt: '2026-11-25T10:00:00.000Z',
};

const type = (kind: string, state: { empty: boolean; complete: boolean }) =>
  act(() => {
    for (const handler of elements[kind]?.handlers ?? []) handler(state);
  });

afterEach(() => {
  cleanup();
  createPaymentMethod.mockReset();
});

describe('with Stripe as the gateway', () => {
  async function renderForm(onSaved = jest.fn()) {
    answerWith({
      getPaymentGateway: { provider: 'stripe', publishableKey: 'pk_test_123456789' },
      addCreditCard: savedCard,
    });
    await renderScreen(
      <AddCardForm billing={billing} cardHolder="Ada Admin" onSaved={onSaved} submitLabel="Save card" />,
    );
    await waitFor(() => expect(elements.cardCvc?.mounted).toBeDefined());
    return onSaved;
  }

  it("shows Stripe's hosted fields under visible labels, with the spec messages until each is complete", async () => {
    await renderForm();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123456789');
    for (const label of ['Card number', 'Expiry (MM/YY)', 'CVC']) {
      expect(screen.getByRole('group', { name: label })).toBeTruthy();
    }
    // No card input of our own: the number is typed into Stripe's frame.
    expect(document.querySelector('input[name="cardNumber"]')).toBeNull();
    // Only the card: the billing details are the saved ones, said above the form, not asked again.
    expect(screen.queryByLabelText('Billing address')).toBeNull();
    expect(screen.getByTestId('card-billed-to').textContent).toBe(
      'Billed to: 1 Harbour Street, Denmark, Business customer.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    type('cardNumber', { empty: false, complete: false });
    expect(await screen.findByText('Invalid Card Number')).toBeTruthy();
    type('cardNumber', { empty: false, complete: true });
    await waitFor(() => expect(screen.queryByText('Invalid Card Number')).toBeNull());
    expect(createPaymentMethod).not.toHaveBeenCalled();
  });

  it("sends the API Stripe's payment method, never the card", async () => {
    const onSaved = await renderForm();
    createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_1Q2w3E4r' } });
    for (const kind of ['cardNumber', 'cardExpiry', 'cardCvc']) type(kind, { empty: false, complete: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(savedCard));
    expect(createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'card',
        billing_details: { name: 'Ada Admin', address: { line1: '1 Harbour Street', country: 'DK' } },
      }),
    );
    expect(callsOf('addCreditCard')[0]).toEqual({
      body: {
        cardHolder: 'Ada Admin',
        paymentMethod: 'pm_1Q2w3E4r',
        address: '1 Harbour Street',
        country: 'DK',
        billingType: 'Business',
      },
    });
  });

  it("puts Stripe's refusal of the number under the card number and saves nothing", async () => {
    await renderForm();
    createPaymentMethod.mockResolvedValue({
      error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' },
    });
    for (const kind of ['cardNumber', 'cardExpiry', 'cardCvc']) type(kind, { empty: false, complete: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findAllByText('Invalid Card Number')).not.toHaveLength(0);
    expect(callsOf('addCreditCard')).toHaveLength(0);
  });
});
