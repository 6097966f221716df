import { sql } from 'kysely';
import type { Database, Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import {
  type EmailCandidate,
  findLongUnverifiedUsers,
  findMarketingCandidates,
  withdrawMarketingConsent,
} from '../people/user-repository.js';

/** A user an email is due to. */
export interface Recipient {
  id: string;
  email: string;
}

/** The one-time emails `email_campaign_deliveries` remembers, by their campaign key. */
export const campaigns = {
  discoverDcipher: 'discover-dcipher',
  emailVerificationReminder: 'email-verification-reminder',
  featureUpdates: (campaign: string) => `feature-updates/${campaign}`,
} as const;

/** The candidates who have not had `campaign` yet, in the candidates' order. */
async function notYetSent(
  database: Queryable,
  candidates: EmailCandidate[],
  campaign: string,
): Promise<EmailCandidate[]> {
  if (candidates.length === 0) return [];
  const candidateIds = candidates.map((candidate) => candidate.id);
  const sent = await db(database)
    .selectFrom('emailCampaignDeliveries')
    .select('userId')
    .where('campaign', '=', campaign)
    .where('userId', '=', (eb) => eb.fn.any(sql<string[]>`${candidateIds}::uuid[]`))
    .execute();
  const sentTo = new Set(sent.map((row) => row.userId));
  return candidates.filter((candidate) => !sentTo.has(candidate.id));
}

/**
 * Who may get marketing email: an active, verified, not suspended user who opted in at sign-up
 * (`receive_emails`), and whose address was not unsubscribed since. An unsubscribe dated before the account was
 * created does not count: signing up with the box ticked is newer consent than an old "no" given as a lead.
 * (Unsubscribing an existing user also clears their `receive_emails`.) Only those who have not had `campaign`,
 * and who signed up in the last `signedUpWithinDays` when given.
 */
export async function findMarketingRecipients(
  database: Queryable,
  campaign: string,
  { signedUpWithinDays }: { signedUpWithinDays?: number } = {},
): Promise<Recipient[]> {
  const candidates = await findMarketingCandidates(database, { signedUpWithinDays });
  if (candidates.length === 0) return [];
  const candidateEmails = candidates.map((candidate) => candidate.email);
  const unsubscribes = await db(database)
    .selectFrom('emailUnsubscribes')
    .select(['email', 'unsubscribedAt'])
    .where('email', '=', (eb) => eb.fn.any(sql<string[]>`${candidateEmails}::text[]`))
    .execute();
  const unsubscribedAt = new Map(unsubscribes.map((row) => [row.email, row.unsubscribedAt]));
  const consenting = candidates.filter((candidate) => {
    const since = unsubscribedAt.get(candidate.email);
    return !since || since < new Date(candidate.createdAt);
  });
  return (await notYetSent(database, consenting, campaign)).map(({ id, email }) => ({ id, email }));
}

/**
 * Users who signed up more than `afterHours` ago and still have not confirmed their address, and were not
 * reminded yet. Consent plays no part: the reminder is about their account, not marketing.
 */
export async function findUnverifiedRecipients(
  database: Queryable,
  afterHours: number,
): Promise<Recipient[]> {
  const candidates = await findLongUnverifiedUsers(database, afterHours);
  return (await notYetSent(database, candidates, campaigns.emailVerificationReminder)).map(
    ({ id, email }) => ({
      id,
      email,
    }),
  );
}

/**
 * Marks `campaign` as sent to the user before sending; false when it already was (by an earlier run, or one
 * running at the same time), in which case the caller sends nothing.
 */
export async function claimDelivery(database: Queryable, userId: string, campaign: string): Promise<boolean> {
  const claimed = await db(database)
    .insertInto('emailCampaignDeliveries')
    .values({ userId, campaign })
    .onConflict((conflict) => conflict.doNothing())
    .returning('userId')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Undoes a claim whose email could not be sent, so the next run tries again. */
export async function releaseDelivery(database: Queryable, userId: string, campaign: string): Promise<void> {
  await db(database)
    .deleteFrom('emailCampaignDeliveries')
    .where('userId', '=', userId)
    .where('campaign', '=', campaign)
    .execute();
}

/**
 * Puts the address on the unsubscribe list (keeping the first date) and clears the opt-in of the user who has
 * it, if any. Running it again changes nothing.
 */
export async function unsubscribeAddress(database: Database, email: string): Promise<void> {
  await database.transaction(async (transaction) => {
    await db(transaction)
      .insertInto('emailUnsubscribes')
      .values({ email })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .execute();
    await withdrawMarketingConsent(transaction, email);
  });
}
