import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith, callsOf } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

const initialState = authStore.getState();

async function openContact(createContactRequest: unknown) {
  authStore.setState({ status: 'authenticated' });
  answerWith({ getAccount: testAccount, createContactRequest });
  window.history.pushState(null, '', '/account/contact');
  const view = await renderScreen(
    <main>
      <AccountApp navigate={jest.fn()} />
    </main>,
  );
  await screen.findByRole('form', { name: 'Message to the Dcipher team' });
  return view;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

describe('Contact screen', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('is in the account menu and shows the support phone and the info email', async () => {
    const { container } = await openContact({});
    const link = screen.getByRole('link', { name: 'Contact' });
    expect(link.getAttribute('href')).toBe('/account/contact');
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '+45 70 70 17 17' }).getAttribute('href')).toBe(
      'tel:+4570701717',
    );
    expect(screen.getByRole('link', { name: 'info@dcipher.io' }).getAttribute('href')).toBe(
      'mailto:info@dcipher.io',
    );
    expect(screen.getByText(/Sent as Ada Admin \(ada@example.com\) of Demo Org/)).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('asks for a message before sending, and says so under the field', async () => {
    await openContact({});
    send();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(callsOf('createContactRequest')).toHaveLength(0);
  });

  it('refuses a word as the phone number, under the field, and sends nothing (issue 36)', async () => {
    const { container } = await openContact({});
    type('Message', 'Could we have a walkthrough?');
    type('Phone for a call back (optional)', 'Walkthrough');
    send();
    const phone = screen.getByLabelText('Phone for a call back (optional)');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter a valid phone number, such as +45 70 70 17 17.',
    );
    expect(callsOf('createContactRequest')).toHaveLength(0);
    await expectNoAxeViolations(container);
  });

  it('sends the message as the signed-in person and confirms it', async () => {
    const created = jest.fn(() => ({
      id: '0b4f4c38-8f61-4a1c-9d7e-3c5b2f0e9a11',
      receivedAt: new Date().toISOString(),
    }));
    await openContact(created);
    fireEvent.change(screen.getByLabelText('What is it about?'), { target: { value: 'sales' } });
    type('Message', 'We would like a custom plan for 40 analysts.');
    send();
    expect(await screen.findByText('Thank you, your message is on its way.')).toBeTruthy();
    // The address and the next words are apart (the line break in the markup once ran them together).
    expect(
      screen.getByText(/We have sent a confirmation to ada@example.com and will reply there/),
    ).toBeTruthy();
    expect(created).toHaveBeenCalledWith({
      body: {
        firstName: 'Ada',
        lastName: 'Admin',
        email: 'ada@example.com',
        company: 'Demo Org',
        jobTitle: '',
        topic: 'sales',
        message: 'We would like a custom plan for 40 analysts.',
        receiveEmails: false,
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Write another message' }));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps what was typed and shows the reason when sending fails', async () => {
    await openContact(() => {
      throw new ApiError('Too many requests. Try again in a few minutes.', 429, 'TOO_MANY_REQUESTS');
    });
    type('Message', 'Our invoices show the wrong VAT number.');
    send();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Too many requests'));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(
      'Our invoices show the wrong VAT number.',
    );
  });
});
