import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/** The user's profile, consent and account state as the `users` row holds them (not the password hash). */
export const profilePersonalData: PersonalDataSection = {
  name: 'profile',
  async collect(database, { userId }) {
    const [row] = await database.query<Record<string, unknown>>(
      `select id, email, first_name as "firstName", last_name as "lastName", phone, company,
              job_title as "jobTitle", receive_emails as "receiveEmails", status, role,
              password_hash is not null as "hasPassword", requires_password_change as "requiresPasswordChange",
              email_verified_at as "emailVerifiedAt", suspended_at as "suspendedAt",
              internal_admin as "internalAdmin", created_at as "createdAt", updated_at as "updatedAt"
       from users where id = $1`,
      [userId],
    );
    if (!row) return null;
    for (const key of ['emailVerifiedAt', 'suspendedAt', 'createdAt', 'updatedAt']) {
      row[key] = isoDate(row[key] as Date | null);
    }
    return row;
  },
};

/** The organization the user belongs to, and their role in it. */
export const organizationPersonalData: PersonalDataSection = {
  name: 'organization',
  async collect(database, { userId }) {
    const [row] = await database.query<{
      id: string;
      name: string;
      customerType: string;
      companySize: string | null;
      trialEndsAt: Date | null;
      createdAt: Date;
      role: string;
    }>(
      `select organizations.id, organizations.name, organizations.customer_type as "customerType",
              organizations.company_size as "companySize", organizations.trial_ends_at as "trialEndsAt",
              organizations.created_at as "createdAt", users.role
       from users join organizations on organizations.id = users.organization_id
       where users.id = $1`,
      [userId],
    );
    return (
      row && { ...row, trialEndsAt: isoDate(row.trialEndsAt), createdAt: isoDate(row.createdAt) ?? undefined }
    );
  },
};
