import { db } from '../../db/kysely.js';
import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/**
 * The workflows the person owns (name, type, dates), the runs they started and the files they uploaded (name,
 * format, size, date; not the contents, which are the organization's data). Deleting the account deletes the
 * workflows they own (their resources cascade); runs and uploads stay the organization's, without their name.
 */
export const flowPersonalData: PersonalDataSection = {
  name: 'workflows',
  async collect(database, { userId }) {
    const owned = await db(database)
      .selectFrom('flows')
      .innerJoin('resources', 'resources.id', 'flows.id')
      .select(['resources.name', 'flows.flowType', 'flows.createdAt', 'flows.updatedAt'])
      .where('resources.ownerUserId', '=', userId)
      .orderBy('flows.createdAt')
      .execute();
    const runs = await db(database)
      .selectFrom('flowRuns')
      .innerJoin('resources', 'resources.id', 'flowRuns.flowId')
      .select(['resources.name as workflow', 'flowRuns.number', 'flowRuns.state', 'flowRuns.createdAt'])
      .where('flowRuns.startedBy', '=', userId)
      .orderBy('flowRuns.createdAt')
      .execute();
    const uploads = await db(database)
      .selectFrom('flowUploads')
      .select(['fileName', 'format', 'byteCount', 'createdAt'])
      .where('uploadedBy', '=', userId)
      .orderBy('createdAt')
      .execute();
    return {
      owned: owned.map((row) => ({
        ...row,
        createdAt: isoDate(row.createdAt),
        updatedAt: isoDate(row.updatedAt),
      })),
      runsStarted: runs.map((row) => ({ ...row, createdAt: isoDate(row.createdAt) })),
      uploads: uploads.map((row) => ({ ...row, createdAt: isoDate(row.createdAt) })),
    };
  },
};
