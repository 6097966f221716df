import { authStore, useAuth } from '@dcipher/shared/auth';
import type { Account } from '@dcipher/shared/contract';
import { can, hasOrganizationFeature, pageTitle } from '@dcipher/shared/domain';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { loginReturningTo, routes } from '@dcipher/shared/routes';
import { Alert, Button, theme } from '@dcipher/shared/ui';
import { organizationSettingsMessages } from '@dcipher/shared/validation';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { AccountProvider, useAccountLoad } from '../../kit/account-context';
import { EmailText } from '../../kit/email-text';
import { QueryProvider } from '../../kit/query-client';
import { RemoteRouter, routerPath, useGo } from '../../router/remote-router';
import { AccountNavigation } from './account-navigation';
import { type AccountRoute, accountRoutes } from './account-routes';
import { AdminOnlyPage } from './admin-only-page';
import { BusinessOnlyPage } from './business-only-page';
import { NotFoundInAccount } from './not-found-in-account';
import { PlanStateBanner } from './plan-state-banner';

const CheckoutWelcome = lazy(() =>
  import(/* webpackChunkName: "account-billing" */ '../../features/billing').then((feature) => ({
    default: feature.CheckoutWelcome,
  })),
);

/** Whether the account has the organization feature a route is (docs/decisions/0085). */
const hasFeatureOf = (route: AccountRoute, account: Account) =>
  !route.feature || hasOrganizationFeature(account.organization.customerType, route.feature);

const mayOpen = (route: AccountRoute, account: Account) =>
  hasFeatureOf(route, account) &&
  (!route.requires ||
    can({ kind: 'user', role: account.role }, route.requires.resource, route.requires.action));

/** The router's table: every account route of `browser-routes.ts` with a screen here; anything else is not found. */
const routeTable: RouteObject[] = accountRoutes.map((route) => ({
  id: route.id,
  path: routerPath(route.path),
}));

/** The account route the router matches for a path, if any. */
function routeAt(pathname: string): AccountRoute | undefined {
  const id = matchRoutes(routeTable, pathname)?.[0]?.route.id;
  return accountRoutes.find((route) => route.id === id);
}

/**
 * The account area (remote `AccountApp`, hosted by the site on /account/*): the menu of spec section 2 and the
 * screen the path names, each loaded when first opened. Anonymous visitors go to log in; a user whose password
 * has expired may only set a new one.
 */
export function AccountApp({ navigate }: RemoteScreenProps) {
  return (
    <QueryProvider>
      <RemoteRouter app="AccountApp" navigate={navigate}>
        <AccountArea navigate={navigate} />
      </RemoteRouter>
    </QueryProvider>
  );
}

function AccountArea({ navigate }: RemoteScreenProps) {
  const status = useAuth((state) => state.status);
  const passwordExpired = useAuth((state) => state.requiresPasswordChange);
  const [loggingOut, setLoggingOut] = useState(false);
  // Set at once, not on the next render: leaving after an API call (deleting the account) is not a React event, so
  // the store's sign-out may render before `loggingOut` does and would otherwise send the user to /login.
  const leaving = useRef(false);
  const location = useLocation();
  const path = location.pathname;
  const here = `${path}${location.search}`;
  const go = useGo(navigate);
  const { load, retry, replaceAccount } = useAccountLoad(status === 'authenticated' && !passwordExpired);
  const route = routeAt(path);
  const isCheckout =
    route?.id === 'checkout' || route?.id === 'checkoutAccount' || route?.id === 'checkoutBilling';
  // What the path shows: its screen, "only organization admins can…", or "not found" (no screen there yet).
  const Screen = route?.Screen;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstPath = useRef(path);

  useEffect(() => {
    // Logging out ends on the home page; only a session that ended otherwise goes to log in.
    // A visitor on their way to buy a plan sees the checkout's first step instead (below); anyone else comes back
    // here once signed in (docs/decisions/0084).
    if (status === 'anonymous' && !loggingOut && !leaving.current && !isCheckout)
      navigate(loginReturningTo(here));
    // An expired password closes the account area until a new one is set.
    else if (status === 'authenticated' && passwordExpired) navigate(routes.changePassword.path);
  }, [status, passwordExpired, navigate, loggingOut, isCheckout, here]);

  const twoStepSetupRequired = load.state === 'loaded' && load.account.twoStepSetupRequired;
  useEffect(() => {
    if (twoStepSetupRequired && path !== routes.accountPrivacy.path) go(routes.accountPrivacy.path);
  }, [twoStepSetupRequired, path, go]);

  useEffect(() => {
    document.title = pageTitle(route?.title ?? routes.account.title);
    // After moving to another screen, its heading takes focus so screen readers announce the new page.
    if (path !== firstPath.current) headingRef.current?.focus();
  }, [path, route]);

  const leaveAccountArea = useCallback(
    async (to: string) => {
      leaving.current = true;
      setLoggingOut(true);
      await authStore.getState().logout();
      navigate(to);
    },
    [navigate],
  );

  if (status === 'anonymous' && isCheckout && !loggingOut) {
    return (
      <Suspense fallback={<p role="status">Loading the checkout…</p>}>
        <CheckoutWelcome navigate={navigate} />
      </Suspense>
    );
  }

  if (load.state !== 'loaded') {
    return (
      <div css={{ maxWidth: '72rem', margin: '0 auto', padding: '2rem 1rem', fontFamily: theme.font.family }}>
        {load.state === 'loading' ? (
          <p role="status" css={{ color: theme.colors.muted }}>
            Loading your account…
          </p>
        ) : (
          <>
            <Alert>{load.message}</Alert>
            <Button onClick={() => void retry()}>Try again</Button>
          </>
        )}
      </div>
    );
  }

  const { account } = load;
  // The organization requires two-step verification this member has not set up: only privacy & security (where
  // it is set up) is open until they do (docs/decisions/0034).
  const mustSetUpTwoStep = account.twoStepSetupRequired;
  const menu = accountRoutes.filter(
    (item) =>
      item.Screen &&
      !item.hiddenFromMenu &&
      mayOpen(item, account) &&
      (!mustSetUpTwoStep || item.id === 'accountPrivacy'),
  );
  return (
    <AccountProvider account={account} replaceAccount={replaceAccount} leaveAccountArea={leaveAccountArea}>
      <div
        css={{
          maxWidth: '72rem',
          margin: '0 auto',
          padding: '1.5rem 1rem 3rem',
          boxSizing: 'border-box',
          fontFamily: theme.font.family,
          color: theme.colors.ink,
          display: 'grid',
          gap: '1.5rem',
          gridTemplateColumns: 'minmax(0, 1fr)',
          '@media (min-width: 48rem)': { gridTemplateColumns: '15rem minmax(0, 1fr)', gap: '2.5rem' },
        }}
      >
        <div>
          <p
            css={{
              margin: '0 0 0.75rem',
              color: theme.colors.muted,
              fontSize: '0.95rem',
            }}
          >
            Signed in as{' '}
            <strong css={{ color: theme.colors.ink }} data-testid="account-email">
              <EmailText email={account.email} />
            </strong>
          </p>
          <AccountNavigation
            routes={menu}
            currentPath={path}
            onLogOut={() => void leaveAccountArea(routes.home.path)}
            loggingOut={loggingOut}
          />
        </div>
        {/* Not a landmark of its own: a screen's first card may carry the page's name ("Members"). */}
        <div css={{ minWidth: 0 }}>
          <h1
            id="account-screen-title"
            ref={headingRef}
            tabIndex={-1}
            css={{ margin: '0 0 1.25rem', fontSize: '1.75rem', outline: 'none' }}
          >
            {route && (Screen || route.requires || route.feature) ? route.title : 'Page not found'}
          </h1>
          {mustSetUpTwoStep ? <Alert>{organizationSettingsMessages.twoStepSetupRequired}</Alert> : null}
          {mustSetUpTwoStep ? null : <PlanStateBanner path={path} navigate={go} />}
          {route?.feature && !hasFeatureOf(route, account) ? (
            <BusinessOnlyPage feature={route.feature} navigate={go} />
          ) : route?.requires && !mayOpen(route, account) ? (
            <AdminOnlyPage purpose={route.requires.purpose} />
          ) : (
            <ScreenOfRoute navigate={go} />
          )}
        </div>
      </div>
    </AccountProvider>
  );
}

/** The screen the router matches (`useRoutes` over the declared account routes), or "not found". */
function ScreenOfRoute({ navigate }: { navigate: (to: string) => void }) {
  const path = useLocation().pathname;
  const table = useMemo<RouteObject[]>(
    () => [
      ...accountRoutes.map((route) => {
        const Screen = route.Screen;
        return {
          path: routerPath(route.path),
          element: Screen ? (
            <Suspense
              fallback={
                <p role="status" css={{ color: theme.colors.muted }}>
                  Loading…
                </p>
              }
            >
              {/* Keyed by path: one screen showing another item (a workflow, then another) starts afresh. */}
              <Screen key={path} navigate={navigate} />
            </Suspense>
          ) : (
            <NotFoundInAccount />
          ),
        };
      }),
      { path: '*', element: <NotFoundInAccount /> },
    ],
    [navigate, path],
  );
  return useRoutes(table);
}
