import type { FastifyBaseLogger } from 'fastify';
import { type EmailMessage, type Mailer, sendLoggingFailure } from '../../adapters/mailer/mailer.js';
import type { Database } from '../../db/database.js';
import { ValidationError } from '../../http/api-error.js';
import type { RateLimiter, RateLimitRule } from '../abuse/rate-limiter.js';
import type { SignInThrottle } from '../abuse/sign-in-throttle.js';
import { passwordChangedNotice } from '../identity/password-changed-notice.js';
import type { PasswordHasher } from '../identity/password-hasher.js';
import type { RefreshTokenStore } from '../identity/refresh-token-store.js';
import { findInvitingOrganization } from '../people/membership-repository.js';
import { replacePassword } from '../people/user-repository.js';
import {
  findPasswordResetToken,
  issuePasswordResetToken,
  spendPasswordResetToken,
} from './password-reset-tokens.js';
import { invitedWithoutPasswordEmail, passwordResetEmail } from './recovery-emails.js';
import { ResetLinkExpiredError, ResetLinkInvalidError } from './recovery-errors.js';

/**
 * Reset links to one address: 3 an hour. Past it nothing is sent, silently, so nobody can flood an inbox from
 * many IP addresses, and the answer still does not tell whether the address has an account.
 */
export const resetEmailsPerAddressLimit: RateLimitRule = {
  bucket: 'password-reset-emails-per-address',
  limit: 3,
  windowSeconds: 60 * 60,
};

export interface RecoveryServiceDependencies {
  database: Database;
  passwordHasher: PasswordHasher;
  refreshTokens: RefreshTokenStore;
  signInThrottle: SignInThrottle;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** The marketing site's public URL (`WEB_URL`), where the emailed links lead. */
  webUrl: string;
  log: FastifyBaseLogger;
}

/** Forgot password (a one-time link by email) and choosing a new password with it. */
export function createRecoveryService({
  database,
  passwordHasher,
  refreshTokens,
  signInThrottle,
  mailer,
  rateLimiter,
  webUrl,
  log,
}: RecoveryServiceDependencies) {
  /**
   * Queued, not sent: the request never waits for a mail server, whose answer takes far longer than anything
   * else here and would tell addresses with an account apart by timing. A failure to queue is logged; the person
   * can ask again.
   */
  const deliver = (message: EmailMessage) => sendLoggingFailure(mailer, message, log);

  return {
    /** Emails a reset link if the address has an active account; the answer is the same either way. */
    async requestPasswordReset(email: string): Promise<{ sent: true }> {
      // Counted for every address, known or not, so the limit itself reveals nothing.
      if (await rateLimiter.tryConsume(resetEmailsPerAddressLimit, email)) {
        const token = await issuePasswordResetToken(database, email);
        if (token) await deliver(passwordResetEmail(email, webUrl, token));
        else {
          // An invitee has no password: tell them how to get in rather than nothing (docs/decisions/0035).
          const invitation = await findInvitingOrganization(database, email);
          if (invitation)
            await deliver(invitedWithoutPasswordEmail(email, webUrl, invitation.organizationName));
        }
      }
      return { sent: true };
    },

    /**
     * Spends the link's token and sets the new password: the address counts as verified (the link proved it),
     * an expired password's flag is cleared, every session of the user ends, failed sign-ins are forgotten and
     * the owner is told by email.
     */
    async setNewPassword(token: string, password: string): Promise<{ changed: true }> {
      const lookup = await findPasswordResetToken(database, token);
      if (lookup.outcome === 'expired') throw new ResetLinkExpiredError();
      if (lookup.outcome === 'invalid') throw new ResetLinkInvalidError();
      const { target } = lookup;
      // Checked before the token is spent, so the person can pick another password with the same link.
      if (await passwordHasher.verify(target.passwordHash, password)) {
        throw new ValidationError('newPasswordSameAsCurrent', 'password');
      }

      // Hashed before the transaction: argon2 is slow and a transaction should not wait on it.
      const passwordHash = await passwordHasher.hash(password);
      const changed = await database.transaction(async (transaction) => {
        if (!(await spendPasswordResetToken(transaction, target.tokenId))) return false;
        await replacePassword(transaction, target.userId, passwordHash, { markEmailVerified: true });
        await refreshTokens.revokeAllOfUser(target.userId, transaction);
        return true;
      });
      if (!changed) throw new ResetLinkInvalidError();

      await signInThrottle.clear(target.email);
      await deliver(passwordChangedNotice(target.email, webUrl));
      return { changed: true };
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
