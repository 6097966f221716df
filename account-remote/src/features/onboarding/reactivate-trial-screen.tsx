import { authenticatedApi } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { contract, errorCodes } from '@dcipher/shared/contract';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { formatDate } from '@dcipher/shared/format';
import { pathTo, routes } from '@dcipher/shared/routes';
import { Alert, Button, Notice, theme } from '@dcipher/shared/ui';
import { errorCatalogue, subscriptionAlreadyActiveMessage } from '@dcipher/shared/validation';
import { useEffect, useRef, useState } from 'react';
import { LoginLayout } from '../../layout/login-layout';
import { useRouteQuery } from '../../router/host-location';

export type ReactivationState =
  | { state: 'reactivating' }
  | { state: 'reactivated'; trialEndsAt: string }
  | { state: 'alreadyActive' }
  | { state: 'failed'; message: string };

/** The heading of each state, for browser tests to assert. */
export const reactivateTrialHeadings = {
  reactivating: routes.reactivateTrial.heading,
  reactivated: 'Your free trial is active again',
  alreadyActive: 'Your subscription is already active',
  failed: 'We could not reactivate your free trial',
} as const satisfies Record<ReactivationState['state'], string>;

/** How long the success and already-active states show before going to log in. */
export const loginRedirectDelayMilliseconds = 5000;

/**
 * The four states of trial reactivation (spec section 2): in progress; success and already-active subscription,
 * both going on to log in after a few seconds; failed, with the catalogue message and a way forward.
 */
export function ReactivateTrialScreen({ navigate }: RemoteScreenProps) {
  const [reactivation, setReactivation] = useState<ReactivationState>({ state: 'reactivating' });
  // The link's token works once: StrictMode's second effect run must not spend it again (and show "failed").
  const started = useRef(false);

  const { token } = useRouteQuery('reactivateTrial')[0];
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      setReactivation({ state: 'failed', message: errorCatalogue.trialReactivationFailed });
      return;
    }
    authenticatedApi()
      .call(contract.trial.reactivateTrial, { body: { token } })
      .then(
        ({ trialEndsAt }) => setReactivation({ state: 'reactivated', trialEndsAt }),
        (error) => {
          if (error instanceof ApiError && error.code === errorCodes.subscriptionAlreadyActive) {
            setReactivation({ state: 'alreadyActive' });
          } else if (error instanceof ApiError && error.code === errorCodes.tooManyRequests) {
            // The link was not tried: saying it is broken would be wrong.
            setReactivation({ state: 'failed', message: error.message });
          } else {
            setReactivation({ state: 'failed', message: errorCatalogue.trialReactivationFailed });
          }
        },
      );
  }, []);

  const redirects = reactivation.state === 'reactivated' || reactivation.state === 'alreadyActive';
  useEffect(() => {
    if (!redirects) return;
    const timer = setTimeout(() => navigate(pathTo('login')), loginRedirectDelayMilliseconds);
    return () => clearTimeout(timer);
  }, [redirects, navigate]);

  const logInButton = <Button onClick={() => navigate(pathTo('login'))}>Log in</Button>;
  const redirectNote = (
    <p css={{ color: theme.colors.muted }}>
      Taking you to log in in {loginRedirectDelayMilliseconds / 1000} seconds.
    </p>
  );

  switch (reactivation.state) {
    case 'reactivating':
      return (
        <LoginLayout title={reactivateTrialHeadings.reactivating}>
          <p role="status">Reactivating your free trial…</p>
        </LoginLayout>
      );
    case 'reactivated':
      return (
        <LoginLayout title={reactivateTrialHeadings.reactivated}>
          <Notice>
            Your free trial is active again until{' '}
            <time dateTime={reactivation.trialEndsAt}>{formatDate(reactivation.trialEndsAt)}</time>.
          </Notice>
          {redirectNote}
          {logInButton}
        </LoginLayout>
      );
    case 'alreadyActive':
      return (
        <LoginLayout title={reactivateTrialHeadings.alreadyActive}>
          <Notice>{subscriptionAlreadyActiveMessage} There is nothing to reactivate.</Notice>
          {redirectNote}
          {logInButton}
        </LoginLayout>
      );
    default:
      return (
        <LoginLayout title={reactivateTrialHeadings.failed}>
          <Alert>{reactivation.message}</Alert>
          <p>
            The link may have been used already, have expired or been copied incompletely. Contact us and we
            will help you continue, or log in to your account.
          </p>
          <div css={{ display: 'flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap' }}>
            {logInButton}
            <a href={pathTo('contactUs')}>Contact us</a>
          </div>
        </LoginLayout>
      );
  }
}
