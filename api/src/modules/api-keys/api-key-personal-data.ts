import { db } from '../../db/kysely.js';
import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/**
 * The API keys the person created (they act as them): name, kind, the shown prefix and dates, never the hash.
 * Deleting the account deletes them (`created_by` cascades), which stops the integrations using them.
 */
export const apiKeyPersonalData: PersonalDataSection = {
  name: 'apiKeys',
  async collect(database, { userId }) {
    const rows = await db(database)
      .selectFrom('apiKeys')
      .select(['name', 'kind', 'prefix', 'createdAt', 'rotatedAt', 'lastUsedAt'])
      .where('createdBy', '=', userId)
      .orderBy('createdAt')
      .execute();
    return rows.map((row) => ({
      ...row,
      createdAt: isoDate(row.createdAt),
      rotatedAt: isoDate(row.rotatedAt),
      lastUsedAt: isoDate(row.lastUsedAt),
    }));
  },
};
