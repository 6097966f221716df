// The access token is kept under its storage key and in a cookie (spec section 3). Cookies are SameSite=None and
// Secure on the product domain with a leading dot, host-only on localhost; a failing write is silently ignored.
// The refresh token is not: the API keeps it in an HttpOnly cookie no script can read (docs/decisions/0032). Its
// old storage key is only ever removed, so a session stored by an earlier version leaves nothing behind.

export const tokenStorageKeys = {
  accessToken: 'dcipher.accessToken',
  /** Written by earlier versions; cleared, never written. */
  refreshToken: 'dcipher.refreshToken',
} as const;

export interface StoredTokens {
  accessToken?: string;
}

export interface TokenStorageOptions {
  /** The product domain, e.g. "dcipher.io"; "localhost" gives host-only cookies. */
  cookieDomain: string;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  document?: Pick<Document, 'cookie'>;
}

export function cookieAttributes(cookieDomain: string, maxAgeSeconds: number): string {
  const isLocal = cookieDomain === 'localhost' || /^[\d.]+$/.test(cookieDomain);
  const domain = isLocal ? '' : `; Domain=.${cookieDomain.replace(/^\./, '')}`;
  return `; Path=/${domain}; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; SameSite=None; Secure`;
}

function ignoringFailure(write: () => void): void {
  try {
    write();
  } catch {
    // Storage may be full or blocked (private mode, cookie policy): the session still works in memory.
  }
}

export function createTokenStorage(options: TokenStorageOptions) {
  const storage = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  const doc = options.document ?? (typeof document === 'undefined' ? undefined : document);

  const writeCookie = (name: string, value: string, maxAgeSeconds: number) =>
    ignoringFailure(() => {
      if (doc)
        doc.cookie = `${name}=${encodeURIComponent(value)}${cookieAttributes(options.cookieDomain, maxAgeSeconds)}`;
    });

  const readCookie = (name: string): string | undefined => {
    try {
      const match = doc?.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
      return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
    } catch {
      return undefined;
    }
  };

  const read = (key: string): string | undefined => {
    try {
      return storage?.getItem(key) ?? readCookie(key);
    } catch {
      return readCookie(key);
    }
  };

  const removeLegacyRefreshToken = () => {
    if (read(tokenStorageKeys.refreshToken) === undefined) return;
    ignoringFailure(() => storage?.removeItem(tokenStorageKeys.refreshToken));
    writeCookie(tokenStorageKeys.refreshToken, '', 0);
  };

  return {
    read(): StoredTokens {
      removeLegacyRefreshToken();
      const accessToken = read(tokenStorageKeys.accessToken);
      return accessToken ? { accessToken } : {};
    },
    /** Kept as long as the session (the refresh cookie) lives, so a returning visitor is known to have one. */
    save(tokens: Required<StoredTokens>, refreshLifetimeSeconds: number): void {
      ignoringFailure(() => storage?.setItem(tokenStorageKeys.accessToken, tokens.accessToken));
      writeCookie(tokenStorageKeys.accessToken, tokens.accessToken, refreshLifetimeSeconds);
    },
    clear(): void {
      for (const key of Object.values(tokenStorageKeys)) {
        ignoringFailure(() => storage?.removeItem(key));
        writeCookie(key, '', 0);
      }
    },
  };
}

export type TokenStorage = ReturnType<typeof createTokenStorage>;
