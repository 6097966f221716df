import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Browsers never see the refresh token (docs/decisions/0032). When a caller on one of the product's origins (an
 * `Origin` header listed in `CORS_ORIGINS`, which scripts cannot forge) is answered a token pair, the refresh token
 * leaves the body and is set as this cookie: HttpOnly (no script reads it), Secure, SameSite=Strict (no other site
 * sends it) and scoped to `POST /token`, the one call that reads it. Callers without an `Origin` (servers, the
 * command line, the API's own tests) keep the spec's body field.
 */
export const refreshCookieName = 'dcipher_refresh';
const refreshCookiePath = '/token';

function cookieHeader(value: string, maxAgeSeconds: number): string {
  return [
    `${refreshCookieName}=${value}`,
    `Path=${refreshCookiePath}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    'Secure',
    'SameSite=Strict',
  ].join('; ');
}

/** The `Set-Cookie` value that removes the session cookie (sign-out, a refused refresh). */
export const expiredRefreshCookie = () => cookieHeader('', 0);

/** Whether the request comes from a browser page of the product (its `Origin` is one the API answers). */
export function isProductBrowser(request: FastifyRequest, corsOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  return typeof origin === 'string' && corsOrigins.includes(origin);
}

/** The refresh token of the session cookie, read only for the product's own pages (no cross-site use). */
export function refreshTokenFromCookie(
  request: FastifyRequest,
  corsOrigins: readonly string[],
): string | undefined {
  if (!isProductBrowser(request, corsOrigins)) return undefined;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== refreshCookieName) continue;
    const value = part.slice(separator + 1).trim();
    // Tokens are base64url; anything else is not ours and is ignored.
    return /^[\w-]{1,512}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/**
 * Fastify appends to `Set-Cookie` rather than replacing it, so the cookie is only added: re-setting what was there
 * (the device cookie of a sign-in) sent it twice.
 */
function appendSetCookie(reply: FastifyReply, value: string): void {
  reply.header('set-cookie', value);
}

export function clearRefreshCookie(reply: FastifyReply): void {
  appendSetCookie(reply, expiredRefreshCookie());
}

const isTokenPair = (
  payload: unknown,
): payload is { refreshToken: string; refreshExpiresIn: number } & Record<string, unknown> =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as { refreshToken?: unknown }).refreshToken === 'string' &&
  typeof (payload as { refreshExpiresIn?: unknown }).refreshExpiresIn === 'number';

/**
 * Every answer carrying a token pair (sign-in, two-step completion, refresh, password change, invitation, SSO…)
 * passes here before it is serialised, so no endpoint can forget to move a browser's refresh token to its cookie.
 */
export function registerRefreshCookie(app: FastifyInstance, corsOrigins: readonly string[]): void {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (!isTokenPair(payload) || !isProductBrowser(request, corsOrigins)) return payload;
    const { refreshToken, ...rest } = payload;
    appendSetCookie(reply, cookieHeader(refreshToken, payload.refreshExpiresIn));
    return rest;
  });
}
