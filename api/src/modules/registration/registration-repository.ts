import type { RegistrationInputSchema } from '@dcipher/shared/contract';
import { freeTrialDays } from '@dcipher/shared/domain';
import type * as v from 'valibot';
import type { Database } from '../../db/database.js';
import { issueEmailVerificationToken } from './email-verification-tokens.js';

/** The sign-up form after validation (trimmed, email in lower case, empty optional fields left out). */
export type Registration = v.InferOutput<typeof RegistrationInputSchema>;

/** Thrown inside the transaction to roll the new organization back when the address already has an account. */
class EmailAlreadyRegistered extends Error {}

/**
 * Creates the organization (with its free trial) and the user as its active but unverified admin, and issues
 * the user's first verification token, all in one transaction. Answers the token, or undefined when the address
 * already has an account, in which case nothing is created. The unique email decides, so two sign-ups racing
 * for one address cannot both succeed.
 */
export async function createAccount(
  database: Database,
  registration: Registration,
  passwordHash: string,
): Promise<{ verificationToken: string; userId: string; organizationId: string } | undefined> {
  const isBusiness = registration.customerType === 'Business';
  try {
    return await database.transaction(async (transaction) => {
      const [organization] = await transaction.query<{ id: string }>(
        `insert into organizations (name, customer_type, company_size, trial_ends_at)
         values ($1, $2, $3, now() + $4::integer * interval '1 day')
         returning id`,
        [
          // A business is named after its company (required for it); an individual's organization is them.
          isBusiness && registration.company
            ? registration.company
            : `${registration.firstName} ${registration.lastName}`,
          registration.customerType,
          // The size band describes a business; an individual's employer is not their organization.
          isBusiness ? (registration.companySize ?? null) : null,
          freeTrialDays,
        ],
      );
      if (!organization) throw new Error('organization insert returned no row');

      const [user] = await transaction.query<{ id: string }>(
        `insert into users (email, first_name, last_name, phone, company, job_title, receive_emails,
                            password_hash, status, organization_id, role)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'Active', $9, 'admin')
         on conflict (email) do nothing
         returning id`,
        [
          registration.email,
          registration.firstName,
          registration.lastName,
          registration.phone ?? null,
          registration.company ?? null,
          registration.jobTitle ?? null,
          registration.receiveEmails,
          passwordHash,
          organization.id,
        ],
      );
      if (!user) throw new EmailAlreadyRegistered();
      return {
        verificationToken: await issueEmailVerificationToken(transaction, user.id),
        userId: user.id,
        organizationId: organization.id,
      };
    });
  } catch (error) {
    if (error instanceof EmailAlreadyRegistered) return undefined;
    throw error;
  }
}
