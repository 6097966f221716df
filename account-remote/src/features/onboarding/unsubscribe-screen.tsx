import { authenticatedApi } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { contract, type ErrorCode, errorCodes } from '@dcipher/shared/contract';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { pathTo, routes } from '@dcipher/shared/routes';
import { Alert, Button, Notice, theme } from '@dcipher/shared/ui';
import { errorCatalogue, marketingEmailMessages } from '@dcipher/shared/validation';
import { useState } from 'react';
import { LoginLayout } from '../../layout/login-layout';
import { ScreenLink } from '../../layout/screen-link';
import { useRouteQuery } from '../../router/host-location';

type Unsubscription =
  | { state: 'asking' }
  | { state: 'unsubscribing' }
  | { state: 'unsubscribed'; email: string }
  /** `retry`: the link is fine but the call failed (offline, server trouble), so the button stays. */
  | { state: 'failed'; message: string; retry: boolean };

/** Answers that mean the link itself is wrong: trying again cannot help. */
const linkProblems = new Set<ErrorCode>([errorCodes.unsubscribeLinkInvalid, errorCodes.validationFailed]);

/**
 * The unsubscribe link of marketing emails (`/unsubscribe?email=…&token=…`). It asks before acting: mail
 * scanners open every link in an email, and opening the page alone must not unsubscribe anyone.
 */
export function UnsubscribeScreen({ navigate }: RemoteScreenProps) {
  const [search] = useRouteQuery('unsubscribe');
  const email = search.email?.trim() ?? '';
  const token = search.token?.trim() ?? '';
  const [unsubscription, setUnsubscription] = useState<Unsubscription>({ state: 'asking' });

  async function unsubscribe() {
    setUnsubscription({ state: 'unsubscribing' });
    try {
      const answer = await authenticatedApi().call(contract.marketingEmails.unsubscribeEmail, {
        params: { email },
        query: { token },
      });
      setUnsubscription({ state: 'unsubscribed', email: answer.email });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : undefined;
      setUnsubscription({
        state: 'failed',
        message: apiError?.message ?? errorCatalogue.serverError,
        retry: !(apiError?.code && linkProblems.has(apiError.code)),
      });
    }
  }

  if (!email || !token)
    return <InvalidLink message={marketingEmailMessages.unsubscribeLinkInvalid} navigate={navigate} />;
  if (unsubscription.state === 'failed' && !unsubscription.retry) {
    return <InvalidLink message={unsubscription.message} navigate={navigate} />;
  }

  if (unsubscription.state === 'unsubscribed') {
    return (
      <LoginLayout title="You are unsubscribed">
        <Notice>
          <strong>{unsubscription.email}</strong> will no longer receive Dcipher emails about product news.
        </Notice>
        <p css={{ color: theme.colors.muted }}>
          Emails about your account, such as password resets, still arrive.
        </p>
        <Button onClick={() => navigate(pathTo('home'))}>Go to the home page</Button>
      </LoginLayout>
    );
  }

  const unsubscribing = unsubscription.state === 'unsubscribing';
  return (
    <LoginLayout title={routes.unsubscribe.heading}>
      <p>
        Unsubscribe <strong>{email}</strong> from Dcipher emails about product news?
      </p>
      <p css={{ color: theme.colors.muted }}>
        Emails about your account, such as password resets, still arrive.
      </p>
      {unsubscription.state === 'failed' ? <Alert>{unsubscription.message}</Alert> : null}
      <Button onClick={() => void unsubscribe()} disabled={unsubscribing} aria-busy={unsubscribing}>
        {unsubscribing ? 'Unsubscribing…' : unsubscription.state === 'failed' ? 'Try again' : 'Unsubscribe'}
      </Button>
      <p css={{ marginBottom: 0 }}>
        <ScreenLink to="home" navigate={navigate}>
          Keep me subscribed
        </ScreenLink>
      </p>
    </LoginLayout>
  );
}

/** The link is incomplete, forged or mangled: say so, and how to get off the list anyway. */
function InvalidLink({ message, navigate }: { message: string } & RemoteScreenProps) {
  return (
    <LoginLayout title="We could not unsubscribe you">
      <Alert>{message}</Alert>
      <p>
        The link may have been copied incompletely. Open it again from the newest email we sent you, or
        contact us and we will take your address off the list.
      </p>
      <Button onClick={() => navigate(pathTo('contactUs'))}>Contact us</Button>
    </LoginLayout>
  );
}
