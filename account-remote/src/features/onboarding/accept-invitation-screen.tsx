import { authenticatedApi, authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { AcceptInvitationInputSchema, contract, errorCodes, type Invitation } from '@dcipher/shared/contract';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { formatDate } from '@dcipher/shared/format';
import { pathTo } from '@dcipher/shared/routes';
import {
  Alert,
  Button,
  Form,
  FormNewPasswordField,
  FormSubmitButton,
  FormTextField,
  Notice,
  TextField,
  theme,
  useContractForm,
} from '@dcipher/shared/ui';
import { errorCatalogue, invitationMessages, memberMessages } from '@dcipher/shared/validation';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { afterSignInPath } from '../../kit/checkout-state';
import { contractQuery } from '../../kit/contract-query';
import { useRemoteQueryClient } from '../../kit/query-client';
import { LoginLayout } from '../../layout/login-layout';
import { ScreenLink } from '../../layout/screen-link';
import { useRouteQuery } from '../../router/host-location';

type InvitationView =
  | { state: 'loading' }
  | { state: 'pending' | 'expired'; invitation: Invitation }
  | { state: 'accepted' }
  | { state: 'declined' }
  | { state: 'invalid' }
  /** The invitation could not be loaded (offline, server error): the visitor may try again. */
  | { state: 'unavailable'; message: string };

/** What the page shows for an error answer about the token itself; undefined for anything else. */
function viewForTokenError(error: unknown, invitation?: Invitation): InvitationView | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === errorCodes.invitationInvalid) return { state: 'invalid' };
  if (error.code === errorCodes.invitationAlreadyAccepted) return { state: 'accepted' };
  if (error.code === errorCodes.invitationExpired && invitation) return { state: 'expired', invitation };
  return undefined;
}

/**
 * What the page shows from the read of the invitation: its state, as last read (an invitation read before shows at
 * once while it is read again), loading the first time, or why it cannot be shown. A refused token outweighs what
 * was read before; a failed read leaves an invitation read before on screen.
 */
function invitationView(token: string, read: UseQueryResult<Invitation>): InvitationView {
  if (!token) return { state: 'invalid' };
  if (read.isError && !read.isFetching) {
    const refused = viewForTokenError(read.error);
    if (refused) return refused;
    if (!read.data) {
      return {
        state: 'unavailable',
        message: read.error instanceof ApiError ? read.error.message : errorCatalogue.serverError,
      };
    }
  }
  if (read.data) {
    return read.data.state === 'accepted'
      ? { state: 'accepted' }
      : { state: read.data.state, invitation: read.data };
  }
  return { state: 'loading' };
}

/**
 * The invitee's page, /signup?invitation=<token>: loads the invitation, then lets them choose their name and
 * password (pending), ask the inviter for a new one (expired), log in (accepted), or explains a broken link.
 */
export function AcceptInvitationScreen({ navigate }: RemoteScreenProps) {
  const [search] = useRouteQuery('signup');
  const token = search.invitation ?? '';
  // The invitation email's "Decline invitation" link opens the page with the decline question already asked.
  const askToDecline = search.decline === 'yes';
  // The invitation is read through the remote's cache (docs/decisions/0119); what the visitor then does here
  // (declines it, or finds the token refused while accepting) is this page's own outcome and is shown instead.
  const invitation = useQuery(
    {
      ...contractQuery(contract.invitations.getInvitation, { query: { token } }),
      enabled: token !== '',
    },
    useRemoteQueryClient(),
  );
  const [outcome, setOutcome] = useState<InvitationView>();
  const view: InvitationView = outcome ?? invitationView(token, invitation);
  const { refetch } = invitation;
  const load = useCallback(() => {
    void refetch({ cancelRefetch: true });
  }, [refetch]);

  switch (view.state) {
    case 'loading':
      return (
        <LoginLayout title="Your invitation">
          <p role="status">Loading your invitation…</p>
        </LoginLayout>
      );
    case 'pending':
      if (view.invitation.existingAccount) {
        return (
          <LoginLayout title={`Join ${view.invitation.organizationName} on Dcipher`}>
            <p css={{ marginTop: 0 }}>
              {view.invitation.inviterName} invited you as {view.invitation.role}. You already have a Dcipher
              account with <strong css={{ overflowWrap: 'anywhere' }}>{view.invitation.email}</strong>: log
              in, and accept the invitation under Invitations on your account page.
            </p>
            <Button onClick={() => navigate(pathTo('login'))}>Log in</Button>
            <DeclineInvitation
              token={token}
              invitation={view.invitation}
              askedFirst={askToDecline}
              onDone={setOutcome}
            />
          </LoginLayout>
        );
      }
      return view.invitation.signInWithSso ? (
        <LoginLayout title={`Join ${view.invitation.organizationName} on Dcipher`}>
          <p css={{ marginTop: 0 }}>
            {view.invitation.inviterName} invited you as {view.invitation.role}.{' '}
            {view.invitation.organizationName} signs its people in with single sign-on, so you need no Dcipher
            password: log in with SSO as{' '}
            <strong css={{ overflowWrap: 'anywhere' }}>{view.invitation.email}</strong> to accept.
          </p>
          <Button onClick={() => navigate(pathTo('ssoLogin'))}>Log in with SSO</Button>
          <DeclineInvitation
            token={token}
            invitation={view.invitation}
            askedFirst={askToDecline}
            onDone={setOutcome}
          />
        </LoginLayout>
      ) : (
        <AcceptForm
          token={token}
          invitation={view.invitation}
          onTokenProblem={setOutcome}
          onAccepted={() => navigate(afterSignInPath())}
          decline={
            <DeclineInvitation
              token={token}
              invitation={view.invitation}
              askedFirst={askToDecline}
              onDone={setOutcome}
            />
          }
        />
      );
    case 'expired':
      return (
        <ExpiredInvitation
          token={token}
          invitation={view.invitation}
          decline={
            <DeclineInvitation
              token={token}
              invitation={view.invitation}
              askedFirst={askToDecline}
              onDone={setOutcome}
            />
          }
        />
      );
    case 'declined':
      return (
        <LoginLayout title="You declined the invitation">
          <p>{memberMessages.invitationDeclined} The link no longer works.</p>
          <p>You can still use Dcipher on your own with this email address.</p>
          <p css={{ display: 'flex', gap: '1.5rem', marginBottom: 0 }}>
            <ScreenLink to="signup" navigate={navigate}>
              Sign up
            </ScreenLink>
            <ScreenLink to="login" navigate={navigate}>
              Log in
            </ScreenLink>
          </p>
        </LoginLayout>
      );
    case 'accepted':
      return (
        <LoginLayout title="This invitation has already been accepted">
          <p>{invitationMessages.alreadyAccepted}</p>
          <Button onClick={() => navigate(pathTo('login'))}>Log in</Button>
        </LoginLayout>
      );
    case 'invalid':
      return (
        <LoginLayout title="This invitation link is not valid">
          <p>
            {invitationMessages.invalid} Check that you opened the complete link from the invitation email, or
            ask the person who invited you to send it again.
          </p>
          <p css={{ display: 'flex', gap: '1.5rem', marginBottom: 0 }}>
            <ScreenLink to="login" navigate={navigate}>
              Log in
            </ScreenLink>
            <ScreenLink to="signup" navigate={navigate}>
              Sign up
            </ScreenLink>
          </p>
        </LoginLayout>
      );
    default:
      return (
        <LoginLayout title="Your invitation">
          <Alert>{view.message}</Alert>
          <Button onClick={load}>Try again</Button>
        </LoginLayout>
      );
  }
}

function AcceptForm({
  token,
  invitation,
  onTokenProblem,
  onAccepted,
  decline,
}: {
  token: string;
  invitation: Invitation;
  onTokenProblem: (view: InvitationView) => void;
  onAccepted: () => void;
  decline: ReactNode;
}) {
  const form = useContractForm({
    schema: AcceptInvitationInputSchema,
    defaultValues: { token, firstName: '', lastName: '', password: '', confirmPassword: '' },
    // The API takes the confirmation as optional; this form asks for it.
    keepEmpty: ['confirmPassword'],
    onSubmit: async (body) => {
      try {
        await authStore.getState().acceptInvitation(body);
      } catch (error) {
        // A problem with the invitation itself changes the page; anything else shows on the form.
        const tokenProblem = viewForTokenError(error, invitation);
        if (!tokenProblem) throw error;
        onTokenProblem(tokenProblem);
        return;
      }
      onAccepted();
    },
  });

  return (
    <LoginLayout title={`Join ${invitation.organizationName} on Dcipher`}>
      <p css={{ marginTop: 0, color: theme.colors.muted }}>
        {invitation.inviterName} invited you as {invitation.role}. Choose your name and password to accept.
      </p>
      <Form form={form} aria-label="Accept invitation">
        <TextField label="Email" name="email" type="email" value={invitation.email} readOnly />
        <FormTextField form={form} name="firstName" label="First name" autoComplete="given-name" />
        <FormTextField form={form} name="lastName" label="Last name" autoComplete="family-name" />
        <FormNewPasswordField form={form} name="password" label="Password" deps={['confirmPassword']} />
        <FormTextField
          form={form}
          name="confirmPassword"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
        />
        <FormSubmitButton form={form} busyLabel="Accepting…" css={{ width: '100%' }}>
          Accept invitation
        </FormSubmitButton>
      </Form>
      {decline}
    </LoginLayout>
  );
}

function ExpiredInvitation({
  token,
  invitation,
  decline,
}: {
  token: string;
  invitation: Invitation;
  decline: ReactNode;
}) {
  const [outcome, setOutcome] = useState<{ requested?: boolean; error?: string }>({});
  const [sending, setSending] = useState(false);

  async function askForNewInvitation() {
    setSending(true);
    setOutcome({});
    try {
      await authenticatedApi().call(contract.invitations.requestInvitationRenewal, { body: { token } });
      setOutcome({ requested: true });
    } catch (error) {
      setOutcome({ error: error instanceof ApiError ? error.message : errorCatalogue.serverError });
    } finally {
      setSending(false);
    }
  }

  return (
    <LoginLayout title="This invitation has expired">
      <p css={{ marginTop: 0 }}>{invitationMessages.expired}</p>
      <p>
        {invitation.inviterName} invited {invitation.email} to join {invitation.organizationName} on Dcipher;
        the link expired on <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>.
      </p>
      {outcome.error ? <Alert>{outcome.error}</Alert> : null}
      {outcome.requested ? (
        <Notice>We asked {invitation.inviterName} to send you a new invitation.</Notice>
      ) : (
        <Button onClick={() => void askForNewInvitation()} disabled={sending}>
          {sending ? 'Asking…' : `Ask ${invitation.inviterName} for a new invitation`}
        </Button>
      )}
      {decline}
    </LoginLayout>
  );
}

/**
 * "Not for you?": the invitee declines (docs/decisions/0035). Asked first, since it cannot be undone; the email's
 * decline link opens the page with the question already asked.
 */
function DeclineInvitation({
  token,
  invitation,
  askedFirst,
  onDone,
}: {
  token: string;
  invitation: Invitation;
  askedFirst: boolean;
  onDone: (view: InvitationView) => void;
}) {
  const [asking, setAsking] = useState(askedFirst);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const questionRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (askedFirst) questionRef.current?.scrollIntoView?.({ block: 'center' });
  }, [askedFirst]);

  async function decline() {
    setSending(true);
    setError(undefined);
    try {
      await authenticatedApi().call(contract.invitations.declineInvitation, { body: { token } });
      onDone({ state: 'declined' });
    } catch (failure) {
      const tokenProblem = viewForTokenError(failure, invitation);
      if (tokenProblem) onDone(tokenProblem);
      else setError(failure instanceof ApiError ? failure.message : errorCatalogue.serverError);
    } finally {
      setSending(false);
    }
  }

  return (
    <div css={{ marginTop: '1.5rem', paddingTop: '1rem', borderTop: `1px solid ${theme.colors.border}` }}>
      {asking ? (
        <fieldset ref={questionRef} css={{ minWidth: 0, margin: 0, padding: 0, border: 'none' }}>
          <legend css={{ fontWeight: 600, padding: 0, marginBottom: '0.5rem' }}>
            Decline the invitation to join {invitation.organizationName}?
          </legend>
          <p css={{ marginTop: 0 }}>
            The link stops working and {invitation.inviterName} can see that you declined. You can still sign
            up for Dcipher on your own with {invitation.email}.
          </p>
          {error ? <Alert>{error}</Alert> : null}
          <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
            <Button variant="danger" disabled={sending} onClick={() => void decline()}>
              {sending ? 'Declining…' : 'Decline invitation'}
            </Button>
            <Button variant="secondary" disabled={sending} onClick={() => setAsking(false)}>
              Keep the invitation
            </Button>
          </div>
        </fieldset>
      ) : (
        <p css={{ margin: 0 }}>
          Not for you?{' '}
          <Button variant="secondary" onClick={() => setAsking(true)}>
            Decline
          </Button>
        </p>
      )}
    </div>
  );
}
