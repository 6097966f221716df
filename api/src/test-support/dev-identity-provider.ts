/**
 * What a browser does at the loopback dev identity provider (infra/local/dev-oidc-provider.mjs), with fetch: opens
 * the authorization URL, keeps the provider's cookies, submits the sign-in form with `email` (or presses Cancel)
 * and follows the provider's redirects until one leaves it, which it answers without following: the
 * `{WEB_URL}/login/sso?code=…&state=…` (or `?error=…`) the site would be sent to.
 */
export async function signInAtDevProvider(
  authorizationUrl: string,
  email: string,
  { cancel = false }: { cancel?: boolean } = {},
): Promise<URL> {
  const providerOrigin = new URL(authorizationUrl).origin;
  const cookies = new Map<string, string>();

  async function request(url: URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (cookies.size > 0) {
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1));
    }
    return response;
  }

  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let step = 0; step < 10; step += 1) {
    const response = await request(url, init);
    init = {};
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      if (url.origin !== providerOrigin) return url;
      await response.body?.cancel();
      continue;
    }
    const page = await response.text();
    const action = [...page.matchAll(/<form method="post" action="([^"]+)"/g)]
      .map((match) => match[1] ?? '')
      .find((path) => path.endsWith(cancel ? '/abort' : '/login'));
    if (response.status !== 200 || !action) {
      throw new Error(`the dev identity provider answered ${response.status}: ${page.slice(0, 500)}`);
    }
    url = new URL(action, url);
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }).toString(),
    };
  }
  throw new Error('the dev identity provider did not redirect back');
}
