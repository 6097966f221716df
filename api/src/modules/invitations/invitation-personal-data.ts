import { findMember } from '../people/membership-repository.js';
import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

interface InvitationRow {
  userId: string;
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
    const columns = `user_id as "userId", invited_by as "invitedBy", created_at as "createdAt",
                     expires_at as "expiresAt", accepted_at as "acceptedAt"`;
    const [received] = await database.query<InvitationRow>(
      `select ${columns} from invitations where user_id = $1`,
      [userId],
    );
    const sent = await database.query<InvitationRow>(
      `select ${columns} from invitations where invited_by = $1 order by created_at`,
      [userId],
    );
    const inviter = received?.invitedBy ? await findMember(database, received.invitedBy) : undefined;
    return {
      received: received ? { ...dates(received), invitedBy: inviter?.email ?? null } : null,
      sent: await Promise.all(
        sent.map(async (row) => {
          const invitee = await findMember(database, row.userId);
          return { ...dates(row), email: invitee?.email ?? null, role: invitee?.role ?? null };
        }),
      ),
    };
  },
};
