import { authenticatedApi, authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { AcceptInvitationInputSchema, contract, errorCodes, type Invitation } from '@dcipher/shared/contract';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { formatDate } from '@dcipher/shared/format';
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
import { errorCatalogue, invitationMessages } from '@dcipher/shared/validation';
import { useCallback, useEffect, useState } from 'react';
import { LoginLayout } from '../../layout/login-layout';
import { ScreenLink } from '../../layout/screen-link';

type InvitationView =
  | { state: 'loading' }
  | { state: 'pending' | 'expired'; invitation: Invitation }
  | { state: 'accepted' }
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
 * The invitee's page, /signup?invitation=<token>: loads the invitation, then lets them choose their name and
 * password (pending), ask the inviter for a new one (expired), log in (accepted), or explains a broken link.
 */
export function AcceptInvitationScreen({ navigate }: RemoteScreenProps) {
  const token = new URLSearchParams(window.location.search).get('invitation') ?? '';
  const [view, setView] = useState<InvitationView>({ state: 'loading' });

  const load = useCallback(() => {
    setView({ state: 'loading' });
    if (!token) {
      setView({ state: 'invalid' });
      return;
    }
    authenticatedApi()
      .call(contract.invitations.getInvitation, { query: { token } })
      .then(
        (invitation) =>
          setView(
            invitation.state === 'accepted' ? { state: 'accepted' } : { state: invitation.state, invitation },
          ),
        (error: unknown) =>
          setView(
            viewForTokenError(error) ?? {
              state: 'unavailable',
              message: error instanceof ApiError ? error.message : errorCatalogue.serverError,
            },
          ),
      );
  }, [token]);
  useEffect(load, [load]);

  switch (view.state) {
    case 'loading':
      return (
        <LoginLayout title="Your invitation">
          <p role="status">Loading your invitation…</p>
        </LoginLayout>
      );
    case 'pending':
      return (
        <AcceptForm
          token={token}
          invitation={view.invitation}
          onTokenProblem={setView}
          onAccepted={() => navigate('/account')}
        />
      );
    case 'expired':
      return <ExpiredInvitation token={token} invitation={view.invitation} />;
    case 'accepted':
      return (
        <LoginLayout title="This invitation has already been accepted">
          <p>{invitationMessages.alreadyAccepted}</p>
          <Button onClick={() => navigate('/login')}>Log in</Button>
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
            <ScreenLink to="/login" navigate={navigate}>
              Log in
            </ScreenLink>
            <ScreenLink to="/signup" navigate={navigate}>
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
}: {
  token: string;
  invitation: Invitation;
  onTokenProblem: (view: InvitationView) => void;
  onAccepted: () => void;
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
    </LoginLayout>
  );
}

function ExpiredInvitation({ token, invitation }: { token: string; invitation: Invitation }) {
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
    </LoginLayout>
  );
}
