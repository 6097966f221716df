import { useAuth } from '@dcipher/shared/auth';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { type AuthRouteId, matchRoute } from '@dcipher/shared/routes';
import { useEffect } from 'react';
import { authScreens } from '../../features/auth';
import { onboardingScreens } from '../../features/onboarding';
import { afterSignInPath } from '../../kit/checkout-state';
import { type LazyScreen, ScreenRouter } from '../../router/screen-router';

/** Every signed-out route the declared routes give to AuthApp has its screen: the compiler checks the list. */
const screens: Record<AuthRouteId, LazyScreen> = {
  ...authScreens,
  signup: onboardingScreens.signup,
  postSignup: onboardingScreens.postSignup,
  verifyEmail: onboardingScreens.verifyEmail,
  reactivateTrial: onboardingScreens.reactivateTrial,
  unsubscribe: onboardingScreens.unsubscribe,
};

/**
 * Signed-out screens, chosen by path from the declared routes (`@dcipher/shared/routes`), each loaded when first
 * opened, so the login page downloads only the login form. A visitor who is already signed in goes from log in
 * to the account area.
 */
export function AuthApp({ navigate }: RemoteScreenProps) {
  const status = useAuth((state) => state.status);
  const id = matchRoute(window.location.pathname, 'AuthApp')?.route.id ?? 'login';
  // An invitation link (/signup?invitation=<token>) opens the invitee's page instead of self-service sign-up.
  const invitation = id === 'signup' && new URLSearchParams(window.location.search).has('invitation');
  useEffect(() => {
    if (status === 'authenticated' && id === 'login') navigate(afterSignInPath());
  }, [status, navigate, id]);
  return (
    <ScreenRouter
      Screen={invitation ? onboardingScreens.acceptInvitation : screens[id]}
      navigate={navigate}
    />
  );
}
