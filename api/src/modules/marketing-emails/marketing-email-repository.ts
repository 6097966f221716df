import type { Database, Queryable } from '../../db/database.js';

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

/**
 * Who may get marketing email: an active, verified, not suspended user who opted in at sign-up
 * (`receive_emails`), and whose address was not unsubscribed since. An unsubscribe dated before the account was
 * created does not count: signing up with the box ticked is newer consent than an old "no" given as a lead.
 * (Unsubscribing an existing user also clears their `receive_emails`.)
 */
const consentingUser = /* sql */ `
  users.status = 'Active'
  and users.receive_emails
  and users.email_verified_at is not null
  and users.suspended_at is null
  and not exists (
    select 1 from email_unsubscribes
    where email_unsubscribes.email = users.email and email_unsubscribes.unsubscribed_at >= users.created_at
  )`;

const notYetSent = /* sql */ `
  not exists (
    select 1 from email_campaign_deliveries delivery
    where delivery.user_id = users.id and delivery.campaign = $1
  )`;

/** Consenting users who have not had `campaign`; only those who signed up in the last `signedUpWithinDays`. */
export function findMarketingRecipients(
  database: Queryable,
  campaign: string,
  { signedUpWithinDays }: { signedUpWithinDays?: number } = {},
): Promise<Recipient[]> {
  return database.query<Recipient>(
    `select users.id, users.email from users
     where ${consentingUser} and ${notYetSent}
       and ($2::integer is null or users.created_at > now() - $2::integer * interval '1 day')
     order by users.created_at, users.id`,
    [campaign, signedUpWithinDays ?? null],
  );
}

/**
 * Users who signed up more than `afterHours` ago and still have not confirmed their address, and were not
 * reminded yet. Consent plays no part: the reminder is about their account, not marketing.
 */
export function findUnverifiedRecipients(database: Queryable, afterHours: number): Promise<Recipient[]> {
  return database.query<Recipient>(
    `select users.id, users.email from users
     where users.status = 'Active'
       and users.email_verified_at is null
       and users.suspended_at is null
       and users.created_at <= now() - $2::integer * interval '1 hour'
       and ${notYetSent}
     order by users.created_at, users.id`,
    [campaigns.emailVerificationReminder, afterHours],
  );
}

/**
 * Marks `campaign` as sent to the user before sending; false when it already was (by an earlier run, or one
 * running at the same time), in which case the caller sends nothing.
 */
export async function claimDelivery(database: Queryable, userId: string, campaign: string): Promise<boolean> {
  const claimed = await database.query(
    `insert into email_campaign_deliveries (user_id, campaign) values ($1, $2)
     on conflict do nothing returning user_id`,
    [userId, campaign],
  );
  return claimed.length > 0;
}

/** Undoes a claim whose email could not be sent, so the next run tries again. */
export async function releaseDelivery(database: Queryable, userId: string, campaign: string): Promise<void> {
  await database.query('delete from email_campaign_deliveries where user_id = $1 and campaign = $2', [
    userId,
    campaign,
  ]);
}

/**
 * Puts the address on the unsubscribe list (keeping the first date) and clears the opt-in of the user who has
 * it, if any. Running it again changes nothing.
 */
export async function unsubscribeAddress(database: Database, email: string): Promise<void> {
  await database.transaction(async (transaction) => {
    await transaction.query(
      'insert into email_unsubscribes (email) values ($1) on conflict (email) do nothing',
      [email],
    );
    await transaction.query(
      'update users set receive_emails = false, updated_at = now() where email = $1 and receive_emails',
      [email],
    );
  });
}
