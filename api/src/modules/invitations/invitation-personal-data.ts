import { db } from '../../db/kysely.js';
import { findMember } from '../people/membership-repository.js';
import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

interface InvitationRow {
  userId: string | null;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
}

const dates = (row: InvitationRow) => ({
  sentAt: isoDate(row.createdAt),
  expiresAt: isoDate(row.expiresAt),
  acceptedAt: isoDate(row.acceptedAt),
});

/** The invitation the user accepted (or has pending), and those they sent as an admin. */
export const invitationPersonalData: PersonalDataSection = {
  name: 'invitations',
  async collect(database, { userId }) {
    const columns = ['userId', 'invitedBy', 'createdAt', 'expiresAt', 'acceptedAt'] as const;
    const received = await db(database)
      .selectFrom('invitations')
      .select(columns)
      .where('userId', '=', userId)
      .executeTakeFirst();
    const sent = await db(database)
      .selectFrom('invitations')
      .select(columns)
      .where('invitedBy', '=', userId)
      .orderBy('createdAt')
      .execute();
    const inviter = received?.invitedBy ? await findMember(database, received.invitedBy) : undefined;
    return {
      received: received ? { ...dates(received), invitedBy: inviter?.email ?? null } : null,
      sent: await Promise.all(
        sent.map(async (row) => {
          const invitee = row.userId ? await findMember(database, row.userId) : undefined;
          return { ...dates(row), email: invitee?.email ?? null, role: invitee?.role ?? null };
        }),
      ),
    };
  },
};
