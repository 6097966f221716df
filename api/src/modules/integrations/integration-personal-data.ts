import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/** The tools the user connected: which, when, and until when; that a token is held, never the token. */
export const integrationPersonalData: PersonalDataSection = {
  name: 'integrations',
  async collect(database, { userId }) {
    const rows = await database.query<{
      provider: string;
      teamId: string;
      scope: string | null;
      expiresAt: Date | null;
      savedAt: Date;
      hasRefreshToken: boolean;
    }>(
      `select provider, team_id as "teamId", scope, expires_at as "expiresAt", saved_at as "savedAt",
              refresh_token is not null as "hasRefreshToken"
       from integration_tokens where user_id = $1 order by saved_at`,
      [userId],
    );
    return rows.map((row) => ({
      provider: row.provider,
      teamId: row.teamId === '' ? null : row.teamId,
      scope: row.scope,
      hasAccessToken: true,
      hasRefreshToken: row.hasRefreshToken,
      expiresAt: isoDate(row.expiresAt),
      savedAt: isoDate(row.savedAt),
    }));
  },
};
