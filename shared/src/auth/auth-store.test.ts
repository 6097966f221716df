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
/** The API's HttpOnly refresh cookie as the browser keeps it: sent only with credentialed requests. */
let sessionCookie: string | undefined;
let failLogout: boolean;
let usedUpChallenge: boolean;
const challengeToken = 'c'.repeat(43);

async function accessToken(expiresAt: number, requiresPasswordChange = false) {
  return new SignJWT({
    email: 'ada@demo.test',
    organizationId: '0b7e4d2c-5a1f-4e8b-9c3d-2e4f6a8b0c1d',
    role: 'admin',
    requiresPasswordChange,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'test-key' })
    .setSubject('4f1c2a7e-8b3d-4c9a-9e2f-1a2b3c4d5e6f')
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
  const challenge = (token: string) =>
    Response.json({ twoFactorRequired: true, challengeToken: token, expiresIn: 300 });
  // Like the API for a browser on the product's origin: the refresh token goes into the cookie, not the body.
  const tokens = async (refreshToken: string, requiresPasswordChange = false) => {
    validRefreshTokens.add(refreshToken);
    sessionCookie = refreshToken;
    return Response.json({
      accessToken: await accessToken(inFifteenMinutes()),
      requiresPasswordChange,
      refreshExpiresIn: 3600,
    });
  };
  if (path === '/login' && body.email === 'two-step@demo.test') return challenge(challengeToken);
  if (path === '/login') return tokens('refresh-from-login', body.password === 'expired-password');
  if (path === '/login/two-factor') {
    if (body.challengeToken !== challengeToken || usedUpChallenge) {
      return Response.json(
        {
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Your sign-in has expired. Please log in again.',
          code: 'TWO_FACTOR_CHALLENGE_INVALID',
        },
        { status: 401 },
      );
    }
    if (body.code === '123456' || body.recoveryCode === 'abcde12345') return tokens('refresh-from-two-step');
    return Response.json(
      {
        statusCode: 400,
        error: 'Bad Request',
        message: 'That code is not correct. Check your authenticator app and try again.',
        code: 'TWO_FACTOR_CODE_INVALID',
      },
      { status: 400 },
    );
  }
  if (path === '/sso/login/callback' && body.code === 'two-step') return challenge(challengeToken);
  if (path === '/invitations' && request.method === 'POST') return tokens('refresh-from-invitation');
  if (path === '/sso/login/callback') return tokens('refresh-from-sso');
  if (path === '/verify-email' && body.token === 'first-use') {
    return Response.json({
      email: 'ada@demo.test',
      verified: true,
      ...(await (await tokens('refresh-from-link')).json()),
    });
  }
  if (path === '/verify-email') return Response.json({ email: 'ada@demo.test', verified: true });
  if (path === '/token') {
    const presented = request.credentials === 'include' ? sessionCookie : undefined;
    if (body.refreshToken !== undefined || !presented || !validRefreshTokens.delete(presented)) {
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
  sessionCookie = undefined;
  failLogout = false;
  usedUpChallenge = false;
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
    await authStore.getState().initialize();
    expect(authStore.getState()).toMatchObject({
      status: 'authenticated',
      claims: { sub: '4f1c2a7e-8b3d-4c9a-9e2f-1a2b3c4d5e6f' },
    });
    expect(requests).toEqual([]);
  });

  it('exchanges the session cookie when the access token has expired, sending no token itself', async () => {
    items.set(tokenStorageKeys.accessToken, await accessToken(Math.floor(Date.now() / 1000) - 10));
    sessionCookie = 'stored-refresh';
    validRefreshTokens.add('stored-refresh');
    await authStore.getState().initialize();
    expect(authStore.getState().status).toBe('authenticated');
    expect(requests).toEqual([{ path: '/token', body: {}, authorization: null }]);
    expect(sessionCookie).toBe('refresh-rotated');
    expect(items.has(tokenStorageKeys.refreshToken)).toBe(false);
  });

  it('removes a refresh token an earlier version stored, and never writes one', async () => {
    items.set(tokenStorageKeys.accessToken, await accessToken(inFifteenMinutes()));
    items.set(tokenStorageKeys.refreshToken, 'legacy-refresh');
    await authStore.getState().initialize();
    expect(items.has(tokenStorageKeys.refreshToken)).toBe(false);
    await authStore.getState().login({ email: 'ada@demo.test', password: 'right' });
    expect(items.has(tokenStorageKeys.refreshToken)).toBe(false);
  });

  it('asks for no refresh when no session was ever stored', async () => {
    sessionCookie = 'someone-elses';
    await authStore.getState().initialize();
    expect(authStore.getState().status).toBe('anonymous');
    expect(requests).toEqual([]);
  });

  it('logs the user out when the exchange fails', async () => {
    items.set(tokenStorageKeys.accessToken, await accessToken(Math.floor(Date.now() / 1000) - 10));
    sessionCookie = 'revoked-refresh';
    await authStore.getState().initialize();
    expect(authStore.getState().status).toBe('anonymous');
    expect(items.size).toBe(0);
  });

  it('login keeps the access token (the API keeps the refresh token in its cookie) and whether a password change is required', async () => {
    await authStore.getState().login({ email: 'ada@demo.test', password: 'expired-password' });
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', requiresPasswordChange: true });
    expect(sessionCookie).toBe('refresh-from-login');
    expect(items.has(tokenStorageKeys.refreshToken)).toBe(false);
    expect(items.get(tokenStorageKeys.accessToken)).toMatch(/^ey/);
  });

  it('accepting an invitation signs the new member in and keeps the access token (the API keeps the refresh token in its cookie)', async () => {
    const input = { token: 'tok', firstName: 'Grace', lastName: 'Hopper', password: 'Harbour-Lights-2026' };
    await authStore.getState().acceptInvitation(input);
    expect(requests).toEqual([{ path: '/invitations', body: input, authorization: null }]);
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', requiresPasswordChange: false });
    expect(sessionCookie).toBe('refresh-from-invitation');
    expect(items.has(tokenStorageKeys.refreshToken)).toBe(false);
    expect(items.get(tokenStorageKeys.accessToken)).toMatch(/^ey/);
  });

  it("a new account's confirmation link signs its owner in (the API keeps the refresh token in its cookie)", async () => {
    await expect(authStore.getState().verifyEmail('first-use')).resolves.toEqual({
      email: 'ada@demo.test',
      emailChanged: false,
      signedIn: true,
    });
    expect(requests).toEqual([{ path: '/verify-email', body: { token: 'first-use' }, authorization: null }]);
    expect(authStore.getState()).toMatchObject({
      status: 'authenticated',
      claims: { sub: '4f1c2a7e-8b3d-4c9a-9e2f-1a2b3c4d5e6f' },
    });
    expect(sessionCookie).toBe('refresh-from-link');
    expect(items.get(tokenStorageKeys.accessToken)).toMatch(/^ey/);
  });

  it('a confirmation that signs nobody in leaves the visitor anonymous', async () => {
    await authStore.getState().initialize();
    await expect(authStore.getState().verifyEmail('other')).resolves.toMatchObject({ signedIn: false });
    expect(authStore.getState().status).toBe('anonymous');
    expect(items.size).toBe(0);
  });

  it('finishing a single sign-on signs the user in and keeps the access token (the API keeps the refresh token in its cookie)', async () => {
    const input = { code: 'code-1', state: 'state-1', iss: 'https://idp.acme.test' };
    await authStore.getState().completeSsoLogin(input);
    expect(requests).toEqual([{ path: '/sso/login/callback', body: input, authorization: null }]);
    expect(authStore.getState()).toMatchObject({
      status: 'authenticated',
      claims: { sub: '4f1c2a7e-8b3d-4c9a-9e2f-1a2b3c4d5e6f' },
    });
    expect(sessionCookie).toBe('refresh-from-sso');
    expect(items.has(tokenStorageKeys.refreshToken)).toBe(false);
    expect(items.get(tokenStorageKeys.accessToken)).toMatch(/^ey/);
  });

  it('reads the password-change requirement from the token payload too', async () => {
    items.set(tokenStorageKeys.accessToken, await accessToken(inFifteenMinutes(), true));
    await authStore.getState().initialize();
    expect(authStore.getState().requiresPasswordChange).toBe(true);
  });

  it('logout ends this session only on the server, then clears tokens and state', async () => {
    await authStore.getState().login({ email: 'ada@demo.test', password: 'x' });
    await authStore.getState().logout();
    const logoutCall = requests.find((request) => request.path === '/logout');
    expect(logoutCall?.body).toEqual({ isForced: false });
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

  describe('two-step verification', () => {
    const signInWithTwoSteps = async () => {
      const step = await authStore.getState().login({ email: 'two-step@demo.test', password: 'right' });
      expect(step).toEqual({ twoFactorRequired: true });
      expect(authStore.getState()).toMatchObject({
        status: 'anonymous',
        twoFactorChallenge: { challengeToken },
      });
      expect(items.size).toBe(0);
    };

    it('login says when no code is needed', async () => {
      expect(await authStore.getState().login({ email: 'ada@demo.test', password: 'x' })).toEqual({
        twoFactorRequired: false,
      });
      expect(authStore.getState().twoFactorChallenge).toBeUndefined();
    });

    it('login keeps the challenge, and the app code signs in', async () => {
      await signInWithTwoSteps();
      await authStore.getState().completeTwoFactor({ code: '123456' });
      expect(requests.at(-1)).toEqual({
        path: '/login/two-factor',
        body: { challengeToken, code: '123456' },
        authorization: null,
      });
      expect(authStore.getState()).toMatchObject({ status: 'authenticated', twoFactorChallenge: undefined });
      expect(sessionCookie).toBe('refresh-from-two-step');
      expect(items.has(tokenStorageKeys.refreshToken)).toBe(false);
    });

    it('a recovery code signs in too', async () => {
      await signInWithTwoSteps();
      await authStore.getState().completeTwoFactor({ recoveryCode: 'abcde12345' });
      expect(requests.at(-1)?.body).toEqual({ challengeToken, recoveryCode: 'abcde12345' });
      expect(authStore.getState().status).toBe('authenticated');
    });

    it('a wrong code throws its message and keeps the challenge for another try', async () => {
      await signInWithTwoSteps();
      await expect(authStore.getState().completeTwoFactor({ code: '000000' })).rejects.toMatchObject({
        status: 400,
        code: 'TWO_FACTOR_CODE_INVALID',
        message: 'That code is not correct. Check your authenticator app and try again.',
      });
      expect(authStore.getState().twoFactorChallenge).toBeDefined();
      await authStore.getState().completeTwoFactor({ code: '123456' });
      expect(authStore.getState().status).toBe('authenticated');
    });

    it('a challenge the server no longer takes is dropped, so the screen starts over', async () => {
      await signInWithTwoSteps();
      usedUpChallenge = true;
      await expect(authStore.getState().completeTwoFactor({ code: '123456' })).rejects.toMatchObject({
        status: 401,
        code: 'TWO_FACTOR_CHALLENGE_INVALID',
      });
      expect(authStore.getState()).toMatchObject({ status: 'anonymous', twoFactorChallenge: undefined });
    });

    it('an expired challenge is refused without asking the server', async () => {
      await signInWithTwoSteps();
      authStore.setState({ twoFactorChallenge: { challengeToken, expiresAt: Date.now() - 1 } });
      const before = requests.length;
      await expect(authStore.getState().completeTwoFactor({ code: '123456' })).rejects.toMatchObject({
        code: 'TWO_FACTOR_CHALLENGE_INVALID',
        message: 'Your sign-in has expired. Please log in again.',
      });
      expect(requests.length).toBe(before);
      expect(authStore.getState().twoFactorChallenge).toBeUndefined();
    });

    it('completeTwoFactor without a pending sign-in is refused', async () => {
      await expect(authStore.getState().completeTwoFactor({ code: '123456' })).rejects.toMatchObject({
        code: 'TWO_FACTOR_CHALLENGE_INVALID',
      });
    });

    it('cancelTwoFactor drops the pending sign-in', async () => {
      await signInWithTwoSteps();
      authStore.getState().cancelTwoFactor();
      expect(authStore.getState().twoFactorChallenge).toBeUndefined();
    });

    it('a single sign-on can ask for the code too', async () => {
      const step = await authStore.getState().completeSsoLogin({ code: 'two-step', state: 'state-1' });
      expect(step).toEqual({ twoFactorRequired: true });
      await authStore.getState().completeTwoFactor({ code: '123456' });
      expect(authStore.getState()).toMatchObject({
        status: 'authenticated',
        claims: { sub: '4f1c2a7e-8b3d-4c9a-9e2f-1a2b3c4d5e6f' },
      });
    });
  });
});
