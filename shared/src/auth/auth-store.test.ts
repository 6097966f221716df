import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { accessTokenAudience, accessTokenIssuer } from './access-token-claims.js';
import { authStore, configureAuth } from './auth-store.js';
import { tokenStorageKeys } from './token-storage.js';

// A small in-memory stand-in for the API's auth endpoints, answering through the client's fetch.
let privateKey: CryptoKey;
let publicKeyPem: string;
let items: Map<string, string>;
let requests: { path: string; body: unknown; authorization: string | null }[];
let validRefreshTokens: Set<string>;
let failLogout: boolean;

async function accessToken(expiresAt: number, requiresPasswordChange = false) {
  return new SignJWT({ email: 'ada@demo.test', organizationId: 'org', role: 'admin', requiresPasswordChange })
    .setProtectedHeader({ alg: 'RS256' })
    .setSubject('user-1')
    .setIssuer(accessTokenIssuer)
    .setAudience(accessTokenAudience)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(privateKey);
}
const inFifteenMinutes = () => Math.floor(Date.now() / 1000) + 900;

const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  const path = new URL(request.url).pathname;
  const body = request.method === 'POST' ? await request.json() : undefined;
  requests.push({ path, body, authorization: request.headers.get('authorization') });
  const tokens = async (refreshToken: string, requiresPasswordChange = false) => {
    validRefreshTokens.add(refreshToken);
    return Response.json({
      accessToken: await accessToken(inFifteenMinutes()),
      refreshToken,
      requiresPasswordChange,
      refreshExpiresIn: 3600,
    });
  };
  if (path === '/login') return tokens('refresh-from-login', body.password === 'expired-password');
  if (path === '/invitations' && request.method === 'POST') return tokens('refresh-from-invitation');
  if (path === '/sso/login/callback') return tokens('refresh-from-sso');
  if (path === '/token') {
    if (!validRefreshTokens.delete(body.refreshToken)) {
      return Response.json({ statusCode: 401, error: 'Unauthorized', message: 'ended' }, { status: 401 });
    }
    return tokens('refresh-rotated');
  }
  if (path === '/logout') {
    return failLogout
      ? Response.json({ statusCode: 500, error: 'Internal', message: 'boom' }, { status: 500 })
      : Response.json({ loggedOut: true });
  }
  return new Response(null, { status: 404 });
}) as typeof fetch;

function configure() {
  configureAuth({
    apiBaseUrl: 'http://api.test',
    cookieDomain: 'localhost',
    publicKeyPem,
    fetch: fakeFetch,
    storage: {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    },
    document: { cookie: '' },
  });
}

const initialState = authStore.getState();

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  publicKeyPem = await exportSPKI(pair.publicKey);
});

beforeEach(() => {
  items = new Map();
  requests = [];
  validRefreshTokens = new Set();
  failLogout = false;
  authStore.setState(initialState, true);
  configure();
});

describe('auth store (spec section 4)', () => {
  it('starts as authenticating and becomes anonymous when nothing is stored', async () => {
    expect(authStore.getState().status).toBe('authenticating');
    await authStore.getState().initialize();
    expect(authStore.getState().status).toBe('anonymous');
    expect(requests).toEqual([]);
  });

  it('accepts a stored access token that verifies, without calling the API', async () => {
    items.set(tokenStorageKeys.accessToken, await accessToken(inFifteenMinutes()));
    items.set(tokenStorageKeys.refreshToken, 'r');
    await authStore.getState().initialize();
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', claims: { sub: 'user-1' } });
    expect(requests).toEqual([]);
  });

  it('exchanges the refresh token when the access token has expired', async () => {
    items.set(tokenStorageKeys.accessToken, await accessToken(Math.floor(Date.now() / 1000) - 10));
    items.set(tokenStorageKeys.refreshToken, 'stored-refresh');
    validRefreshTokens.add('stored-refresh');
    await authStore.getState().initialize();
    expect(authStore.getState().status).toBe('authenticated');
    expect(requests).toEqual([
      { path: '/token', body: { refreshToken: 'stored-refresh' }, authorization: null },
    ]);
    expect(items.get(tokenStorageKeys.refreshToken)).toBe('refresh-rotated');
  });

  it('logs the user out when the exchange fails', async () => {
    items.set(tokenStorageKeys.accessToken, await accessToken(Math.floor(Date.now() / 1000) - 10));
    items.set(tokenStorageKeys.refreshToken, 'revoked-refresh');
    await authStore.getState().initialize();
    expect(authStore.getState().status).toBe('anonymous');
    expect(items.size).toBe(0);
  });

  it('login stores both tokens and whether a password change is required', async () => {
    await authStore.getState().login({ email: 'ada@demo.test', password: 'expired-password' });
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', requiresPasswordChange: true });
    expect(items.get(tokenStorageKeys.refreshToken)).toBe('refresh-from-login');
    expect(items.get(tokenStorageKeys.accessToken)).toMatch(/^ey/);
  });

  it('accepting an invitation signs the new member in and stores both tokens', async () => {
    const input = { token: 'tok', firstName: 'Grace', lastName: 'Hopper', password: 'Harbour-Lights-2026' };
    await authStore.getState().acceptInvitation(input);
    expect(requests).toEqual([{ path: '/invitations', body: input, authorization: null }]);
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', requiresPasswordChange: false });
    expect(items.get(tokenStorageKeys.refreshToken)).toBe('refresh-from-invitation');
    expect(items.get(tokenStorageKeys.accessToken)).toMatch(/^ey/);
  });

  it('finishing a single sign-on signs the user in and stores both tokens', async () => {
    const input = { code: 'code-1', state: 'state-1', iss: 'https://idp.acme.test' };
    await authStore.getState().completeSsoLogin(input);
    expect(requests).toEqual([{ path: '/sso/login/callback', body: input, authorization: null }]);
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', claims: { sub: 'user-1' } });
    expect(items.get(tokenStorageKeys.refreshToken)).toBe('refresh-from-sso');
    expect(items.get(tokenStorageKeys.accessToken)).toMatch(/^ey/);
  });

  it('reads the password-change requirement from the token payload too', async () => {
    items.set(tokenStorageKeys.accessToken, await accessToken(inFifteenMinutes(), true));
    await authStore.getState().initialize();
    expect(authStore.getState().requiresPasswordChange).toBe(true);
  });

  it('logout calls the server with the forced flag, then clears tokens and state', async () => {
    await authStore.getState().login({ email: 'ada@demo.test', password: 'x' });
    await authStore.getState().logout();
    const logoutCall = requests.find((request) => request.path === '/logout');
    expect(logoutCall?.body).toEqual({ isForced: true });
    expect(logoutCall?.authorization).toMatch(/^Bearer ey/);
    expect(items.size).toBe(0);
    expect(authStore.getState()).toMatchObject({ status: 'anonymous', claims: undefined });
  });

  it('logout clears the local session even when the server call fails', async () => {
    await authStore.getState().login({ email: 'ada@demo.test', password: 'x' });
    failLogout = true;
    await authStore.getState().logout();
    expect(items.size).toBe(0);
    expect(authStore.getState().status).toBe('anonymous');
  });
});
