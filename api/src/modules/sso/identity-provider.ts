import * as oidc from 'openid-client';

/** How long a request to an identity provider may take before the sign-in or the save gives up. */
const requestTimeoutSeconds = 10;

export interface IdentityProviderSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Fetches the issuer's discovery document (`{issuer}/.well-known/openid-configuration`, whose `issuer` must match)
 * and answers the client configuration for it. The secret goes as HTTP Basic unless the provider only takes it in
 * the form body. `allowHttp` lets plain-http issuers through, which only the loopback dev provider is: never in
 * production. Requests go through `fetch` (the outbound guard, docs/decisions/0057). Rejects when the document cannot
 * be fetched or is not valid.
 */
export async function discoverIdentityProvider(
  { issuerUrl, clientId, clientSecret }: IdentityProviderSettings,
  { allowHttp, fetch: outboundFetch }: { allowHttp: boolean; fetch: typeof fetch },
): Promise<oidc.Configuration> {
  // Every request the configuration makes (discovery, token, userinfo, keys) goes through the caller's fetch.
  const useFetch = (configuration: oidc.Configuration) => {
    configuration[oidc.customFetch] = (url, options) => outboundFetch(url, options as RequestInit);
  };
  const execute = [...(allowHttp ? [oidc.allowInsecureRequests] : []), useFetch];
  const discovered = await oidc.discovery(
    new URL(issuerUrl),
    clientId,
    { client_secret: clientSecret },
    oidc.ClientSecretBasic(clientSecret),
    {
      execute,
      timeout: requestTimeoutSeconds,
      [oidc.customFetch]: (url, options) => outboundFetch(url, options as RequestInit),
    },
  );
  const methods = discovered.serverMetadata().token_endpoint_auth_methods_supported;
  if (!methods || methods.includes('client_secret_basic') || !methods.includes('client_secret_post')) {
    return discovered;
  }
  const configuration = new oidc.Configuration(
    discovered.serverMetadata(),
    clientId,
    { client_secret: clientSecret },
    oidc.ClientSecretPost(clientSecret),
  );
  configuration.timeout = requestTimeoutSeconds;
  for (const apply of execute) apply(configuration);
  return configuration;
}

/**
 * Why a request to the identity provider failed, for the log: the error's kind and the provider's error code,
 * never the request (whose Authorization header carries the client secret).
 */
export function identityProviderFailure(error: unknown): Record<string, string | undefined> {
  if (!(error instanceof Error)) return { reason: String(error) };
  const details = error as Error & { code?: unknown; error?: unknown; error_description?: unknown };
  return {
    reason: error.name,
    code: typeof details.code === 'string' ? details.code : undefined,
    message: error.message,
    providerError: typeof details.error === 'string' ? details.error : undefined,
    providerErrorDescription:
      typeof details.error_description === 'string' ? details.error_description : undefined,
  };
}
