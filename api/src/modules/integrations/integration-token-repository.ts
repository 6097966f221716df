import type { IntegrationAccessToken, IntegrationProvider } from '@dcipher/shared/contract';
import { sql } from 'kysely';
import type { OAuthTokens } from '../../adapters/integrations/oauth-provider.js';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';

/** Providers without teams (SurveyMonkey) are stored under this team id. */
const noTeam = '';

interface StoredToken {
  provider: IntegrationProvider;
  accessToken: string;
  expiresAt: Date | null;
  teamId: string;
}

/** What the client may see of a saved token: never the refresh token. */
const answerColumns = [
  'provider',
  'accessToken',
  'expiresAt',
  'teamId',
] as const satisfies readonly (keyof StoredToken)[];

const toAnswer = (row: StoredToken): IntegrationAccessToken => ({
  provider: row.provider,
  accessToken: row.accessToken,
  expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
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
  const row = await db(database)
    .insertInto('integrationTokens')
    .values({
      userId,
      provider,
      teamId: tokens.teamId ?? noTeam,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? null,
      expiresAt: tokens.expiresAt ?? null,
      scope: tokens.scope ?? null,
      savedAt: sql<Date>`now()`,
    })
    .onConflict((conflict) =>
      conflict.columns(['userId', 'provider', 'teamId']).doUpdateSet((eb) => ({
        accessToken: eb.ref('excluded.accessToken'),
        refreshToken: eb.ref('excluded.refreshToken'),
        expiresAt: eb.ref('excluded.expiresAt'),
        scope: eb.ref('excluded.scope'),
        savedAt: eb.ref('excluded.savedAt'),
      })),
    )
    .returning(answerColumns)
    .executeTakeFirstOrThrow();
  return toAnswer(row);
}

/** The user's saved access token for the provider and team, expired or not (the answer says when it expires). */
export async function findIntegrationToken(
  database: Queryable,
  userId: string,
  provider: IntegrationProvider,
  teamId: string = noTeam,
): Promise<IntegrationAccessToken | undefined> {
  const row = await db(database)
    .selectFrom('integrationTokens')
    .select(answerColumns)
    .where('userId', '=', userId)
    .where('provider', '=', provider)
    .where('teamId', '=', teamId)
    .executeTakeFirst();
  return row && toAnswer(row);
}
