import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { contract } from '@dcipher/shared/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import AuthApp from '../../apps/auth';
import { contractQuery } from '../../kit/contract-query';
import { remoteQueryClient } from '../../kit/query-client';
import { answerWith, callsOf, NetworkFailure, receivedCalls } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

jest.mock('altcha', () => ({}));

const initialState = authStore.getState();

const invitation = (state: 'pending' | 'expired' | 'accepted') => ({
  state,
  email: 'grace@example.com',
  organizationName: 'Demo Org',
  inviterName: 'Ada Admin',
  role: 'teammate' as const,
  expiresAt: '2026-03-05T10:00:00.000Z',
  signInWithSso: false,
  existingAccount: false,
});
const chosen = 'Harbour-Lights-2026';
const pendingHeading = 'Join Demo Org on Dcipher';

async function renderInvitation(token = 'tok123') {
  window.history.pushState(null, '', `/signup?invitation=${token}`);
  const navigate = jest.fn();
  await renderScreen(<AuthApp navigate={navigate} />);
  return { navigate };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** Waits for the page's heading to read `name` (the loading state has a heading of its own). */
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const acceptButton = () => screen.getByRole('button', { name: 'Accept invitation' });

function fillForm() {
  type('First name', 'Grace');
  type('Last name', 'Hopper');
  type('Password', chosen);
  type('Confirm password', chosen);
}

afterEach(() => {
  cleanup();
  authStore.setState(initialState, true);
});

describe('Accept invitation: loading and pending', () => {
  it('loads the invitation named by the link, then shows who invites whom, with labelled fields', async () => {
    let answer: (value: unknown) => void = () => {};
    answerWith({ getInvitation: () => new Promise((resolve) => (answer = resolve)) });
    await renderInvitation();
    expect(screen.getByRole('status').textContent).toBe('Loading your invitation…');
    await waitFor(() => expect(callsOf('getInvitation')).toEqual([{ query: { token: 'tok123' } }]));

    answer(invitation('pending'));
    await heading('Join Demo Org on Dcipher');
    expect(screen.getByText(/Ada Admin invited you as teammate\./)).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('grace@example.com');
    expect(email.readOnly).toBe(true);
    for (const label of ['First name', 'Last name', 'Password', 'Confirm password']) {
      expect(screen.getByText(label).tagName).toBe('LABEL');
    }
    expect(document.title).toBe('Dcipher | Join Demo Org on Dcipher');
  });

  it('shows the spec messages, the live password checklist and "Passwords do not match"', async () => {
    const acceptInvitation = jest.fn();
    authStore.setState({ acceptInvitation });
    answerWith({ getInvitation: invitation('pending') });
    await renderInvitation();
    await heading(pendingHeading);
    fireEvent.click(acceptButton());
    expect(await screen.findAllByText('This field is required')).toHaveLength(4);

    type('Password', 'short');
    expect(screen.getAllByText('Password must contain at least 12 characters').length).toBeGreaterThan(0);
    type('Password', 'harbour-lights-2026');
    expect(
      screen.getByText('Password requires an uppercase letter').closest('li')?.getAttribute('data-met'),
    ).toBe('false');
    type('Password', chosen);
    // Every rule of the checklist is met.
    expect(document.querySelectorAll('li[data-met="false"]')).toHaveLength(0);

    type('First name', 'Grace');
    type('Last name', 'Hopper');
    type('Confirm password', 'Harbour-Lights-2027');
    fireEvent.click(acceptButton());
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(acceptInvitation).not.toHaveBeenCalled();
  });

  it('accepts through the auth store, which keeps the session, and opens the account area', async () => {
    const acceptInvitation = jest.fn().mockResolvedValue(undefined);
    authStore.setState({ acceptInvitation });
    answerWith({ getInvitation: invitation('pending') });
    const { navigate } = await renderInvitation();
    await heading(pendingHeading);
    fillForm();
    type('First name', '  Grace ');
    fireEvent.click(acceptButton());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/workflows'));
    expect(acceptInvitation).toHaveBeenCalledWith({
      token: 'tok123',
      firstName: 'Grace',
      lastName: 'Hopper',
      password: chosen,
      confirmPassword: chosen,
    });
  });

  it('shows a refusal and keeps everything typed', async () => {
    authStore.setState({
      acceptInvitation: jest
        .fn()
        .mockRejectedValue(
          new ApiError(
            'Your account has been suspended due to unusual activity. Please contact support.',
            403,
            'ACCOUNT_SUSPENDED',
          ),
        ),
    });
    answerWith({ getInvitation: invitation('pending') });
    const { navigate } = await renderInvitation();
    await heading(pendingHeading);
    fillForm();
    fireEvent.click(acceptButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your account has been suspended due to unusual activity. Please contact support.',
    );
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Grace');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe(chosen);
    expect(acceptButton()).toHaveProperty('disabled', false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('asks for no password when the organization requires SSO: the invitee accepts by logging in with SSO', async () => {
    answerWith({ getInvitation: { ...invitation('pending'), signInWithSso: true } });
    const { navigate } = await renderInvitation();
    await heading(pendingHeading);
    expect(screen.getByText(/signs its people in with single sign-on/).textContent).toContain(
      'grace@example.com',
    );
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log in with SSO' }));
    expect(navigate).toHaveBeenCalledWith('/login/sso');
    expect(screen.getByRole('button', { name: /Decline/ })).toBeTruthy();
  });

  it('sends someone who signed up on their own since to log in and accept from their account', async () => {
    answerWith({ getInvitation: { ...invitation('pending'), existingAccount: true } });
    const { navigate } = await renderInvitation();
    await heading(pendingHeading);
    expect(screen.getByText(/You already have a Dcipher account/).textContent).toContain('grace@example.com');
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(screen.getByRole('button', { name: /Decline/ })).toBeTruthy();
  });

  it('turns into the expired page when the invitation expires before it is accepted', async () => {
    authStore.setState({
      acceptInvitation: jest
        .fn()
        .mockRejectedValue(
          new ApiError('This invitation has expired. Ask for a new one.', 410, 'INVITATION_EXPIRED'),
        ),
    });
    answerWith({ getInvitation: invitation('pending') });
    await renderInvitation();
    await heading(pendingHeading);
    fillForm();
    fireEvent.click(acceptButton());
    await heading('This invitation has expired');
  });
});

describe('Accept invitation: read through the cache', () => {
  it('shows an invitation read before at once, then what the new read says', async () => {
    remoteQueryClient.setQueryData(
      contractQuery(contract.invitations.getInvitation, { query: { token: 'tok123' } }).queryKey,
      invitation('pending'),
    );
    let answer: (value: unknown) => void = () => {};
    answerWith({ getInvitation: () => new Promise((resolve) => (answer = resolve)) });
    await renderInvitation();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(pendingHeading);
    expect(screen.queryByText('Loading your invitation…')).toBeNull();
    await waitFor(() => expect(callsOf('getInvitation')).toHaveLength(1));

    // It expired meanwhile: the page says so as soon as the new read answers.
    answer(invitation('expired'));
    await heading('This invitation has expired');
  });

  it('keeps an invitation read before when reading it again fails, and shows a refused token', async () => {
    const key = contractQuery(contract.invitations.getInvitation, { query: { token: 'tok123' } }).queryKey;
    remoteQueryClient.setQueryData(key, invitation('pending'));
    answerWith({ getInvitation: new NetworkFailure() });
    await renderInvitation();
    await waitFor(() => expect(callsOf('getInvitation')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(pendingHeading);
    cleanup();

    remoteQueryClient.setQueryData(key, invitation('pending'));
    answerWith({
      getInvitation: () => {
        throw new ApiError('This invitation has already been accepted.', 409, 'INVITATION_ALREADY_ACCEPTED');
      },
    });
    await renderInvitation();
    await heading('This invitation has already been accepted');
  });
});

describe('Accept invitation: expired', () => {
  it('says so and asks the inviter for a new invitation', async () => {
    answerWith({ getInvitation: invitation('expired'), requestInvitationRenewal: { requested: true } });
    await renderInvitation('old-token');
    await heading('This invitation has expired');
    expect(screen.getByText('This invitation has expired. Ask for a new one.')).toBeTruthy();
    expect(screen.getByText(/expired on/).textContent).toContain('05 Mar 2026');
    expect(screen.queryByLabelText('Password')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Ask Ada Admin for a new invitation' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'We asked Ada Admin to send you a new invitation.',
    );
    expect(callsOf('requestInvitationRenewal')).toEqual([{ body: { token: 'old-token' } }]);
    expect(screen.queryByRole('button', { name: /Ask Ada Admin/ })).toBeNull();
  });

  it('shows why the request failed and lets the invitee try again', async () => {
    answerWith({
      getInvitation: invitation('expired'),
      requestInvitationRenewal: () => {
        throw new ApiError(
          'Too many requests. Please wait a few minutes and try again.',
          429,
          'TOO_MANY_REQUESTS',
        );
      },
    });
    await renderInvitation();
    await heading('This invitation has expired');
    fireEvent.click(screen.getByRole('button', { name: 'Ask Ada Admin for a new invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait a few minutes and try again.',
    );
    expect(screen.getByRole('button', { name: 'Ask Ada Admin for a new invitation' })).toBeTruthy();
  });
});

describe('Accept invitation: accepted and invalid links', () => {
  it('offers to log in when the invitation has been accepted already', async () => {
    answerWith({ getInvitation: invitation('accepted') });
    const { navigate } = await renderInvitation();
    await heading('This invitation has already been accepted');
    expect(screen.getByText('This invitation has already been accepted. Log in instead.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('explains a link that is not valid, with links to log in and to sign up', async () => {
    answerWith({
      getInvitation: () => {
        throw new ApiError('This invitation link is not valid.', 404, 'INVITATION_INVALID');
      },
    });
    const { navigate } = await renderInvitation('garbled');
    await heading('This invitation link is not valid');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    fireEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(navigate).toHaveBeenCalledWith('/signup');
  });

  it('treats an empty invitation parameter as an invalid link without calling the API', async () => {
    await renderInvitation('');
    await heading('This invitation link is not valid');
    expect(receivedCalls()).toHaveLength(0);
  });

  it('lets the visitor try again when the invitation could not be loaded', async () => {
    let attempts = 0;
    answerWith({
      getInvitation: () => {
        attempts += 1;
        if (attempts === 1) throw new NetworkFailure();
        return invitation('pending');
      },
    });
    await renderInvitation();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not reach Dcipher. Check your connection and try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await heading('Join Demo Org on Dcipher');
  });

  it('leaves /signup without an invitation to the self-service sign-up', async () => {
    window.history.pushState(null, '', '/signup');
    await renderScreen(<AuthApp navigate={jest.fn()} />);
    await heading('Create account (1/2)');
    expect(receivedCalls()).toHaveLength(0);
  });
});

describe('Accept invitation: declining (docs/decisions/0035)', () => {
  const declineCalls = () => callsOf('declineInvitation');

  it('asks first, then declines and says what happened', async () => {
    answerWith({ getInvitation: invitation('pending'), declineInvitation: { declined: true } });
    const { navigate } = await renderInvitation();
    await heading(pendingHeading);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.getByRole('group', { name: 'Decline the invitation to join Demo Org?' })).toBeTruthy();
    expect(declineCalls()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Keep the invitation' }));
    expect(screen.queryByRole('group', { name: /Decline the invitation/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decline invitation' }));
    await heading('You declined the invitation');
    expect(declineCalls()[0]).toEqual({ body: { token: 'tok123' } });
    fireEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(navigate).toHaveBeenCalledWith('/signup');
  });

  it('opens with the question asked from the email link, and shows a failure without leaving', async () => {
    answerWith({
      getInvitation: invitation('expired'),
      declineInvitation: () => {
        throw new ApiError('Server error', 500, 'INTERNAL');
      },
    });
    window.history.pushState(null, '', '/signup?invitation=tok123&decline=yes');
    await renderScreen(<AuthApp navigate={jest.fn()} />);
    await heading('This invitation has expired');
    fireEvent.click(screen.getByRole('button', { name: 'Decline invitation' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Server error');
    expect(screen.getByRole('heading', { level: 1, name: 'This invitation has expired' })).toBeTruthy();
  });

  it('turns into the accepted page when the invitation was accepted meanwhile', async () => {
    answerWith({
      getInvitation: invitation('pending'),
      declineInvitation: () => {
        throw new ApiError('accepted', 409, 'INVITATION_ALREADY_ACCEPTED');
      },
    });
    window.history.pushState(null, '', '/signup?invitation=tok123&decline=yes');
    await renderScreen(<AuthApp navigate={jest.fn()} />);
    await heading(pendingHeading);
    fireEvent.click(screen.getByRole('button', { name: 'Decline invitation' }));
    await heading('This invitation has already been accepted');
  });
});
