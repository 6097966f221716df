import type { RegistrationInputSchema } from '@dcipher/shared/contract';
import { freeTrialDays } from '@dcipher/shared/domain';
import type * as v from 'valibot';
import type { Database } from '../../db/database.js';
import { createStarterFlow } from '../flows/flows-starter.js';
import { keepInvitationAsOffer } from '../invitations/invitation-repository.js';
import { lockInviteeByEmail } from '../people/membership-repository.js';
import { createOrganization, saveSignupPlan } from '../people/organization-repository.js';
import { insertUser } from '../people/user-repository.js';
import { chooseOrganizationCurrency } from '../subscriptions/subscription-repository.js';
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
      // Someone invited who signs up on their own instead (docs/decisions/0035): an address has one user, so the
      // invited user row gives way to the new account, and the invitation, kept, stays an offer to that account.
      // An invitation never blocks its address.
      const invitee = await lockInviteeByEmail(transaction, registration.email);
      const keptInvitation = invitee ? await keepInvitationAsOffer(transaction, invitee.id) : undefined;
      const organization = await createOrganization(transaction, {
        // A business is named after its company (required for it); an individual's organization is them.
        name:
          isBusiness && registration.company
            ? registration.company
            : `${registration.firstName} ${registration.lastName}`,
        customerType: registration.customerType,
        // The size band describes a business; an individual's employer is not their organization.
        companySize: isBusiness ? (registration.companySize ?? null) : null,
        trialDays: freeTrialDays,
      });
      // The pricing page's currency, carried through sign-up: the organization pays in it (docs/decisions/0078).
      if (registration.currency) {
        await chooseOrganizationCurrency(transaction, organization.id, registration.currency);
      }
      // The pricing page's plan: the trial is of it (docs/decisions/0085); another type's plan is not kept.
      if (registration.plan) await saveSignupPlan(transaction, organization.id, registration.plan);

      const user = await insertUser(transaction, {
        email: registration.email,
        firstName: registration.firstName,
        lastName: registration.lastName,
        phone: registration.phone ?? null,
        company: registration.company ?? null,
        jobTitle: registration.jobTitle ?? null,
        receiveEmails: registration.receiveEmails,
        passwordHash,
        status: 'Active',
        organizationId: organization.id,
        role: 'admin',
      });
      if (!user) throw new EmailAlreadyRegistered();
      await keptInvitation?.attachTo(user.id);
      // "Try it" in the workflow store: the workflow is there, with its sample, on the first visit (0071).
      if (registration.workflow) {
        await createStarterFlow(transaction, {
          organizationId: organization.id,
          ownerUserId: user.id,
          predefinedFlowId: registration.workflow,
        });
      }
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
