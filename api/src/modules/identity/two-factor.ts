import { randomInt } from 'node:crypto';
import type { TwoFactorSetup, TwoFactorStatus } from '@dcipher/shared/contract';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Database, Queryable } from '../../db/database.js';
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
  const [row] = await database.query<StoredTwoFactor>(
    `select secret, pending_secret as "pendingSecret" from two_factor_settings where user_id = $1`,
    [userId],
  );
  return row;
}

/**
 * Whether `code` is the user's current code (or one step either side), and spends its time step: a step is
 * taken only if it is later than the last one used, in one statement, so a code is never accepted twice.
 */
async function spendCode(database: Queryable, userId: string, email: string, secret: string, code: string) {
  const totp = totpFor(email, secret);
  const delta = totp.validate({ token: code, window: acceptedDriftSteps });
  if (delta === null) return false;
  const step = totp.counter() + delta;
  const spent = await database.query(
    `update two_factor_settings set last_used_step = $2, updated_at = now()
     where user_id = $1 and (last_used_step is null or last_used_step < $2) returning user_id`,
    [userId, step],
  );
  return spent.length > 0;
}

export type EnableOutcome =
  | { outcome: 'enabled'; recoveryCodes: string[] }
  | { outcome: 'alreadyEnabled' | 'noPendingSecret' | 'wrongCode' };

/** Two-step verification with an authenticator app (docs/decisions/0025). */
export function createTwoFactor(database: Database) {
  return {
    async status(userId: string): Promise<TwoFactorStatus> {
      const [row] = await database.query<{ enabled: boolean; remaining: number }>(
        `select exists (select 1 from two_factor_settings s where s.user_id = $1 and s.secret is not null)
                  as enabled,
                (select count(*)::integer from two_factor_recovery_codes c
                 where c.user_id = $1 and c.used_at is null) as remaining`,
        [userId],
      );
      const enabled = row?.enabled ?? false;
      return { enabled, recoveryCodesRemaining: enabled ? (row?.remaining ?? 0) : 0 };
    },

    async isEnabled(userId: string): Promise<boolean> {
      return (await storedTwoFactor(database, userId))?.secret != null;
    },

    /** A new pending secret (replacing any earlier one); undefined when two-step verification is already on. */
    async setUp(userId: string, email: string): Promise<TwoFactorSetup | undefined> {
      if (await this.isEnabled(userId)) return undefined;
      const secret = new Secret({ size: 20 }).base32;
      await database.query(
        `insert into two_factor_settings (user_id, pending_secret) values ($1, $2)
         on conflict (user_id) do update set pending_secret = excluded.pending_secret, updated_at = now()`,
        [userId, secret],
      );
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
        await transaction.query(
          `update two_factor_settings set secret = pending_secret, pending_secret = null, enabled_at = now(),
                  updated_at = now()
           where user_id = $1`,
          [userId],
        );
        await transaction.query('delete from two_factor_recovery_codes where user_id = $1', [userId]);
        for (const recoveryCode of recoveryCodes) {
          await transaction.query(
            'insert into two_factor_recovery_codes (user_id, code_hash) values ($1, $2)',
            [userId, recoveryCodeHash(recoveryCode)],
          );
        }
      });
      return { outcome: 'enabled', recoveryCodes };
    },

    /** Turns it off: the secret and every recovery code go. False when it was not on. */
    async disable(userId: string): Promise<boolean> {
      return database.transaction(async (transaction) => {
        const removed = await transaction.query(
          'delete from two_factor_settings where user_id = $1 and secret is not null returning user_id',
          [userId],
        );
        await transaction.query('delete from two_factor_recovery_codes where user_id = $1', [userId]);
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
      const spent = await database.query(
        `update two_factor_recovery_codes set used_at = now()
         where user_id = $1 and code_hash = $2 and used_at is null returning id`,
        [userId, recoveryCodeHash(recoveryCode)],
      );
      return spent.length > 0;
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
