import type { Database, Queryable } from '../../db/database.js';
import { hashOneTimeToken, newOneTimeToken } from '../identity/one-time-tokens.js';

/** How long the user has at the identity provider before the state stops working. */
export const ssoLoginAttemptLifetimeMinutes = 10;

export interface SsoLoginAttempt {
  organizationId: string;
  codeVerifier: string;
  nonce: string;
}

/**
 * Stores a new attempt and answers its state: 32 random bytes (base64url) of which only the SHA-256 is kept, like
 * every one-time token here. Attempts that ended more than a day ago are deleted on the way.
 */
export async function createSsoLoginAttempt(database: Queryable, attempt: SsoLoginAttempt): Promise<string> {
  const state = newOneTimeToken();
  await database.query(`delete from sso_login_attempts where expires_at < now() - interval '1 day'`);
  await database.query(
    `insert into sso_login_attempts (state_hash, organization_id, code_verifier, nonce, expires_at)
     values ($1, $2, $3, $4, now() + $5::integer * interval '1 minute')`,
    [
      hashOneTimeToken(state),
      attempt.organizationId,
      attempt.codeVerifier,
      attempt.nonce,
      ssoLoginAttemptLifetimeMinutes,
    ],
  );
  return state;
}

/**
 * Spends the attempt `state` names, once: undefined when it is unknown, already used or expired. Spent before the
 * code is redeemed, so a replayed callback fails even while the first is still talking to the identity provider.
 */
export async function spendSsoLoginAttempt(
  database: Database,
  state: string,
): Promise<SsoLoginAttempt | undefined> {
  const [attempt] = await database.query<SsoLoginAttempt>(
    `update sso_login_attempts set used_at = now()
     where state_hash = $1 and used_at is null and expires_at > now()
     returning organization_id as "organizationId", code_verifier as "codeVerifier", nonce`,
    [hashOneTimeToken(state)],
  );
  return attempt;
}
