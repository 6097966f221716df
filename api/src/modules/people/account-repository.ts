import type { Account } from '@dcipher/shared/contract';
import type { Queryable } from '../../db/database.js';

interface AccountRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  company: string | null;
  jobTitle: string | null;
  receiveEmails: boolean;
  status: Account['status'];
  role: Account['role'];
  organizationId: string;
  organizationName: string;
  customerType: Account['organization']['customerType'];
  twoStepSetupRequired: boolean;
}

/** The profile fields a user edits themselves (`PUT /account`); the email changes through its own link. */
export interface ProfileChanges {
  firstName: string;
  lastName: string;
  phone: string | null;
  company: string | null;
  jobTitle: string | null;
  receiveEmails: boolean;
}

export async function updateProfile(
  database: Queryable,
  userId: string,
  changes: ProfileChanges,
): Promise<void> {
  await database.query(
    `update users
     set first_name = $2, last_name = $3, phone = $4, company = $5, job_title = $6, receive_emails = $7,
         updated_at = now()
     where id = $1`,
    [
      userId,
      changes.firstName,
      changes.lastName,
      changes.phone,
      changes.company,
      changes.jobTitle,
      changes.receiveEmails,
    ],
  );
}

export async function findAccount(database: Queryable, userId: string): Promise<Account | undefined> {
  const [row] = await database.query<AccountRow>(
    `select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.phone, u.company,
            u.job_title as "jobTitle", u.receive_emails as "receiveEmails", u.status, u.role,
            o.id as "organizationId", o.name as "organizationName", o.customer_type as "customerType",
            o.two_step_required and not exists (
              select 1 from two_factor_settings t where t.user_id = u.id and t.enabled_at is not null
            ) as "twoStepSetupRequired"
     from users u join organizations o on o.id = u.organization_id
     where u.id = $1`,
    [userId],
  );
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    company: row.company,
    jobTitle: row.jobTitle,
    receiveEmails: row.receiveEmails,
    status: row.status,
    organization: { id: row.organizationId, name: row.organizationName, customerType: row.customerType },
    role: row.role,
    twoStepSetupRequired: row.twoStepSetupRequired,
  };
}
