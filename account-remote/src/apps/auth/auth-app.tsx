import { useAuth } from '@dcipher/shared/auth';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { type AuthRouteId, matchRoute } from '@dcipher/shared/routes';
import { useEffect } from 'react';
import { authScreens } from '../../features/auth';
import { onboardingScreens } from '../../features/onboarding';
import { workflowScreens } from '../../features/workflows';
import { afterSignInPath } from '../../kit/checkout-state';
import { GoProvider, routeQueryOf, useHostLocation } from '../../router/host-location';
import { type LazyScreen, ScreenRouter } from '../../router/screen-router';

/** Every signed-out route the declared routes give to AuthApp has its screen: the compiler checks the list. */
const screens: Record<AuthRouteId, LazyScreen> = {
  ...authScreens,
  signup: onboardingScreens.signup,
  postSignup: onboardingScreens.postSignup,
  verifyEmail: onboardingScreens.verifyEmail,
  reactivateTrial: onboardingScreens.reactivateTrial,
  unsubscribe: onboardingScreens.unsubscribe,
  // Read by anyone, signed in or not: a public workflow's page (docs/decisions/0128).
  sharedWorkflow: workflowScreens.shared,
};

/**
 * Signed-out screens, chosen from the declared routes by the host's location (docs/decisions/0080), each loaded
 * when first opened, so the login page downloads only the login form. A visitor who is already signed in goes from
 * log in to the account area.
 */
export function AuthApp({ navigate }: RemoteScreenProps) {
  // The site mounts AuthApp afresh on each of its pages: a navigation is the host's alone (not in place).
  const { location, go } = useHostLocation('AuthApp', navigate, false);
  const status = useAuth((state) => state.status);
  // A path AuthApp does not serve shows log in.
  const id: AuthRouteId = matchRoute(location.pathname, 'AuthApp')?.route.id ?? 'login';
  // An invitation link (/signup?invitation=<token>) opens the invitee's page instead of self-service sign-up.
  const invitation = id === 'signup' && routeQueryOf('signup', location.search).invitation !== undefined;
  useEffect(() => {
    if (status === 'authenticated' && id === 'login') navigate(afterSignInPath());
  }, [status, navigate, id]);
  // The screen straight under a provider whose value never changes: at /login the screen may still be hydrating
  // the site's HTML (0054), and a context change reaching it then would make React render the form again.
  return (
    <GoProvider go={go}>
      <ScreenRouter Screen={invitation ? onboardingScreens.acceptInvitation : screens[id]} navigate={go} />
    </GoProvider>
  );
}
