import { db } from '../../db/kysely.js';
import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/** The tools the user connected: which, when, and until when; that a token is held, never the token. */
export const integrationPersonalData: PersonalDataSection = {
  name: 'integrations',
  async collect(database, { userId }) {
    const rows = await db(database)
      .selectFrom('integrationTokens')
      .select((eb) => [
        'provider',
        'teamId',
        'scope',
        'expiresAt',
        'savedAt',
        eb('refreshToken', 'is not', null).as('hasRefreshToken'),
      ])
      .where('userId', '=', userId)
      .orderBy('savedAt')
      .execute();
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
