import { ApiError } from '@dcipher/shared/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AuthApp from '../../apps/auth';
import { answerWith, callsOf, receivedCalls } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

async function renderAt(path: string) {
  window.history.pushState(null, '', path);
  await renderScreen(<AuthApp navigate={jest.fn()} />);
}

const disclosure = () => screen.getByRole('button', { name: 'Wrong address? Change it' });
const form = () => screen.getByRole('form', { name: 'Change your email address' });
const field = (label: string) => within(form()).getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () =>
  fireEvent.click(within(form()).getByRole('button', { name: 'Change email and send a new link' }));

afterEach(cleanup);

describe('After sign-up: correcting a mistyped address', () => {
  it('opens a labelled form from a keyboard-reachable button, with the current address filled in', async () => {
    await renderAt('/postsignup?email=ada%40exmaple.com');
    const button = disclosure();
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('form', { name: 'Change your email address' })).toBeNull();

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(form().id);
    expect(field('Current email').value).toBe('ada@exmaple.com');
    expect(field('Password').type).toBe('password');
    expect(field('New email').value).toBe('');

    fireEvent.click(button);
    expect(screen.queryByRole('form', { name: 'Change your email address' })).toBeNull();
  });

  it('changes the address, says where the new link went, and resends to the new address', async () => {
    answerWith({
      updateEmail: { email: 'ada@example.com', verificationRequired: true },
      sendConfirmation: { sent: true },
    });
    await renderAt('/postsignup?email=ada%40exmaple.com');
    fireEvent.click(disclosure());
    type('Password', 'Harbour-Lights-2026');
    type('New email', ' Ada@Example.com ');
    submit();

    expect((await screen.findByRole('status')).textContent).toBe(
      'We sent a new link to ada@example.com. Open it to activate your account.',
    );
    expect(callsOf('updateEmail')).toEqual([
      { body: { email: 'ada@exmaple.com', password: 'Harbour-Lights-2026', newEmail: 'ada@example.com' } },
    ]);
    expect(screen.queryByRole('form', { name: 'Change your email address' })).toBeNull();
    expect(screen.getByText('ada@example.com', { selector: 'strong' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    await waitFor(() =>
      expect(callsOf('sendConfirmation')).toEqual([{ body: { email: 'ada@example.com' } }]),
    );
  });

  it('checks the fields before calling: required, valid and different addresses', async () => {
    await renderAt('/postsignup');
    fireEvent.click(disclosure());
    expect(field('Current email').value).toBe('');
    submit();
    expect(await within(form()).findAllByText('This field is required')).toHaveLength(3);

    type('Current email', 'ada@example.com');
    type('Password', 'Harbour-Lights-2026');
    type('New email', 'ADA@example.com');
    submit();
    expect(
      await within(form()).findByText('The new email address must be different from the current one.'),
    ).toBeTruthy();
    type('New email', 'ada@');
    submit();
    expect(await within(form()).findByText('Please enter a valid email address')).toBeTruthy();
    expect(receivedCalls()).toHaveLength(0);
  });

  it('shows a wrong password as the API says it, keeping everything typed', async () => {
    answerWith({
      updateEmail: () => {
        throw new ApiError('Invalid email or password', 401, 'INVALID_CREDENTIALS');
      },
    });
    await renderAt('/postsignup?email=ada%40exmaple.com');
    fireEvent.click(disclosure());
    type('Password', 'Wrong-Password-1');
    type('New email', 'ada@example.com');
    submit();

    expect((await within(form()).findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(field('Current email').value).toBe('ada@exmaple.com');
    expect(field('Password').value).toBe('Wrong-Password-1');
    expect(field('New email').value).toBe('ada@example.com');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("puts the API's field messages under their fields and shows a wait or an outage", async () => {
    // The API's answers in turn: the address refused, then a rate limit, then an outage.
    const failures = [
      new ApiError(
        'The new email address must be different from the current one.',
        400,
        'VALIDATION_FAILED',
        { newEmail: 'sameEmailAsCurrent' },
        { reason: 'sameEmailAsCurrent' },
      ),
      new ApiError('Too many requests. Please wait a few minutes and try again.', 429, 'TOO_MANY_REQUESTS'),
      new ApiError('Server error', 500, 'INTERNAL'),
    ];
    answerWith({
      updateEmail: () => {
        throw failures.shift();
      },
    });
    await renderAt('/postsignup?email=ada%40exmaple.com');
    fireEvent.click(disclosure());
    type('Password', 'Harbour-Lights-2026');
    type('New email', 'ada@example.com');
    submit();
    await waitFor(() => expect(field('New email').getAttribute('aria-describedby')).toBeTruthy());
    const describedBy = field('New email').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'The new email address must be different from the current one.',
    );

    submit();
    await waitFor(() =>
      expect(within(form()).getByRole('alert').textContent).toBe(
        'Too many requests. Please wait a few minutes and try again.',
      ),
    );

    submit();
    await waitFor(() => expect(within(form()).getByRole('alert').textContent).toBe('Server error'));
  });

  it('disables the button while the change is being sent', async () => {
    let resolve: (value: unknown) => void = () => {};
    answerWith({ updateEmail: () => new Promise((settle) => (resolve = settle)) });
    await renderAt('/postsignup?email=ada%40exmaple.com');
    fireEvent.click(disclosure());
    type('Password', 'Harbour-Lights-2026');
    type('New email', 'ada@example.com');
    submit();
    const sending = await within(form()).findByRole('button', { name: 'Sending…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    resolve({ email: 'ada@example.com', verificationRequired: true });
    expect(await screen.findByRole('status')).toBeTruthy();
  });
});
