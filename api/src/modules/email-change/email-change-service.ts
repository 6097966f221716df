import type { EmailChangeReceipt, UpdateEmailInput } from '@dcipher/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type EmailMessage, type Mailer, sendLoggingFailure } from '../../adapters/mailer/mailer.js';
import type { Database } from '../../db/database.js';
import { ValidationError } from '../../http/api-error.js';
import type { RateLimiter, RateLimitRule } from '../abuse/rate-limiter.js';
import type { SignInThrottle } from '../abuse/sign-in-throttle.js';
import { AccountSuspendedError, InvalidCredentialsError } from '../identity/identity-errors.js';
import type { PasswordHasher } from '../identity/password-hasher.js';
import { findUserByEmail } from '../people/user-repository.js';
import { verificationEmail } from '../registration/registration-emails.js';
import {
  addressAlreadyUsedNotice,
  emailChangeRequestedNotice,
  emailChangeVerificationEmail,
} from './email-change-emails.js';
import { replaceUnverifiedEmail, startEmailChange } from './email-change-tokens.js';

/**
 * Emails to one new address (confirmation links, "you already have an account" notices): 3 an hour. Past it
 * nothing is sent, silently, so nobody can flood a stranger's inbox by moving an account to it again and again,
 * and the answer still does not tell whether the address has an account.
 */
export const emailChangeEmailsPerAddressLimit: RateLimitRule = {
  bucket: 'email-change-emails-per-address',
  limit: 3,
  windowSeconds: 60 * 60,
};

export interface EmailChangeServiceDependencies {
  database: Database;
  passwordHasher: PasswordHasher;
  signInThrottle: SignInThrottle;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** The marketing site's public URL (`WEB_URL`), where the emailed links lead. */
  webUrl: string;
  log: FastifyBaseLogger;
}

/** Changing the sign-in address with the current address and password (docs/decisions/0016). */
export function createEmailChangeService({
  database,
  passwordHasher,
  signInThrottle,
  mailer,
  rateLimiter,
  webUrl,
  log,
}: EmailChangeServiceDependencies) {
  /** A failed send does not fail the request (the change is stored); the person can ask again. */
  const deliver = (message: EmailMessage) => sendLoggingFailure(mailer, message, log);

  async function deliverToNewAddress(message: EmailMessage): Promise<void> {
    if (await rateLimiter.tryConsume(emailChangeEmailsPerAddressLimit, message.to)) await deliver(message);
  }

  /**
   * A verified user's change waits for the link sent to the new address, and the current address is told. A new
   * address that another account has gets a notice instead, which the caller's answer does not reveal.
   */
  async function startVerifiedChange(user: { id: string; email: string }, newEmail: string): Promise<void> {
    const token = await startEmailChange(database, user.id, newEmail);
    if (!token) {
      await deliverToNewAddress(addressAlreadyUsedNotice(newEmail, webUrl));
      return;
    }
    await deliverToNewAddress(emailChangeVerificationEmail(newEmail, webUrl, token));
    await deliver(emailChangeRequestedNotice(user.email, newEmail, webUrl));
  }

  return {
    /**
     * Checks the address and password like a sign-in (the same 401, counted by the sign-in throttle), then:
     * an unverified user's address is replaced at once and a new verification link goes to it; a verified
     * user's change waits for the link sent to the new address, and the current address is told. A new address
     * that another account has gets a notice instead, and the answer is the same.
     */
    async updateEmail({
      email,
      password,
      newEmail,
    }: Required<UpdateEmailInput>): Promise<EmailChangeReceipt> {
      await signInThrottle.admitAttempt(email);
      const user = await findUserByEmail(database, email);
      // Verified even for unknown emails (against a dummy hash), so the timing does not tell them apart.
      const passwordMatches = await passwordHasher.verify(user?.passwordHash, password);
      if (passwordMatches) await signInThrottle.clear(email);
      if (!user || !passwordMatches || user.status !== 'Active') throw new InvalidCredentialsError();
      if (user.suspended) throw new AccountSuspendedError();
      // The body schema already refuses this; kept for callers that skip it.
      if (newEmail === user.email) {
        throw new ValidationError('sameEmailAsCurrent', 'newEmail');
      }

      const receipt: EmailChangeReceipt = { email: newEmail, verificationRequired: true };
      if (!user.emailVerified) {
        const token = await replaceUnverifiedEmail(database, user.id, newEmail);
        await deliverToNewAddress(
          token ? verificationEmail(newEmail, webUrl, token) : addressAlreadyUsedNotice(newEmail, webUrl),
        );
        return receipt;
      }

      await startVerifiedChange(user, newEmail);
      return receipt;
    },

    /**
     * `PUT /account` with a new email: the signed-in user proved who they are with their session, so only the
     * new address's link remains to confirm it (docs/decisions/0016).
     */
    requestChangeBySignedInUser: startVerifiedChange,
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
