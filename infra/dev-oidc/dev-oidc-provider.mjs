// A loopback OpenID Connect identity provider for development and tests: single sign-on without a real IdP.
// Built on oidc-provider, with a one-field sign-in page instead of passwords: whoever types an email is signed in
// as that email (claims sub, email, email_verified, given_name and family_name from the local part). Consent is
// granted automatically and PKCE is required. Never expose it beyond the machine: it vouches for anyone.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { Provider } from 'oidc-provider';

const scope = 'openid email profile';

/** Minimal in-memory storage for the provider's sessions, interactions, codes and tokens (one per provider). */
function createMemoryAdapter() {
  const store = new Map();
  const live = (key) => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return (model) => ({
    async upsert(id, payload, expiresIn) {
      const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : undefined;
      store.set(`${model}:${id}`, { payload, expiresAt });
      if (model === 'Session') store.set(`sessionUid:${payload.uid}`, { payload: id, expiresAt });
      if (payload.grantId) {
        const members = live(`grant:${payload.grantId}`) ?? new Set();
        members.add(`${model}:${id}`);
        store.set(`grant:${payload.grantId}`, { payload: members, expiresAt: undefined });
      }
    },
    async find(id) {
      return live(`${model}:${id}`);
    },
    async findByUid(uid) {
      const id = live(`sessionUid:${uid}`);
      return id === undefined ? undefined : live(`${model}:${id}`);
    },
    async findByUserCode() {
      return undefined;
    },
    async consume(id) {
      const payload = live(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      store.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId) {
      for (const key of live(`grant:${grantId}`) ?? []) store.delete(key);
      store.delete(`grant:${grantId}`);
    },
  });
}

const capitalised = (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/** `jane.doe@example.com` → Jane / Doe; `ada@example.com` → Ada (no family name). */
function namesFrom(email) {
  const [first = '', ...rest] = email
    .split('@')[0]
    .split(/[._+-]+/)
    .filter(Boolean);
  return {
    given_name: capitalised(first),
    ...(rest.length > 0 && { family_name: rest.map(capitalised).join(' ') }),
  };
}

/** The claims of the account signed in as `email`; `overrides` (from the `accounts` option) win. */
function claimsFor(email, overrides = {}) {
  const names = namesFrom(email);
  const claims = {
    sub: email,
    email,
    email_verified: true,
    ...names,
    name: [names.given_name, names.family_name].filter(Boolean).join(' '),
    ...overrides,
  };
  // An override of `undefined` removes the claim (an IdP that does not send it).
  return Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));
}

const escapeHtml = (value) =>
  String(value).replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character],
  );

function page(title, body, statusCode = 200) {
  return {
    statusCode,
    html: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5fb; color: #15162b; margin: 0; }
  main { max-width: 24rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 12px; }
  label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
  input { width: 100%; box-sizing: border-box; padding: 0.6rem; font-size: 1rem; margin-bottom: 1rem; }
  button { padding: 0.6rem 1.2rem; font-size: 1rem; }
  .error { color: #a4001d; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`,
  };
}

function signInPage(uid, clientId, { email = '', error } = {}) {
  return page(
    'Sign in',
    `<p>Dev identity provider: signing in to <strong>${escapeHtml(clientId)}</strong>. No password is asked; any
email address works.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(email)}"
  ${error ? 'aria-invalid="true" aria-describedby="email-error"' : ''} autofocus>
${error ? `<p id="email-error" class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Continue</button>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort">
<button type="submit">Cancel</button>
</form>`,
    error ? 400 : 200,
  );
}

async function readForm(request) {
  let body = '';
  for await (const chunk of request) {
    body += chunk;
    if (body.length > 10_000) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

function send(response, { statusCode, html }) {
  response.writeHead(statusCode, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(html);
}

/**
 * Starts the provider on 127.0.0.1 (`port` 0 picks a free one). `clients` are registered as confidential web
 * clients (client_secret_basic or client_secret_post). `accounts` maps an email to claims that replace the derived
 * ones (`{ email_verified: false }`, or `undefined` to leave a claim out). With `emailInIdToken: false` the ID
 * token carries only `sub` and the email comes from the userinfo endpoint, as with some real providers.
 */
export async function startDevOidcProvider({
  port = 0,
  clients = [],
  accounts = {},
  emailInIdToken = true,
} = {}) {
  let handle = (_request, response) => {
    response.writeHead(503);
    response.end();
  };
  const server = createServer((request, response) => handle(request, response));
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${server.address().port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    adapter: createMemoryAdapter(),
    clients: clients.map((client) => ({
      grant_types: ['authorization_code'],
      response_types: ['code'],
      ...client,
      token_endpoint_auth_method: client.token_endpoint_auth_method ?? 'client_secret_basic',
    })),
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'dev', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      email: ['email', 'email_verified'],
      profile: ['family_name', 'given_name', 'name'],
    },
    scopes: ['openid', 'email', 'profile'],
    conformIdTokenClaims: !emailInIdToken,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      return { accountId: sub, claims: async () => claimsFor(sub, accounts[sub]) };
    },
    // Consent is granted automatically: the one client is the developer's own application.
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope(scope);
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in failed',
        `<p role="alert">${escapeHtml(out.error)}: ${escapeHtml(out.error_description ?? '')}</p>`,
      ).html;
    },
  });
  const providerCallback = provider.callback();

  async function interaction(request, response, uid, action) {
    const details = await provider.interactionDetails(request, response);
    if (details.uid !== uid) return send(response, page('Sign-in failed', '<p>Unknown sign-in.</p>', 400));
    const clientId = details.params.client_id;
    if (request.method === 'GET' && !action) {
      return send(response, signInPage(uid, clientId, { email: details.params.login_hint ?? '' }));
    }
    if (request.method !== 'POST') return send(response, page('Not found', '<p>Not found.</p>', 404));
    if (action === 'abort') {
      return provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
        { mergeWithLastSubmission: false },
      );
    }
    const email = (await readForm(request)).get('email')?.trim().toLowerCase() ?? '';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return send(response, signInPage(uid, clientId, { email, error: 'Enter an email address.' }));
    }
    return provider.interactionFinished(
      request,
      response,
      { login: { accountId: email } },
      { mergeWithLastSubmission: false },
    );
  }

  handle = (request, response) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(request.url.split('?')[0]);
    if (!match) return providerCallback(request, response);
    interaction(request, response, match[1], match[2]).catch((error) => {
      if (!response.headersSent) {
        send(response, page('Sign-in failed', `<p role="alert">${escapeHtml(error.message)}</p>`, 400));
      } else response.end();
    });
  };

  return {
    issuer,
    async stop() {
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
