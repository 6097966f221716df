import type { IntegrationAccessToken, IntegrationProvider } from '@dcipher/shared/contract';
import type { OAuthTokens } from '../../adapters/integrations/oauth-provider.js';
import type { Queryable } from '../../db/database.js';

/** Providers without teams (SurveyMonkey) are stored under this team id. */
const noTeam = '';

interface StoredToken {
  provider: IntegrationProvider;
  accessToken: string;
  expiresAt: Date | null;
  teamId: string;
}

const toAnswer = (row: StoredToken): IntegrationAccessToken => ({
  provider: row.provider,
  accessToken: row.accessToken,
  expiresAt: row.expiresAt ? new Date(row.expiresAt).toISOString() : null,
  teamId: row.teamId === noTeam ? null : row.teamId,
});

/**
 * Saves what an exchange gave, replacing the user's earlier tokens for the provider (and Miro team), and answers
 * what the client may see: the access token and its expiry, never the refresh token.
 */
export async function saveIntegrationTokens(
  database: Queryable,
  userId: string,
  provider: IntegrationProvider,
  tokens: OAuthTokens,
): Promise<IntegrationAccessToken> {
  const [row] = await database.query<StoredToken>(
    `insert into integration_tokens as saved
       (user_id, provider, team_id, access_token, refresh_token, expires_at, scope, saved_at)
     values ($1, $2, $3, $4, $5, $6, $7, now())
     on conflict (user_id, provider, team_id) do update set
       access_token = excluded.access_token, refresh_token = excluded.refresh_token,
       expires_at = excluded.expires_at, scope = excluded.scope, saved_at = excluded.saved_at
     returning provider, access_token as "accessToken", expires_at as "expiresAt", team_id as "teamId"`,
    [
      userId,
      provider,
      tokens.teamId ?? noTeam,
      tokens.accessToken,
      tokens.refreshToken ?? null,
      tokens.expiresAt?.toISOString() ?? null,
      tokens.scope ?? null,
    ],
  );
  if (!row) throw new Error('integration token upsert returned no row');
  return toAnswer(row);
}

/** The user's saved access token for the provider and team, expired or not (the answer says when it expires). */
export async function findIntegrationToken(
  database: Queryable,
  userId: string,
  provider: IntegrationProvider,
  teamId: string = noTeam,
): Promise<IntegrationAccessToken | undefined> {
  const [row] = await database.query<StoredToken>(
    `select provider, access_token as "accessToken", expires_at as "expiresAt", team_id as "teamId"
     from integration_tokens where user_id = $1 and provider = $2 and team_id = $3`,
    [userId, provider, teamId],
  );
  return row && toAnswer(row);
}
