import { useAuth } from '@dcipher/shared/auth';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { type AuthRouteId, remoteRoutes } from '@dcipher/shared/routes';
import { useEffect } from 'react';
import { matchRoutes, type RouteObject, useLocation } from 'react-router';
import { authScreens } from '../../features/auth';
import { onboardingScreens } from '../../features/onboarding';
import { afterSignInPath } from '../../kit/checkout-state';
import { RemoteRouter, routerPath, useGo } from '../../router/remote-router';
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
 * Signed-out screens, chosen by the router (docs/decisions/0080) from the declared routes, each loaded when first
 * opened, so the login page downloads only the login form. A visitor who is already signed in goes from log in to
 * the account area. A path AuthApp does not serve shows log in, as the site's pages only mount it on its own.
 */
export function AuthApp({ navigate }: RemoteScreenProps) {
  // No query cache here: the signed-out screens read nothing twice, and /login stays light (docs/decisions/0080).
  return (
    <RemoteRouter app="AuthApp" navigate={navigate} inPlace={false}>
      <AuthScreens navigate={navigate} />
    </RemoteRouter>
  );
}

/** The router's table: AuthApp's declared routes (`browser-routes.ts`), by id. */
const routeTable: RouteObject[] = remoteRoutes('AuthApp').map((route) => ({
  id: route.id,
  path: routerPath(route.path),
}));

function AuthScreens({ navigate }: RemoteScreenProps) {
  const status = useAuth((state) => state.status);
  const location = useLocation();
  const go = useGo(navigate);
  // The site mounts AuthApp only on its own pages; a path it does not serve shows log in.
  const id = (matchRoutes(routeTable, location.pathname)?.[0]?.route.id ?? 'login') as AuthRouteId;
  // An invitation link (/signup?invitation=<token>) opens the invitee's page instead of self-service sign-up.
  const invitation = id === 'signup' && new URLSearchParams(location.search).has('invitation');
  useEffect(() => {
    if (status === 'authenticated' && id === 'login') navigate(afterSignInPath());
  }, [status, navigate, id]);
  // The matched screen straight under the router, with no route context around it that changes when the auth
  // status does: at /login the screen may still be hydrating the site's HTML (0054), and a context change
  // reaching it then would make React render the form again (see ScreenRouter).
  return (
    <ScreenRouter Screen={invitation ? onboardingScreens.acceptInvitation : screens[id]} navigate={go} />
  );
}
