import { randomInt } from 'node:crypto';
import type { TwoFactorSetup, TwoFactorStatus } from '@dcipher/shared/contract';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Database, Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { hashOneTimeToken } from './one-time-tokens.js';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds; one step of clock drift either way. */
export const totpParameters = { issuer: 'Dcipher', algorithm: 'SHA1', digits: 6, period: 30 } as const;
const acceptedDriftSteps = 1;
export const recoveryCodeCount = 10;
const recoveryCodeAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** The app's view of a secret: the TOTP the library checks codes with and renders the otpauth URI from. */
export const totpFor = (email: string, base32Secret: string) =>
  new TOTP({ ...totpParameters, label: email, secret: Secret.fromBase32(base32Secret) });

/** Ten characters from a 31-letter alphabet without look-alikes (about 50 bits), shown as `abcde-fghjk`. */
function newRecoveryCode(): string {
  const characters = Array.from(
    { length: 10 },
    () => recoveryCodeAlphabet[randomInt(recoveryCodeAlphabet.length)],
  );
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
}

/** What is hashed: the code as the contract normalises typed input (no dash or spaces, lower case). */
const recoveryCodeHash = (code: string) => hashOneTimeToken(code.replace(/[\s-]+/g, '').toLowerCase());

interface StoredTwoFactor {
  secret: string | null;
  pendingSecret: string | null;
}

async function storedTwoFactor(database: Queryable, userId: string): Promise<StoredTwoFactor | undefined> {
  return db(database)
    .selectFrom('twoFactorSettings')
    .select(['secret', 'pendingSecret'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/**
 * Whether `code` is the user's current code (or one step either side), and spends its time step: a step is
 * taken only if it is later than the last one used, in one statement, so a code is never accepted twice.
 */
async function spendCode(database: Queryable, userId: string, email: string, secret: string, code: string) {
  const totp = totpFor(email, secret);
  const delta = totp.validate({ token: code, window: acceptedDriftSteps });
  if (delta === null) return false;
  // A bigint column: compared as the decimal text PostgreSQL reads it from (its rows come back as text too).
  const step = String(totp.counter() + delta);
  const spent = await db(database)
    .updateTable('twoFactorSettings')
    .set({ lastUsedStep: step, updatedAt: sql<Date>`now()` })
    .where('userId', '=', userId)
    .where(({ or, eb }) => or([eb('lastUsedStep', 'is', null), eb('lastUsedStep', '<', step)]))
    .returning('userId')
    .execute();
  return spent.length > 0;
}

export type EnableOutcome =
  | { outcome: 'enabled'; recoveryCodes: string[] }
  | { outcome: 'alreadyEnabled' | 'noPendingSecret' | 'wrongCode' };

/** Two-step verification with an authenticator app (docs/decisions/0025). */
export function createTwoFactor(database: Database) {
  return {
    async status(userId: string): Promise<TwoFactorStatus> {
      const row = await db(database)
        .selectNoFrom(({ exists, selectFrom }) => [
          exists(
            selectFrom('twoFactorSettings')
              .select(({ lit }) => lit(1).as('set'))
              .where('userId', '=', userId)
              .where('secret', 'is not', null),
          ).as('enabled'),
          selectFrom('twoFactorRecoveryCodes')
            .select(({ fn }) => fn.countAll<number>().as('count'))
            .where('userId', '=', userId)
            .where('usedAt', 'is', null)
            .as('remaining'),
        ])
        .executeTakeFirstOrThrow();
      const enabled = Boolean(row.enabled);
      return { enabled, recoveryCodesRemaining: enabled ? Number(row.remaining ?? 0) : 0 };
    },

    async isEnabled(userId: string): Promise<boolean> {
      return (await storedTwoFactor(database, userId))?.secret != null;
    },

    /** A new pending secret (replacing any earlier one); undefined when two-step verification is already on. */
    async setUp(userId: string, email: string): Promise<TwoFactorSetup | undefined> {
      if (await this.isEnabled(userId)) return undefined;
      const secret = new Secret({ size: 20 }).base32;
      await db(database)
        .insertInto('twoFactorSettings')
        .values({ userId, pendingSecret: secret })
        .onConflict((conflict) =>
          conflict.column('userId').doUpdateSet(({ ref }) => ({
            pendingSecret: ref('excluded.pendingSecret'),
            updatedAt: sql<Date>`now()`,
          })),
        )
        .execute();
      const otpauthUri = totpFor(email, secret).toString();
      const qrCodeSvg = await QRCode.toString(otpauthUri, {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 2,
      });
      return { secret, otpauthUri, qrCodeSvg };
    },

    /** Confirms the pending secret with a code from it; answers the ten recovery codes, which are kept hashed. */
    async enable(userId: string, email: string, code: string): Promise<EnableOutcome> {
      const stored = await storedTwoFactor(database, userId);
      if (stored?.secret) return { outcome: 'alreadyEnabled' };
      if (!stored?.pendingSecret) return { outcome: 'noPendingSecret' };
      if (!(await spendCode(database, userId, email, stored.pendingSecret, code)))
        return { outcome: 'wrongCode' };
      const recoveryCodes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
      await database.transaction(async (transaction) => {
        await db(transaction)
          .updateTable('twoFactorSettings')
          .set(({ ref }) => ({
            secret: ref('pendingSecret'),
            pendingSecret: null,
            enabledAt: sql<Date>`now()`,
            updatedAt: sql<Date>`now()`,
          }))
          .where('userId', '=', userId)
          .execute();
        await db(transaction).deleteFrom('twoFactorRecoveryCodes').where('userId', '=', userId).execute();
        await db(transaction)
          .insertInto('twoFactorRecoveryCodes')
          .values(recoveryCodes.map((recoveryCode) => ({ userId, codeHash: recoveryCodeHash(recoveryCode) })))
          .execute();
      });
      return { outcome: 'enabled', recoveryCodes };
    },

    /** Turns it off: the secret and every recovery code go. False when it was not on. */
    async disable(userId: string): Promise<boolean> {
      return database.transaction(async (transaction) => {
        const removed = await db(transaction)
          .deleteFrom('twoFactorSettings')
          .where('userId', '=', userId)
          .where('secret', 'is not', null)
          .returning('userId')
          .execute();
        await db(transaction).deleteFrom('twoFactorRecoveryCodes').where('userId', '=', userId).execute();
        return removed.length > 0;
      });
    },

    /** The sign-in's second step with the app's code: true once per code. */
    async verifyCode(userId: string, email: string, code: string): Promise<boolean> {
      const stored = await storedTwoFactor(database, userId);
      if (!stored?.secret) return false;
      return spendCode(database, userId, email, stored.secret, code);
    },

    /** The sign-in's second step with a recovery code: true once per code (it is spent in the same statement). */
    async spendRecoveryCode(userId: string, recoveryCode: string): Promise<boolean> {
      const spent = await db(database)
        .updateTable('twoFactorRecoveryCodes')
        .set({ usedAt: sql<Date>`now()` })
        .where('userId', '=', userId)
        .where('codeHash', '=', recoveryCodeHash(recoveryCode))
        .where('usedAt', 'is', null)
        .returning('id')
        .execute();
      return spent.length > 0;
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
