import { createHash, randomBytes } from 'node:crypto';

/**
 * A new one-time token (refresh tokens, emailed links, SSO state): 32 random bytes as base64url, 43 characters,
 * safe in a URL.
 */
export const newOneTimeToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a one-time token: its SHA-256 in hex, so a leaked table holds no working token. */
export const hashOneTimeToken = (token: string): string => createHash('sha256').update(token).digest('hex');
