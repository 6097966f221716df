import { freeTrialDays } from '@dcipher/shared/domain';
import type { Database } from '../../db/database.js';
import { hashOneTimeToken, newOneTimeToken } from '../identity/one-time-tokens.js';

/** How long an emailed trial reactivation link works. */
export const trialReactivationLinkLifetimeDays = 7;

/** An organization is emailed a reactivation link at most this often. */
export const trialReactivationEmailIntervalDays = 30;

/** Who may receive (and use) an organization's reactivation link: its verified, active, unsuspended admins. */
const eligibleAdmin = (alias: string) => `
  ${alias}.role = 'admin' and ${alias}.status = 'Active' and ${alias}.email_verified_at is not null
  and ${alias}.suspended_at is null`;

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
    const organizations = await transaction.query<{ id: string }>(
      `update organizations organization set trial_reactivation_emailed_at = now()
       where organization.trial_ends_at <= now()
         and ($1::timestamptz is null or organization.trial_ends_at < $1::timestamptz)
         and (organization.trial_reactivation_emailed_at is null
              or organization.trial_reactivation_emailed_at <= now() - $2::integer * interval '1 day')
         and exists (select 1 from users admin where admin.organization_id = organization.id
                     and ${eligibleAdmin('admin')})
       returning organization.id`,
      [endedBefore?.toISOString() ?? null, trialReactivationEmailIntervalDays],
    );
    if (organizations.length === 0) return [];

    const admins = await transaction.query<{ id: string; email: string; organizationId: string }>(
      `select admin.id, admin.email, admin.organization_id as "organizationId"
       from users admin
       where admin.organization_id = any($1::uuid[]) and ${eligibleAdmin('admin')}
       order by admin.email`,
      [organizations.map((organization) => organization.id)],
    );
    // The admins' earlier links (at least 30 days old, so expired anyway) are cleared away.
    await transaction.query('delete from trial_reactivation_tokens where user_id = any($1::uuid[])', [
      admins.map((admin) => admin.id),
    ]);
    const links: TrialReactivationLink[] = [];
    for (const admin of admins) {
      const token = newOneTimeToken();
      await transaction.query(
        `insert into trial_reactivation_tokens (organization_id, user_id, token_hash, expires_at)
         values ($1, $2, $3, now() + $4::integer * interval '1 day')`,
        [admin.organizationId, admin.id, hashOneTimeToken(token), trialReactivationLinkLifetimeDays],
      );
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
    const [stored] = await transaction.query<{
      id: string;
      organizationId: string;
      usable: boolean;
      active: boolean;
    }>(
      `select token.id, token.organization_id as "organizationId",
              token.used_at is null and token.expires_at > now() and ${eligibleAdmin('admin')} as usable,
              organization.trial_ends_at is null or organization.trial_ends_at > now() as active
       from trial_reactivation_tokens token
         join users admin on admin.id = token.user_id and admin.organization_id = token.organization_id
         join organizations organization on organization.id = token.organization_id
       where token.token_hash = $1
       for update of token, organization`,
      [hashOneTimeToken(token)],
    );
    if (!stored?.usable) return { outcome: 'invalid' };
    if (stored.active) return { outcome: 'alreadyActive' };

    await transaction.query('update trial_reactivation_tokens set used_at = now() where id = $1', [
      stored.id,
    ]);
    const [organization] = await transaction.query<{ trialEndsAt: Date | string }>(
      `update organizations set trial_ends_at = now() + $2::integer * interval '1 day'
       where id = $1 returning trial_ends_at as "trialEndsAt"`,
      [stored.organizationId, freeTrialDays],
    );
    if (!organization) throw new Error('the organization of a trial reactivation token is gone');
    return { outcome: 'reactivated', trialEndsAt: new Date(organization.trialEndsAt).toISOString() };
  });
}
