import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { TooManyRequestsError } from '../../http/api-error.js';

/**
 * Progressive delay per account (docs/decisions/0013): 5 failed sign-ins in a row are free; after the 5th the
 * account's next attempt must wait 30 seconds, and each further failure doubles the wait, up to 15 minutes. A
 * success ends it; failures a day old are forgotten. Never a lockout: the owner can always sign in once the wait
 * is over, or reset the password, which also ends it.
 */
export const signInDelayPolicy = {
  failuresBeforeDelay: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  forgetFailuresAfterSeconds: 24 * 60 * 60,
} as const;

/** How long the next attempt waits after `failures` consecutive failures. */
export function signInDelaySeconds(failures: number): number {
  const { failuresBeforeDelay, firstDelaySeconds, maxDelaySeconds } = signInDelayPolicy;
  if (failures < failuresBeforeDelay) return 0;
  return Math.min(firstDelaySeconds * 2 ** (failures - failuresBeforeDelay), maxDelaySeconds);
}

/** An attempt on an account that is being delayed: 429, `Retry-After` and the wait in the message. */
export class SignInDelayedError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, { reason: 'signInAttempts', waitSeconds: retryAfterSeconds });
  }
}

/** How one process purges idle rows; only housekeeping, as a forgotten count is treated as none either way. */
const purgeIntervalMilliseconds = 10 * 60 * 1000;

/** When failures stop counting: a failure at or before it is forgotten (by the database's clock). */
const forgottenBefore = () =>
  sql<Date>`now() - ${signInDelayPolicy.forgetFailuresAfterSeconds}::integer * interval '1 second'`;

/** Rows are keyed by a hash of the address as typed (normalised), so unknown addresses are counted alike. */
const accountKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * A browser with a device cookie for the account (`device-cookies.ts`) is counted on its own row, under a hash
 * that no typed address can produce: its failures neither delay the account nor are delayed by it.
 */
const deviceKey = (userId: string, deviceId: string) =>
  createHash('sha256').update(`device\u0000${userId}\u0000${deviceId}`).digest('hex');

/**
 * Failed sign-ins per account, and per known browser of an account, in PostgreSQL so every replica sees them.
 * `admitAttempt` counts an attempt as a failure before the password is checked (so concurrent guesses cannot all
 * slip in before the count rises) and refuses it while the account is delayed; `clear` forgets the failures once
 * the password proved right. The `Device` variants do the same for one browser's own count (docs/decisions/0029).
 */
export function createSignInThrottle(database: Database) {
  let lastPurgeAt = 0;

  async function purgeForgottenFailures(): Promise<void> {
    lastPurgeAt = Date.now();
    await db(database)
      .deleteFrom('signInFailures')
      .where('lastFailureAt', '<=', forgottenBefore())
      .where((eb) => eb.or([eb('delayedUntil', 'is', null), eb('delayedUntil', '<=', sql<Date>`now()`)]))
      .execute();
  }

  async function admit(key: string): Promise<void> {
    if (Date.now() - lastPurgeAt >= purgeIntervalMilliseconds) await purgeForgottenFailures();
    const waitSeconds = await database.transaction(async (transaction) => {
      await db(transaction)
        .insertInto('signInFailures')
        .values({ accountKey: key, consecutiveFailures: 0, lastFailureAt: sql<Date>`now()` })
        .onConflict((conflict) => conflict.column('accountKey').doNothing())
        .execute();
      const row = await db(transaction)
        .selectFrom('signInFailures')
        .select((eb) => [
          'consecutiveFailures as failures',
          sql<number>`coalesce(ceil(extract(epoch from delayed_until - now())), 0)::integer`.as(
            'waitSeconds',
          ),
          eb('lastFailureAt', '<=', forgottenBefore()).as('forgotten'),
        ])
        .where('accountKey', '=', key)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new Error('sign-in failure row vanished inside its transaction');
      if (row.waitSeconds > 0) return row.waitSeconds;
      const failures = (row.forgotten ? 0 : row.failures) + 1;
      const delaySeconds = signInDelaySeconds(failures);
      await db(transaction)
        .updateTable('signInFailures')
        .set({
          consecutiveFailures: failures,
          lastFailureAt: sql<Date>`now()`,
          delayedUntil:
            delaySeconds > 0 ? sql<Date>`now() + ${delaySeconds}::integer * interval '1 second'` : null,
        })
        .where('accountKey', '=', key)
        .execute();
      return 0;
    });
    if (waitSeconds > 0) throw new SignInDelayedError(waitSeconds);
  }

  const forget = async (key: string) => {
    await db(database).deleteFrom('signInFailures').where('accountKey', '=', key).execute();
  };

  return {
    /**
     * Throws SignInDelayedError while the account's wait lasts (nothing is counted then, and no password should
     * be checked); otherwise counts this attempt as one more failure and, from the 5th, starts the next wait.
     */
    admitAttempt: (email: string) => admit(accountKey(email)),

    /** The password was right (or was just reset): the account's failures and any wait are forgotten. */
    clear: (email: string) => forget(accountKey(email)),

    /** As `admitAttempt`, for one known browser of the account: same numbers, its own count and wait. */
    admitDeviceAttempt: (userId: string, deviceId: string) => admit(deviceKey(userId, deviceId)),

    /** The known browser's sign-in succeeded: its own failures are forgotten (the account's are not). */
    clearDevice: (userId: string, deviceId: string) => forget(deviceKey(userId, deviceId)),

    purgeForgottenFailures,
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
