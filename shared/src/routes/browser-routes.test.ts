import {
  allRoutes,
  clientOnlyPrefixes,
  clientOnlyPrefixOf,
  matchRoute,
  pathTo,
  remoteRoutes,
  routes,
  sitePageOf,
} from './browser-routes.js';
import { emailLinks } from './email-links.js';
import { sendsAnonymousToLogin } from './return-path.js';

describe('browser routes', () => {
  it('declare each path once', () => {
    const paths = allRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('match a path to its route, ignoring a trailing slash, the query and the hash', () => {
    expect(matchRoute('/account/password')?.route.id).toBe('accountPassword');
    expect(matchRoute('/account/password/')?.route.id).toBe('accountPassword');
    expect(matchRoute('/verify-email?token=abc#top')?.route.id).toBe('verifyEmail');
    expect(matchRoute('/')?.route.id).toBe('home');
    expect(matchRoute('/account/nothing-here')).toBeUndefined();
  });

  it('match {token} placeholders and decode them', () => {
    expect(matchRoute('/new-password/a%2Fb%20c')).toEqual({
      route: expect.objectContaining({ id: 'newPassword' }),
      params: { token: 'a/b c' },
    });
    expect(matchRoute('/new-password')).toBeUndefined();
    expect(matchRoute('/new-password/')).toBeUndefined();
    expect(matchRoute('/new-password/a/b')).toBeUndefined();
    expect(matchRoute('/new-password/%E0%A4%A')).toBeUndefined();
  });

  it('match the workflows screens, "new" before a flow id', () => {
    expect(matchRoute('/workflows', 'AccountApp')?.route.id).toBe('workflows');
    expect(matchRoute('/workflows/new', 'AccountApp')?.route.id).toBe('workflowsNew');
    expect(matchRoute('/workflows/7d3c1a52-5b8e-4f1a-9c2d-3e4f5a6b7c81/', 'AccountApp')).toEqual({
      route: expect.objectContaining({ id: 'workflow' }),
      params: { flowId: '7d3c1a52-5b8e-4f1a-9c2d-3e4f5a6b7c81' },
    });
    expect(clientOnlyPrefixOf('/workflows/new')?.prefix).toBe('/workflows');
    expect(pathTo('workflow', { flowId: 'f1' })).toBe('/workflows/f1');
    // The site page a path is on: its prefix's page, or a page of its own.
    expect(sitePageOf('/workflows/f1/')).toBe(sitePageOf('/workflows'));
    expect(sitePageOf('/account/password')).not.toBe(sitePageOf('/workflows'));
    expect(sitePageOf('/addons')).not.toBe(sitePageOf('/account'));
  });

  it('give a public workflow a page anyone may read, its workflow in the declared query (issue 36)', () => {
    const link = pathTo('sharedWorkflow', {}, { id: '7d3c1a52-5b8e-4f1a-9c2d-3e4f5a6b7c81' });
    expect(link).toBe('/shared/workflow?id=7d3c1a52-5b8e-4f1a-9c2d-3e4f5a6b7c81');
    expect(matchRoute(link, 'AuthApp')?.route.id).toBe('sharedWorkflow');
    expect(routes.sharedWorkflow.query).toEqual(['id']);
    // Its own page, not a shell below a client-only prefix, and no signed-out visitor is sent to log in from it.
    expect(clientOnlyPrefixOf(link)).toBeUndefined();
    expect(sendsAnonymousToLogin(routes.sharedWorkflow.path)).toBe(false);
  });

  it('match only one remote app’s routes when asked', () => {
    expect(matchRoute('/login', 'AuthApp')?.route.id).toBe('login');
    expect(matchRoute('/login', 'AccountApp')).toBeUndefined();
    expect(matchRoute('/pricing', 'AuthApp')).toBeUndefined();
  });

  it('list each remote app’s routes for its router', () => {
    const auth = remoteRoutes('AuthApp').map((route) => route.path);
    expect(auth).toEqual(
      expect.arrayContaining(['/login', '/login/sso', '/signup', '/new-password/{token}']),
    );
    const account = remoteRoutes('AccountApp');
    expect(account.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/account', '/account/password', '/account/privacy', '/account/delete']),
    );
    expect(account.filter((route) => route.server.section === 'billing').map((route) => route.path)).toEqual(
      expect.arrayContaining(['/subscription', '/addons', '/payment/wallet', '/checkout/billing']),
    );
  });

  it('serve everything below a client-only prefix by that prefix’s app', () => {
    for (const route of allRoutes) {
      const prefix = clientOnlyPrefixOf(route.path);
      if (prefix) expect([route.path, route.server.by]).toEqual([route.path, prefix.app]);
    }
    for (const { prefix } of clientOnlyPrefixes) {
      expect(allRoutes.some((route) => clientOnlyPrefixOf(route.path)?.prefix === prefix)).toBe(true);
    }
  });

  it('build paths with encoded parameters and query values', () => {
    expect(pathTo('newPassword', { token: 'a/b' })).toBe('/new-password/a%2Fb');
    expect(pathTo('signup', {}, { email: 'ada+1@example.com', invitation: undefined })).toBe(
      '/signup?email=ada%2B1%40example.com',
    );
    expect(pathTo('login')).toBe('/login');
    expect(() => pathTo('newPassword', { token: '' })).toThrow('{token}');
  });
});

describe('email links', () => {
  const webUrl = 'https://www.dcipher.io';
  const links = [
    emailLinks.login(webUrl),
    emailLinks.ssoLogin(webUrl),
    emailLinks.forgotPassword(webUrl),
    emailLinks.newPassword(webUrl, 'tok/en'),
    emailLinks.verifyEmail(webUrl, 'token'),
    emailLinks.signup(webUrl, { email: 'grace@example.com' }),
    emailLinks.signup(webUrl, { invitation: 'token' }),
    emailLinks.unsubscribe(webUrl, 'grace@example.com', 'abc123'),
    emailLinks.reactivateTrial(webUrl, 'token'),
    emailLinks.account(webUrl),
    emailLinks.productUpdates(webUrl),
  ];

  it.each(links)('%s leads to a declared route with the query it reads', (link) => {
    const url = new URL(link);
    expect(url.origin).toBe(webUrl);
    const match = matchRoute(url.pathname);
    expect(match).toBeDefined();
    const declared: readonly string[] = match?.route && 'query' in match.route ? match.route.query : [];
    expect([...url.searchParams.keys()].filter((name) => !declared.includes(name))).toEqual([]);
  });

  it('put the token in the path of the new-password link, encoded', () => {
    expect(emailLinks.newPassword(webUrl, 'tok/en')).toBe('https://www.dcipher.io/new-password/tok%2Fen');
    expect(matchRoute(new URL(emailLinks.newPassword(webUrl, 'tok/en')).pathname)?.params).toEqual({
      token: 'tok/en',
    });
  });

  it('are the routes the API used before they were declared', () => {
    expect(emailLinks.unsubscribe(webUrl, 'a+b@example.com', 'ff')).toBe(
      `${webUrl}/unsubscribe?email=a%2Bb%40example.com&token=ff`,
    );
    expect(emailLinks.verifyEmail(webUrl, 'x')).toBe(`${webUrl}${routes.verifyEmail.path}?token=x`);
  });
});
