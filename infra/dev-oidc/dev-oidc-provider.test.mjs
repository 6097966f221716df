import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDevOidcProvider } from './dev-oidc-provider.mjs';

const redirectUri = 'http://localhost:8000/login/sso';

describe('dev OpenID Connect provider', () => {
  let provider;
  before(async () => {
    provider = await startDevOidcProvider({
      clients: [{ client_id: 'dcipher', client_secret: 'secret', redirect_uris: [redirectUri] }],
    });
  });
  after(() => provider.stop());

  const authorize = (extra = {}) =>
    fetch(
      `${provider.issuer}/auth?${new URLSearchParams({
        client_id: 'dcipher',
        response_type: 'code',
        scope: 'openid email profile',
        redirect_uri: redirectUri,
        state: 'state-1',
        nonce: 'nonce-1',
        ...extra,
      })}`,
      { redirect: 'manual' },
    );

  it('publishes its discovery document on loopback, with S256 PKCE', async () => {
    assert.match(provider.issuer, /^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
    assert.equal(response.status, 200);
    const metadata = await response.json();
    assert.equal(metadata.issuer, provider.issuer);
    assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
    assert.ok(metadata.scopes_supported.includes('email'));
  });

  it('requires PKCE: a request without a code challenge goes back with an error', async () => {
    const response = await authorize();
    const location = new URL(response.headers.get('location'));
    assert.equal(`${location.origin}${location.pathname}`, redirectUri);
    assert.equal(location.searchParams.get('error'), 'invalid_request');
    assert.match(location.searchParams.get('error_description'), /PKCE/);
  });

  it('shows a sign-in page with a labelled Email field and a Continue button', async () => {
    const started = await authorize({
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    assert.equal(started.status, 303);
    const cookie = started.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const page = await fetch(new URL(started.headers.get('location'), provider.issuer), {
      headers: { cookie },
    });
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<label for="email">Email<\/label>/);
    assert.match(html, /<input id="email" name="email" type="email"/);
    assert.match(html, /<button type="submit">Continue<\/button>/);
  });
});
