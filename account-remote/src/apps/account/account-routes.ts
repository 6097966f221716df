import type { OrganizationFeature, PermissionAction, PermissionResource } from '@dcipher/shared/domain';
import { type AccountRouteId, type AccountSection, matchRoute, routes } from '@dcipher/shared/routes';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { accountScreens } from '../../features/account';
import { workflowScreens } from '../../features/workflows';
import type { AccountScreenProps } from '../../kit/account-screen';

export type { AccountScreenProps };

type AccountScreen = LazyExoticComponent<ComponentType<AccountScreenProps>>;

export interface AccountRoute {
  id: AccountRouteId;
  path: string;
  /** The menu label, also the screen's heading and page title (from the declared routes). */
  title: string;
  /** Left out of the menu: reached from another screen (deleting the account is offered on the profile). */
  hiddenFromMenu?: boolean;
  /** Starts the menu's last group (contact, help, log out), set apart by a line, outside the sections' groups. */
  separated?: boolean;
  /** Its menu entry is also the current page for every path below it (a workflow is under "Workflows"). */
  currentBelow?: boolean;
  /** What the user must be allowed to do to open it; others see the "only organization admins can…" page. */
  requires?: { resource: PermissionResource; action: PermissionAction; purpose: string };
  /**
   * The organization feature the page is (docs/decisions/0085): left out of the menu of an account without it
   * (an Individual one), whose path shows what the feature is and why it is not there.
   */
  feature?: OrganizationFeature;
  /**
   * Loaded when first opened, so the login form never carries the account area's code. Absent for a declared
   * route whose screen a later issue builds: it is not in the menu, and says "not found" to those who may open it.
   */
  Screen?: AccountScreen;
}

const screen = (
  id: AccountRouteId,
  Screen: AccountScreen | undefined,
  options: Partial<AccountRoute> = {},
): AccountRoute => ({
  id,
  path: routes[id].path,
  title: routes[id].title,
  ...(Screen && { Screen }),
  ...options,
});

/**
 * The account area's screens, in menu order; the menu and the router both read this list. Declared account routes
 * without a screen here yet (the organization and billing ones) are not offered and show "not found".
 */
const organizationScreen = lazy(
  () => import(/* webpackChunkName: "account-organization" */ '../../features/organization'),
);
const organizationAdmin = (purpose: string) => ({
  requires: { resource: 'organization', action: 'grant', purpose } as const,
});
/** One of the organization's settings pages (general, security policies, activity log; docs/decisions/0082). */
const organizationPage = (name: 'GeneralScreen' | 'SecurityPoliciesScreen' | 'ActivityScreen') =>
  lazy(() =>
    import(/* webpackChunkName: "account-organization" */ '../../features/organization').then((feature) => ({
      default: feature[name],
    })),
  );
const organizationSettingsAdmin = (purpose: string) => ({
  requires: { resource: 'organization', action: 'update', purpose } as const,
});

/**
 * The account area's screens, in menu order; the menu (grouped by the routes' `section`, docs/decisions/0081) and
 * the router both read this list. Declared account routes without a screen here yet show "not found".
 */
export const accountRoutes: readonly AccountRoute[] = [
  // The overview (issue 25): plan, usage, credits, team and security at a glance, each linking to its page.
  screen('account', accountScreens.overview),
  // The customer's workflows: where they land after signing in (docs/decisions/0071, 0072).
  screen('workflows', workflowScreens.list, { currentBelow: true }),
  screen('workflowsNew', workflowScreens.create, {
    hiddenFromMenu: true,
    requires: { resource: 'workflow', action: 'create', purpose: 'create workflows' },
  }),
  screen('workflow', workflowScreens.flow, { hiddenFromMenu: true }),
  // Personal
  screen('accountProfile', accountScreens.profile),
  screen('accountPassword', accountScreens.password),
  screen('accountPrivacy', accountScreens.privacy),
  screen('accountDelete', accountScreens.deleteAccount, { hiddenFromMenu: true }),
  // The organization's settings (spec section 6: admin-only areas); anyone else is told who may use them. General,
  // security policies and the activity log are parts of the members screen until the organization feature gives
  // them screens of their own.
  screen(
    'accountOrganizationGeneral',
    organizationPage('GeneralScreen'),
    organizationSettingsAdmin('change the organization’s name or delete it'),
  ),
  screen('accountOrganization', organizationScreen, {
    ...organizationAdmin('manage the organization’s members'),
    feature: 'members',
  }),
  screen('accountSecurityPolicies', organizationPage('SecurityPoliciesScreen'), {
    ...organizationSettingsAdmin('set the organization’s password and two-step verification policies'),
    feature: 'security-policies',
  }),
  screen(
    'accountSso',
    lazy(() => import(/* webpackChunkName: "account-sso" */ '../../features/sso')),
    {
      requires: { resource: 'account-sso-settings', action: 'update', purpose: 'set up single sign-on' },
      feature: 'single-sign-on',
    },
  ),
  screen(
    'accountApiKeys',
    lazy(() => import(/* webpackChunkName: "account-api-keys" */ '../../features/api-keys')),
    { requires: { resource: 'api-key', action: 'read', purpose: 'manage the organization’s API keys' } },
  ),
  screen(
    'accountWebhooks',
    lazy(() => import(/* webpackChunkName: "account-webhooks" */ '../../features/webhooks')),
    { requires: { resource: 'webhook', action: 'read', purpose: 'manage the organization’s webhooks' } },
  ),
  screen(
    'accountCloudSettings',
    lazy(() =>
      import(/* webpackChunkName: "account-organization" */ '../../features/organization').then(
        (feature) => ({
          default: feature.CloudSettingsScreen,
        }),
      ),
    ),
    {
      requires: {
        resource: 'organization',
        action: 'update',
        purpose: 'choose where the organization’s data is stored',
      },
      feature: 'cloud-region',
    },
  ),
  screen('accountActivity', organizationPage('ActivityScreen'), {
    ...organizationSettingsAdmin('see the organization’s activity log'),
    feature: 'activity-log',
  }),
  screen(
    'accountSharing',
    lazy(() => import(/* webpackChunkName: "account-sharing" */ '../../features/sharing')),
    { feature: 'sharing' },
  ),
  screen(
    'accountTeam',
    lazy(() =>
      import(/* webpackChunkName: "account-organization" */ '../../features/organization').then(
        (feature) => ({
          default: feature.TeamScreen,
        }),
      ),
    ),
    { feature: 'members' },
  ),
  // Billing: subscription and plans, payment and billing details, invoices, wallet, add-ons.
  screen(
    'subscription',
    lazy(() => import(/* webpackChunkName: "account-billing" */ '../../features/billing')),
    { requires: { resource: 'subscription', action: 'read', purpose: 'see the organization’s plan' } },
  ),
  screen(
    'subscriptionOptions',
    lazy(() =>
      import(/* webpackChunkName: "account-billing" */ '../../features/billing').then((feature) => ({
        default: feature.PlanOptionsScreen,
      })),
    ),
    { requires: { resource: 'subscription', action: 'read', purpose: 'see the plans on offer' } },
  ),
  screen(
    'payment',
    lazy(() =>
      import(/* webpackChunkName: "account-billing" */ '../../features/billing').then((feature) => ({
        default: feature.PaymentScreen,
      })),
    ),
    {
      requires: {
        resource: 'payment-method',
        action: 'read',
        purpose: 'see the organization’s payment method',
      },
    },
  ),
  screen(
    'paymentInvoices',
    lazy(() =>
      import(/* webpackChunkName: "account-billing" */ '../../features/billing').then((feature) => ({
        default: feature.InvoicesScreen,
      })),
    ),
    { requires: { resource: 'subscription', action: 'read', purpose: 'see the organization’s invoices' } },
  ),
  screen(
    'paymentWallet',
    lazy(() =>
      import(/* webpackChunkName: "account-billing" */ '../../features/billing').then((feature) => ({
        default: feature.WalletScreen,
      })),
    ),
    {
      requires: { resource: 'wallet-transaction', action: 'read', purpose: 'see the organization’s wallet' },
    },
  ),
  screen(
    'addons',
    lazy(() =>
      import(/* webpackChunkName: "account-billing" */ '../../features/billing').then((feature) => ({
        default: feature.AddOnsScreen,
      })),
    ),
    { requires: { resource: 'add-on-packages', action: 'read', purpose: 'see the organization’s add-ons' } },
  ),
  // The checkout (spec section 2's Checkout routes), reached from the pricing page; not in the menu.
  ...(['checkout', 'checkoutAccount', 'checkoutBilling'] as const).map((id) =>
    screen(
      id,
      lazy(() =>
        import(/* webpackChunkName: "account-billing" */ '../../features/billing').then((feature) => ({
          default: id === 'checkoutBilling' ? feature.CheckoutBilling : feature.CheckoutContinue,
        })),
      ),
      {
        hiddenFromMenu: true,
        requires: { resource: 'subscription', action: 'create', purpose: 'buy a plan for the organization' },
      },
    ),
  ),
  screen('accountContact', accountScreens.contact, { separated: true }),
];

/** A menu group: the routes of one section, under its label. */
export interface MenuGroup {
  section: AccountSection;
  /** Shown above the group; none for the overview and workflows, which stand alone. */
  label?: string;
  routes: readonly AccountRoute[];
}

const sectionLabels: Record<AccountSection, string | undefined> = {
  overview: undefined,
  workflows: undefined,
  personal: 'Personal',
  organization: 'Organization',
  billing: 'Billing',
};

/**
 * The menu's groups, derived from the routes' sections in the table's order (docs/decisions/0081); a route marked
 * `separated` (Contact) is left to the menu's last group, with help and log out.
 */
export function menuGroups(items: readonly AccountRoute[]): MenuGroup[] {
  const groups: MenuGroup[] = [];
  for (const route of items) {
    if (route.separated) continue;
    const section = routes[route.id].server.section;
    const last = groups[groups.length - 1];
    if (last?.section === section) last.routes = [...last.routes, route];
    else groups.push({ section, label: sectionLabels[section], routes: [route] });
  }
  return groups;
}

/** The screen a path names (a trailing slash is the same page), if it has one. */
export function findAccountRoute(pathname: string): AccountRoute | undefined {
  const id = matchRoute(pathname, 'AccountApp')?.route.id;
  return accountRoutes.find((route) => route.id === id);
}
