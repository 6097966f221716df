import { freeTrialDays } from '@dcipher/shared/domain';
import type { Database } from '../../db/database.js';
import { hashOneTimeToken, newOneTimeToken } from '../identity/one-time-tokens.js';
import {
  claimOrganizationsDueTrialReactivation,
  findTrialReactivationAdmins,
  lockTrialState,
  restartTrial,
} from '../people/organization-repository.js';
import {
  deleteTrialReactivationTokens,
  insertTrialReactivationToken,
  lockTrialReactivationToken,
  spendTrialReactivationToken,
} from './trial-reactivation-token-repository.js';

/** How long an emailed trial reactivation link works. */
export const trialReactivationLinkLifetimeDays = 7;

/** An organization is emailed a reactivation link at most this often. */
export const trialReactivationEmailIntervalDays = 30;

/** One reactivation email to send: the admin's address and their link's token. */
export interface TrialReactivationLink {
  email: string;
  token: string;
}

/**
 * Claims every organization whose trial ended (before `endedBefore` too, when given) and that was not emailed in
 * the last 30 days and has an admin to email, records that it is emailed now, and issues a one-time token for each
 * of its eligible admins: 32 random bytes (base64url) of which only the SHA-256 is stored, valid 7 days by the
 * database's clock. All in one transaction; the claim is one `update`, so two runs at once cannot both email an
 * organization. Organizations without a trial end (the seeded demo and staff ones) count as active: never claimed.
 */
export async function issueTrialReactivationLinks(
  database: Database,
  endedBefore: Date | undefined,
): Promise<TrialReactivationLink[]> {
  return database.transaction(async (transaction) => {
    // Who may receive (and use) an organization's reactivation link: its verified, active, unsuspended admins.
    const organizations = await claimOrganizationsDueTrialReactivation(
      transaction,
      endedBefore,
      trialReactivationEmailIntervalDays,
    );
    if (organizations.length === 0) return [];

    const admins = await findTrialReactivationAdmins(
      transaction,
      organizations.map((organization) => organization.id),
    );
    // The admins' earlier links (at least 30 days old, so expired anyway) are cleared away.
    await deleteTrialReactivationTokens(
      transaction,
      admins.map((admin) => admin.id),
    );
    const links: TrialReactivationLink[] = [];
    for (const admin of admins) {
      const token = newOneTimeToken();
      await insertTrialReactivationToken(transaction, {
        organizationId: admin.organizationId,
        userId: admin.id,
        tokenHash: hashOneTimeToken(token),
        lifetimeDays: trialReactivationLinkLifetimeDays,
      });
      links.push({ email: admin.email, token });
    }
    return links;
  });
}

export type TrialReactivationResult =
  | { outcome: 'reactivated'; trialEndsAt: string }
  /** The organization's subscription or trial is active: nothing changes and the link stays unused. */
  | { outcome: 'alreadyActive' }
  /** Unknown, already used, expired, its admin no longer one (or suspended), or not a token at all. */
  | { outcome: 'invalid' };

/**
 * Spends the token and restarts its organization's free trial for 14 days from now, in one transaction (the
 * token and organization rows are locked, so two clicks cannot both restart it). An organization that has an
 * active subscription or trial keeps it, and the token stays unspent.
 */
export async function reactivateTrialWithToken(
  database: Database,
  token: string,
): Promise<TrialReactivationResult> {
  return database.transaction(async (transaction) => {
    const stored = await lockTrialReactivationToken(transaction, hashOneTimeToken(token));
    if (!stored?.unspent) return { outcome: 'invalid' };
    // Its admin must still be an eligible admin of the organization (verified, active, not suspended).
    const state = await lockTrialState(transaction, stored.organizationId, stored.userId);
    if (!state?.adminEligible) return { outcome: 'invalid' };
    if (state.active) return { outcome: 'alreadyActive' };

    await spendTrialReactivationToken(transaction, stored.id);
    const trialEndsAt = await restartTrial(transaction, stored.organizationId, freeTrialDays);
    if (!trialEndsAt) throw new Error('the organization of a trial reactivation token is gone');
    return { outcome: 'reactivated', trialEndsAt: trialEndsAt.toISOString() };
  });
}
