import type { SsoConnectionProblem, SsoConnectionTestResult } from '@dcipher/shared/contract';
import { isOutboundRequestRefused } from '../../adapters/outbound/safe-fetch.js';

/** "Test connection" gives up after this long: an admin is waiting at the form. */
const timeoutMilliseconds = 5000;
/** A discovery document is a few kilobytes; more is not one. */
const maxBytes = 512 * 1024;

/**
 * Fetches `{issuer}/.well-known/openid-configuration` and says exactly what is wrong with it, if anything: the
 * address is refused (plain http outside development aids), unreachable, too slow, answers an HTTP error or
 * something other than JSON, names another issuer, lacks the endpoints a sign-in needs, or points them at plain
 * http. Redirects are not followed: the issuer must serve its own document. Throws only what the outbound guard
 * refused (an address off the public internet), which the caller answers as the bad input it is.
 */
export async function testIdentityProviderConnection(
  issuerUrl: string,
  { allowHttp, fetchImpl = fetch }: { allowHttp: boolean; fetchImpl?: typeof fetch },
): Promise<SsoConnectionTestResult> {
  const issuer = new URL(issuerUrl).pathname === '/' ? issuerUrl.replace(/\/$/, '') : issuerUrl;
  const discoveryUrl = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const fail = (problem: SsoConnectionProblem, message: string): SsoConnectionTestResult => ({
    ok: false,
    problem,
    message,
    discoveryUrl,
  });

  if (!allowHttp && new URL(issuer).protocol !== 'https:') {
    return fail('https-required', "The identity provider's address must start with https://");
  }
  let response: Response;
  try {
    response = await fetchImpl(discoveryUrl, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMilliseconds),
    });
  } catch (error) {
    if (isOutboundRequestRefused(error)) throw error;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return fail(
        'timeout',
        `${discoveryUrl} did not answer within ${timeoutMilliseconds / 1000} seconds. Check that the identity provider is running and reachable from the internet.`,
      );
    }
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return fail(
      'unreachable',
      `We could not connect to ${new URL(discoveryUrl).host}${cause ? ` (${cause})` : ''}. Check the issuer address.`,
    );
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    const where = response.headers.get('location');
    return fail(
      'http-error',
      response.status >= 300 && response.status < 400
        ? `${discoveryUrl} redirects${where ? ` to ${where}` : ''}; the issuer address must be the one the provider names as its issuer.`
        : `${discoveryUrl} answered HTTP ${response.status}. Check the issuer address: it is the URL before /.well-known/openid-configuration.`,
    );
  }
  const text = await response.text();
  let document: unknown;
  try {
    if (text.length > maxBytes) throw new Error('too large');
    document = JSON.parse(text);
  } catch {
    return fail(
      'not-json',
      `${discoveryUrl} did not answer a JSON discovery document. Check the issuer address: it is the URL before /.well-known/openid-configuration.`,
    );
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return fail('not-json', `${discoveryUrl} did not answer a JSON object.`);
  }
  const metadata = document as Record<string, unknown>;
  if (metadata.issuer !== issuer) {
    return fail(
      'issuer-mismatch',
      typeof metadata.issuer === 'string'
        ? `The provider names its issuer ${metadata.issuer.slice(0, 200)}, not ${issuer}. Enter its issuer exactly as it names it.`
        : 'The discovery document has no issuer.',
    );
  }
  const endpoints = {
    authorization_endpoint: metadata.authorization_endpoint,
    token_endpoint: metadata.token_endpoint,
    jwks_uri: metadata.jwks_uri,
  };
  const missing = Object.entries(endpoints)
    .filter(([, value]) => typeof value !== 'string' || !URL.canParse(value))
    .map(([name]) => name);
  if (missing.length > 0) {
    return fail('missing-endpoints', `The discovery document has no valid ${missing.join(', ')}.`);
  }
  const insecure = Object.entries(endpoints)
    .filter(([, value]) => new URL(value as string).protocol !== 'https:')
    .map(([name]) => name);
  if (!allowHttp && insecure.length > 0) {
    return fail('insecure-endpoints', `${insecure.join(', ')} must use https://.`);
  }
  return {
    ok: true,
    message: `Connected: ${issuer} answered a valid discovery document.`,
    discoveryUrl,
    authorizationEndpoint: endpoints.authorization_endpoint as string,
    tokenEndpoint: endpoints.token_endpoint as string,
    jwksUri: endpoints.jwks_uri as string,
  };
}
