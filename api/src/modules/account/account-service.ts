import type {
  Account,
  AccountProfileInputSchema,
  DeletionImpact,
  PersonalDataExport,
  UpdatedAccount,
} from '@dcipher/shared/contract';
import type * as v from 'valibot';
import { type Mailer, sendLoggingFailure } from '../../adapters/mailer/mailer.js';
import type { Database } from '../../db/database.js';
import { UnauthorizedError } from '../../http/api-error.js';
import type { AuthenticatedUser } from '../../http/register-endpoint.js';
import type { EmailChangeService } from '../email-change/email-change-service.js';
import { findPendingEmailChange } from '../email-change/email-change-tokens.js';
import {
  deleteOrganization,
  deleteUser,
  findOrganizationMembers,
  lockOrganizationName,
  planAccountDeletion,
} from '../people/account-deletion.js';
import { findAccount, updateProfile } from '../people/account-repository.js';
import { findOrganizationName } from '../people/organization-repository.js';
import type { PersonalDataSection, PersonalDataSubject } from '../personal-data/personal-data-section.js';
import { DeletionNotConfirmedError, LastAdminError } from './account-errors.js';
import { accountDeletedEmail, billingAtDeletion } from './deletion-billing.js';

type ProfileInput = v.InferOutput<typeof AccountProfileInputSchema>;

export interface AccountServiceDependencies {
  database: Database;
  emailChange: EmailChangeService;
  personalDataSections: readonly PersonalDataSection[];
  /** Reads for `getAccount` (GET /account): remembered per process until a change (decision 0069). */
  accounts?: { get(userId: string): Promise<Account | undefined> };
  /** Sends the deletion's confirmation (docs/decisions/0078); without it (some tests), none. */
  mailer?: Mailer;
  log?: { error(details: object, text: string): void };
}

/** The signed-in user's own account: profile, data export and deletion (docs/decisions/0024). */
export function createAccountService({
  database,
  emailChange,
  personalDataSections,
  accounts,
  mailer,
  log,
}: AccountServiceDependencies) {
  async function accountOf(userId: string) {
    const account = await findAccount(database, userId);
    // The user was there a moment ago when the token was checked; gone now means signed out.
    if (!account) throw new UnauthorizedError();
    return account;
  }

  /** Runs every section's `erase` for each person, in the deletion's transaction. */
  async function eraseSections(
    transaction: Parameters<NonNullable<PersonalDataSection['erase']>>[0],
    subjects: PersonalDataSubject[],
  ) {
    for (const subject of subjects) {
      for (const section of personalDataSections) await section.erase?.(transaction, subject);
    }
  }

  return {
    async getAccount(userId: string) {
      if (!accounts) return accountOf(userId);
      const account = await accounts.get(userId);
      if (!account) throw new UnauthorizedError();
      return account;
    },

    /**
     * Saves the profile fields at once; a new email is only requested: the link goes to it and the change
     * applies when it is opened. `pendingEmail` is answered whether or not the new address was free.
     */
    async updateAccount(user: AuthenticatedUser, input: ProfileInput): Promise<UpdatedAccount> {
      await updateProfile(database, user.id, {
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone ?? null,
        company: input.company ?? null,
        jobTitle: input.jobTitle ?? null,
        receiveEmails: input.receiveEmails,
      });
      const current = await accountOf(user.id);
      let pendingEmail: string | null = null;
      if (input.email !== current.email) {
        await emailChange.requestChangeBySignedInUser(current, input.email);
        pendingEmail = input.email;
      } else {
        pendingEmail = (await findPendingEmailChange(database, user.id)) ?? null;
      }
      return { ...current, pendingEmail };
    },

    /** Every section's data about the user, collected one after the other (one connection, no burst). */
    async exportPersonalData(user: AuthenticatedUser): Promise<PersonalDataExport> {
      const account = await accountOf(user.id);
      const subject = { userId: account.id, email: account.email, organizationId: account.organization.id };
      const sections: Record<string, unknown> = {};
      for (const section of personalDataSections)
        sections[section.name] = await section.collect(database, subject);
      return { exportedAt: new Date().toISOString(), sections };
    },

    /**
     * Deletes the account and everything about the user, in one transaction; an only member takes the
     * organization with them. The last admin of an organization with other members is refused (409).
     */
    async deleteAccount(user: AuthenticatedUser, confirmEmail: string): Promise<void> {
      if (confirmEmail !== user.email) throw new DeletionNotConfirmedError('confirmEmail');
      const impact = await database.transaction(async (transaction) => {
        const plan = await planAccountDeletion(transaction, user.id);
        if (!plan) throw new UnauthorizedError();
        if (plan.kind === 'lastAdmin') throw new LastAdminError(plan.organizationName);
        // What the deletion ends, read before it: the plan (cancelled with its rows), credits, add-ons (0078).
        const money = await billingAtDeletion(transaction, plan.organizationId);
        await eraseSections(transaction, [
          { userId: user.id, email: user.email, organizationId: plan.organizationId },
        ]);
        if (plan.kind === 'organization') await deleteOrganization(transaction, plan.organizationId);
        else await deleteUser(transaction, user.id);
        return { ...money, deletesOrganization: plan.kind === 'organization' };
      });
      if (mailer) await sendLoggingFailure(mailer, accountDeletedEmail(user.email, impact), log ?? console);
    },

    /** What deleting the account would do to the organization's plan, credits and add-ons (nothing changes). */
    async deletionImpact(user: AuthenticatedUser): Promise<DeletionImpact> {
      return database.transaction(async (transaction) => {
        const plan = await planAccountDeletion(transaction, user.id);
        if (!plan) throw new UnauthorizedError();
        const organizationName =
          plan.kind === 'lastAdmin'
            ? plan.organizationName
            : ((await findOrganizationName(transaction, plan.organizationId)) ?? '');
        return {
          deletesOrganization: plan.kind === 'organization',
          organizationName,
          ...(await billingAtDeletion(transaction, plan.organizationId)),
        };
      });
    },

    /** Deletes the user's organization with all its members and their data; its exact name confirms it. */
    async deleteOrganization(user: AuthenticatedUser, confirmName: string): Promise<void> {
      await database.transaction(async (transaction) => {
        const name = await lockOrganizationName(transaction, user.organizationId);
        if (name === undefined) throw new UnauthorizedError();
        if (confirmName !== name.trim()) throw new DeletionNotConfirmedError('confirmName');
        const members = await findOrganizationMembers(transaction, user.organizationId);
        await eraseSections(
          transaction,
          members.map((member) => ({
            userId: member.id,
            email: member.email,
            organizationId: user.organizationId,
          })),
        );
        await deleteOrganization(transaction, user.organizationId);
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
