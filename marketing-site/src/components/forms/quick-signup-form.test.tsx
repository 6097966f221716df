import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QuickSignupForm } from './quick-signup-form';

const call = jest.fn();
const trackLead = jest.fn();
jest.mock('./public-api', () => ({
  publicApi: async () => ({ call }),
  trackLead: (email: string) => trackLead(email),
}));

const emailField = () => screen.getByLabelText('Work email') as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-up link' }));

describe('the quick sign-up form on the shared form layer', () => {
  afterEach(() => {
    cleanup();
    call.mockReset();
  });

  it('shows the spec message after a submit and clears it as soon as the address is corrected', async () => {
    render(<QuickSignupForm />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Email me a sign-up link' })).toBeTruthy());
    fireEvent.change(emailField(), { target: { value: 'grace@' } });
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    submit();
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.change(emailField(), { target: { value: 'grace@example.com' } });
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull());
    expect(call).not.toHaveBeenCalled();
  });

  it('sends the normalised address and confirms, tracking the lead', async () => {
    call.mockResolvedValue({ email: 'grace@example.com', sent: true });
    render(<QuickSignupForm email="Grace@Example.com" />);
    submit();
    expect(await screen.findByText(/We sent a link to grace@example.com/)).toBeTruthy();
    expect(call.mock.calls[0]?.[1]).toEqual({ body: { email: 'grace@example.com' } });
    expect(trackLead).toHaveBeenCalledWith('grace@example.com');
  });

  it('keeps the address and shows the API message when the call fails', async () => {
    const { ApiError } = jest.requireActual('@dcipher/shared/client');
    call.mockRejectedValue(new ApiError('Too many requests. Please wait a few minutes and try again.', 429));
    render(<QuickSignupForm email="grace@example.com" />);
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait a few minutes and try again.',
    );
    expect(emailField().value).toBe('grace@example.com');
  });
});
