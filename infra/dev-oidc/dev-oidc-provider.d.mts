export interface DevOidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  /** `client_secret_basic` unless given. */
  token_endpoint_auth_method?: 'client_secret_basic' | 'client_secret_post';
}

export interface DevOidcProviderOptions {
  /** 0 (the default) picks a free port; the provider listens on 127.0.0.1 only. */
  port?: number;
  clients?: DevOidcClient[];
  /** Per email, claims that replace the derived ones; a claim set to `undefined` is left out. */
  accounts?: Record<string, Record<string, unknown>>;
  /** false: the ID token carries only `sub`, the email comes from the userinfo endpoint. Default true. */
  emailInIdToken?: boolean;
}

export interface DevOidcProvider {
  /** `http://127.0.0.1:<port>`, the issuer identifier (discovery at `{issuer}/.well-known/openid-configuration`). */
  issuer: string;
  stop(): Promise<void>;
}

/**
 * A loopback OpenID Connect provider for development and tests: its sign-in page has an "Email" field and a
 * "Continue" button that signs in as that email (no password); consent is automatic and PKCE is required.
 */
export function startDevOidcProvider(options?: DevOidcProviderOptions): Promise<DevOidcProvider>;
