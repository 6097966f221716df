import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/**
 * The API keys the person created (they act as them): name, kind, the shown prefix and dates, never the hash.
 * Deleting the account deletes them (`created_by` cascades), which stops the integrations using them.
 */
export const apiKeyPersonalData: PersonalDataSection = {
  name: 'apiKeys',
  async collect(database, { userId }) {
    const rows = await database.query<{
      name: string;
      kind: string;
      prefix: string;
      createdAt: Date;
      rotatedAt: Date | null;
      lastUsedAt: Date | null;
    }>(
      `select name, kind, prefix, created_at as "createdAt", rotated_at as "rotatedAt",
              last_used_at as "lastUsedAt"
       from api_keys where created_by = $1 order by created_at`,
      [userId],
    );
    return rows.map((row) => ({
      ...row,
      createdAt: isoDate(row.createdAt),
      rotatedAt: isoDate(row.rotatedAt),
      lastUsedAt: isoDate(row.lastUsedAt),
    }));
  },
};
