/**
 * Every browser path of the product, declared once (spec section 2 plus the pages this product added). The
 * API's email links, the site's client-only pages, the static server's fallbacks and the remote's router all
 * read this table, and tests fail when one of them drifts from it.
 *
 * This module is plain data and functions with no imports, so the site's gatsby-node.mjs and the static server's
 * rules (plain Node ESM) can load it from `@dcipher/shared/routes`.
 */

/** The remote's two federated apps: signed-out screens and the signed-in account area. */
export type RemoteAppName = 'AuthApp' | 'AccountApp';

/**
 * Which part of the account area a route belongs to: the overview at /account, the customer's workflows (where
 * they land, decision 0071), their own account, the organization, billing. The account menu groups its entries by
 * section (docs/decisions/0081).
 */
export type AccountSection = 'overview' | 'workflows' | 'personal' | 'organization' | 'billing';

/** What serves a path. */
export type RouteServer =
  /** A page the site renders at build time (a file of `src/pages`, or one gatsby-node.mjs creates). */
  | { readonly by: 'site-page' }
  /** A file the site serves as it is (`static/`). */
  | { readonly by: 'site-file' }
  /** A screen of the remote's AuthApp, hosted by a site page. */
  | { readonly by: 'AuthApp' }
  /** A screen of the remote's AccountApp (signed in), hosted by a site page. */
  | { readonly by: 'AccountApp'; readonly section: AccountSection };

export interface BrowserRoute {
  /** The path; a `{name}` segment is a parameter (`/new-password/{token}`). */
  readonly path: string;
  /** The page title (the `<title>` and the screen's heading where they agree). */
  readonly title: string;
  readonly server: RouteServer;
  /** The query parameters the page reads, for the links that carry them. */
  readonly query?: readonly string[];
  /**
   * The heading a signed-out screen shows first, where it is not the title. The host's HTML shows it in the
   * login-style frame before the remote loads, and the remote's screen renders the same words: no jump.
   */
  readonly heading?: string;
}

const sitePage = { by: 'site-page' } as const;
const authApp = { by: 'AuthApp' } as const;
const overview = { by: 'AccountApp', section: 'overview' } as const;
const workflows = { by: 'AccountApp', section: 'workflows' } as const;
const personal = { by: 'AccountApp', section: 'personal' } as const;
const organization = { by: 'AccountApp', section: 'organization' } as const;
const billing = { by: 'AccountApp', section: 'billing' } as const;

export const routes = {
  // Entry and auth
  home: { path: '/', title: 'Home', server: sitePage },
  signup: {
    path: '/signup',
    title: 'Sign up',
    heading: 'Create account (1/2)',
    server: authApp,
    // `workflow`: the predefined workflow chosen in the workflow store's "Try it" (docs/decisions/0073); `plan`: the
    // plan chosen on the pricing page or the checkout.
    query: ['email', 'invitation', 'decline', 'workflow', 'plan'],
  },
  // `returnTo`: the account page to open once signed in (docs/decisions/0084), carried on to the SSO screen.
  login: { path: '/login', title: 'Log in', server: authApp, query: ['returnTo'] },
  // The identity provider's answer (`code`, `state`, `iss`, or `error`), and the login's `returnTo`.
  ssoLogin: {
    path: '/login/sso',
    title: 'Log in with SSO',
    server: authApp,
    query: ['code', 'state', 'iss', 'error', 'returnTo'],
  },
  logout: { path: '/logout', title: 'Log out', server: sitePage },
  postSignup: { path: '/postsignup', title: 'Check your email', server: authApp, query: ['email'] },
  changePassword: { path: '/change-password', title: 'Change your password', server: authApp },
  forgotPassword: { path: '/forgot-password', title: 'Reset your password', server: authApp },
  newPassword: { path: '/new-password/{token}', title: 'Set a new password', server: authApp },
  verifyEmail: {
    path: '/verify-email',
    title: 'Confirm your email',
    heading: 'Confirming your email',
    server: authApp,
    query: ['token'],
  },
  reactivateTrial: {
    path: '/reactivate-trial',
    title: 'Reactivate your free trial',
    heading: 'Reactivating your free trial',
    server: authApp,
    query: ['token'],
  },
  unsubscribe: {
    path: '/unsubscribe',
    title: 'Unsubscribe',
    heading: 'Unsubscribe from product news',
    server: authApp,
    query: ['email', 'token'],
  },

  // A public workflow's page (issue 36 point 4, docs/decisions/0128): its name and its last run's result, readable by
  // anyone with the link, signed in or not. A site page with the workflow in its query (`id`), not a path below
  // `/workflows`, whose shell sends a signed-out visitor to log in.
  sharedWorkflow: {
    path: '/shared/workflow',
    title: 'Shared workflow',
    server: authApp,
    query: ['id'],
  },

  // Account area: the workflows, where a customer lands after signing in (issue 24; docs/decisions/0071, 0072).
  // `/workflows/new` is declared before `/workflows/{flowId}`: the first declared match wins.
  workflows: { path: '/workflows', title: 'Workflows', server: workflows, query: ['flowType'] },
  workflowsNew: {
    path: '/workflows/new',
    title: 'New workflow',
    server: workflows,
    query: ['predefined'],
  },
  workflow: { path: '/workflows/{flowId}', title: 'Workflow', server: workflows },
  // Account area: the overview of plan, usage, credits, team and security, each card linking to its page (issue 25;
  // docs/decisions/0081), and the person's own account (the profile moved from /account to /account/profile).
  account: { path: '/account', title: 'Overview', server: overview },
  accountProfile: { path: '/account/profile', title: 'Account information', server: personal },
  accountPassword: { path: '/account/password', title: 'Password', server: personal },
  accountPrivacy: { path: '/account/privacy', title: 'Privacy & security', server: personal },
  accountDelete: { path: '/account/delete', title: 'Delete account', server: personal },
  // Account area: the organization
  // (in the account menu's order: general, members, security policies, SSO, API keys, webhooks, region, activity, sharing)
  accountOrganizationGeneral: {
    path: '/account/organization/general',
    title: 'General',
    server: organization,
  },
  accountOrganization: { path: '/account/organization', title: 'Members', server: organization },
  accountSecurityPolicies: {
    path: '/account/organization/security',
    title: 'Security policies',
    server: organization,
  },
  accountSso: { path: '/account/sso', title: 'Single sign-on', server: organization },
  accountApiKeys: { path: '/account/api-keys', title: 'API keys', server: organization },
  accountWebhooks: { path: '/account/webhooks', title: 'Webhooks', server: organization },
  accountCloudSettings: { path: '/account/cloud-settings', title: 'Cloud settings', server: organization },
  accountActivity: { path: '/account/organization/activity', title: 'Activity log', server: organization },
  // Every member's list of colleagues and their roles (spec section 2, "my team"; docs/decisions/0035).
  accountSharing: { path: '/account/sharing', title: 'Sharing options', server: organization },
  accountTeam: { path: '/account/team', title: 'My team', server: organization },
  // Spec section 2's "contact" of the account menu: the support constants and a message to the team, signed in.
  accountContact: { path: '/account/contact', title: 'Contact', server: personal },
  // Subscription, payment and checkout
  subscription: { path: '/subscription', title: 'Subscription details', server: billing },
  subscriptionOptions: { path: '/subscription/options', title: 'Available plans', server: billing },
  addons: { path: '/addons', title: 'Add-ons', server: billing },
  payment: { path: '/payment', title: 'Payment method', server: billing },
  paymentWallet: { path: '/payment/wallet', title: 'Wallet', server: billing },
  paymentInvoices: { path: '/payment/invoices', title: 'Invoice history', server: billing },
  checkout: { path: '/checkout', title: 'Checkout', server: billing, query: ['plan'] },
  checkoutAccount: {
    path: '/checkout/account',
    title: 'Checkout: account',
    server: billing,
    query: ['plan'],
  },
  checkoutBilling: { path: '/checkout/billing', title: 'Checkout: billing', server: billing },

  // Company pages
  about: { path: '/about', title: 'About', server: sitePage },
  contactUs: { path: '/contact-us', title: 'Contact us', server: sitePage },
  ourPeople: { path: '/our-people', title: 'Our people', server: sitePage },
  ourSupporters: { path: '/our-supporters', title: 'Our supporters', server: sitePage },
  partnerPrograms: { path: '/partner-programs', title: 'Partner programs', server: sitePage },
  pricing: { path: '/pricing', title: 'Pricing', server: sitePage },
  solutions: { path: '/solutions', title: 'Solutions', server: sitePage },
  // Content lists (their items live below them, by slug)
  blog: { path: '/blog', title: 'Blog', server: sitePage },
  productUpdates: { path: '/product-updates', title: 'Product updates', server: sitePage },
  pressRoom: { path: '/press-room', title: 'Press room', server: sitePage },
  customerSuccessStories: {
    path: '/customer-success-stories',
    title: 'Customer success stories',
    server: sitePage,
  },
  // Products
  dcipherStudio: { path: '/products/dcipher-studio', title: 'Dcipher Studio', server: sitePage },
  dcipherWorkflows: { path: '/products/dcipher-workflows', title: 'Dcipher Workflows', server: sitePage },
  dcipherInsightBooster: {
    path: '/products/dcipher-insight-booster',
    title: 'Dcipher Insight Booster',
    server: sitePage,
  },
  // The workflow store: the predefined workflows, a page each by catalogue id (docs/decisions/0071, 0073).
  workflowStore: { path: '/workflow-store', title: 'Workflow store', server: sitePage },
  workflowStoreItem: { path: '/workflow-store/{id}', title: 'Workflow', server: sitePage },
  // Legal
  termsOfService: { path: '/ToS.pdf', title: 'Terms of service', server: { by: 'site-file' } },
  privacyPolicy: { path: '/privacy-policy', title: 'Privacy policy', server: sitePage },
  // Other
  maintenance: { path: '/maintenance', title: 'Maintenance', server: sitePage },
  downloadWhitepaper: { path: '/download-whitepaper', title: 'Download the white paper', server: sitePage },
  meetingConfirmation: { path: '/meeting-confirmation', title: 'Meeting confirmed', server: sitePage },
} as const satisfies Record<string, BrowserRoute>;

export type RouteId = keyof typeof routes;

/** The ids of the routes one remote app serves: what its router maps to screens. */
export type RemoteRouteId<TApp extends RemoteAppName> = {
  [Id in RouteId]: (typeof routes)[Id]['server']['by'] extends TApp ? Id : never;
}[RouteId];
export type AuthRouteId = RemoteRouteId<'AuthApp'>;
export type AccountRouteId = RemoteRouteId<'AccountApp'>;

/** A declared route with its id. */
export type DeclaredRoute<TId extends RouteId = RouteId> = (typeof routes)[TId] & { readonly id: TId };

export const allRoutes: readonly DeclaredRoute[] = Object.entries(routes).map(
  ([id, route]) => ({ ...route, id }) as DeclaredRoute,
);

/** The routes of one remote app, in declaration order, each with its id (the key a router maps to a screen). */
export function remoteRoutes<TApp extends RemoteAppName>(
  app: TApp,
): readonly DeclaredRoute<RemoteRouteId<TApp>>[] {
  return allRoutes.filter((route) => route.server.by === app) as DeclaredRoute<RemoteRouteId<TApp>>[];
}

/**
 * Paths whose HTML is one shell file for every path below them (Gatsby `matchPath` pages; the static server
 * falls back to `<prefix>/index.html`): the remote's router picks the screen in the browser. Every remote route
 * is either below one of these or has its own site page (`src/pages/<path>.tsx`).
 */
export const clientOnlyPrefixes = [
  { prefix: '/account', app: 'AccountApp' },
  { prefix: '/workflows', app: 'AccountApp' },
  { prefix: '/new-password', app: 'AuthApp' },
  { prefix: '/subscription', app: 'AccountApp' },
  { prefix: '/payment', app: 'AccountApp' },
  { prefix: '/checkout', app: 'AccountApp' },
] as const satisfies readonly { prefix: string; app: RemoteAppName }[];

/** The client-only prefix a path falls under (the prefix itself included), if any. */
export function clientOnlyPrefixOf(pathname: string): (typeof clientOnlyPrefixes)[number] | undefined {
  const path = normalizePath(pathname);
  return clientOnlyPrefixes.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The site page that serves a path: its client-only prefix, or the path itself (a page of its own). The site mounts
 * the remote afresh on each of its pages (Gatsby keys a page by its path), so only a path on the same page can be
 * shown in place without losing what the screen holds.
 */
export function sitePageOf(pathname: string): string {
  return clientOnlyPrefixOf(pathname)?.prefix ?? normalizePath(pathname);
}

/** The parameter names of a path pattern: `'/new-password/{token}'` → `'token'`. */
export type PathParams<TPath extends string> = TPath extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

export interface RouteMatch<TId extends RouteId = RouteId> {
  readonly route: DeclaredRoute<TId>;
  /** The `{name}` segments of the path, decoded. */
  readonly params: Readonly<Record<string, string>>;
}

function normalizePath(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path || '/';
}

function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const patternSegments = pattern.split('/');
  const pathSegments = path.split('/');
  if (patternSegments.length !== pathSegments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of patternSegments.entries()) {
    const actual = pathSegments[index]!;
    const parameter = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (parameter) {
      if (actual === '') return undefined;
      try {
        params[parameter] = decodeURIComponent(actual);
      } catch {
        return undefined; // a malformed escape is no token
      }
    } else if (segment !== actual) {
      return undefined;
    }
  }
  return params;
}

/**
 * The declared route a browser path is on (a trailing slash, query and hash ignored), with its `{name}`
 * parameters decoded; undefined for an undeclared path. Pass `app` to match only that remote app's routes.
 */
export function matchRoute(pathname: string): RouteMatch | undefined;
export function matchRoute<TApp extends RemoteAppName>(
  pathname: string,
  app: TApp,
): RouteMatch<RemoteRouteId<TApp>> | undefined;
export function matchRoute(pathname: string, app?: RemoteAppName): RouteMatch | undefined {
  const path = normalizePath(pathname);
  for (const route of app ? remoteRoutes(app) : allRoutes) {
    const params = matchPattern(route.path, path);
    if (params) return { route, params };
  }
  return undefined;
}

type QueryValues = Readonly<Record<string, string | undefined>>;

/**
 * The path of a route with its parameters filled in and encoded, and a query string from the given values
 * (undefined ones left out), e.g. `pathTo('newPassword', { token })` → `/new-password/<token>`.
 */
export function pathTo<TId extends RouteId>(
  id: TId,
  ...[params, query]: PathParams<(typeof routes)[TId]['path']> extends never
    ? [params?: Record<string, never>, query?: QueryValues]
    : [params: Record<PathParams<(typeof routes)[TId]['path']>, string>, query?: QueryValues]
): string {
  const values: Record<string, string> = params ?? {};
  const path = routes[id].path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`pathTo('${id}') needs a value for {${name}}`);
    return encodeURIComponent(value);
  });
  const search = Object.entries(query ?? {})
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}
