import { randomUUID } from 'node:crypto';
import type { IssuedTokenPair } from '@dcipher/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type EmailMessage, type Mailer, sendLoggingFailure } from '../../adapters/mailer/mailer.js';
import type { Database } from '../../db/database.js';
import type { RateLimiter, RateLimitRule } from '../abuse/rate-limiter.js';
import type { FlowService } from '../flows/flows-service.js';
import type { AccessTokens } from '../identity/access-tokens.js';
import type { SignInContext } from '../identity/device-label.js';
import type { IdentityService } from '../identity/identity-service.js';
import type { PasswordHasher } from '../identity/password-hasher.js';
import { emailHasUser } from '../people/user-repository.js';
import {
  reissueEmailVerificationToken,
  type VerificationLinkKind,
  verifyEmailWithToken,
} from './email-verification-tokens.js';
import { existingAccountNotice, quickSignUpEmail, verificationEmail } from './registration-emails.js';
import { EmailVerificationFailedError, EmailVerificationLinkExpiredError } from './registration-errors.js';
import { createAccount, type Registration } from './registration-repository.js';

/**
 * Sign-up emails to one address other than a new account's first link (new links asked for, "you already have
 * an account" notices): 3 an hour. Past it nothing is sent, silently, so a stranger cannot flood an inbox from
 * many IP addresses, and the answer still does not tell whether the address has an account.
 */
export const signUpEmailsPerAddressLimit: RateLimitRule = {
  bucket: 'sign-up-emails-per-address',
  limit: 3,
  windowSeconds: 60 * 60,
};

export interface RegistrationServiceDependencies {
  database: Database;
  passwordHasher: PasswordHasher;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** The marketing site's public URL (`WEB_URL`), where the emailed links lead. */
  webUrl: string;
  /** Signs in the owner of a new account whose address the emailed link has just confirmed. */
  identity: Pick<IdentityService, 'signInByVerificationLink'>;
  /** Signs the payment-setup token sign-up's step 2 adds a card with. */
  accessTokens: Pick<AccessTokens, 'signPaymentSetup'>;
  /** Starts the run of the workflow a sign-up chose in the store, on its sample (the flows module's). */
  flows: Pick<FlowService, 'startSignupSampleRun'>;
  log: FastifyBaseLogger;
}

/**
 * Sign-up, email verification and new verification links. None of the answers tells whether an address already
 * had an account: that only shows in the email the address's owner receives.
 */
export function createRegistrationService({
  database,
  passwordHasher,
  mailer,
  rateLimiter,
  webUrl,
  identity,
  accessTokens,
  flows,
  log,
}: RegistrationServiceDependencies) {
  const otherLinkKinds: VerificationLinkKind[] = [];
  /**
   * Queued, never waited for (docs/decisions/0030): a mail server's answer time would tell addresses apart. A
   * failure to queue does not fail the request either, for the same reason; the person can ask for the link
   * again (`POST /send-confirmation`).
   */
  const deliver = (message: EmailMessage) => sendLoggingFailure(mailer, message, log);

  return {
    /**
     * Adds another kind of link the verification page confirms (`VerificationLinkKind`): email-change adds its own
     * when it starts, so the one link page serves both without registration importing it (docs/decisions/0110).
     */
    acceptVerificationLinks(kind: VerificationLinkKind): void {
      otherLinkKinds.push(kind);
    },

    async register(
      registration: Registration,
    ): Promise<{ email: string; verificationRequired: true; paymentSetupToken: string }> {
      // Hashed whatever happens next, so an existing address answers in about the same time as a new one.
      const passwordHash = await passwordHasher.hash(registration.password);
      const created = await createAccount(database, registration, passwordHash);
      if (created) {
        await deliver(verificationEmail(registration.email, webUrl, created.verificationToken));
      } else if (await rateLimiter.tryConsume(signUpEmailsPerAddressLimit, registration.email)) {
        await deliver(existingAccountNotice(registration.email, webUrl));
      }
      // For an address that already had an account the token names nobody, and step 2 stores nothing with it.
      const paymentSetupToken = await accessTokens.signPaymentSetup(
        created ?? { userId: randomUUID(), organizationId: randomUUID() },
      );
      return { email: registration.email, verificationRequired: true, paymentSetupToken };
    },

    /** Also confirms a change of address (POST /update-email): then `emailChanged: true`. */
    /**
     * A new account's first confirmation signs its owner in (docs/decisions/0050): the link is single-use, sent
     * only to that address, and confirming it is what a password sign-in would have waited for.
     */
    async verifyEmail(
      token: string,
      context: SignInContext,
    ): Promise<
      { email: string; verified: true; emailChanged?: true; workflowId?: string } & Partial<IssuedTokenPair>
    > {
      const result = await verifyEmailWithToken(database, token, otherLinkKinds);
      if (result.outcome === 'expired') throw new EmailVerificationLinkExpiredError();
      if (result.outcome === 'invalid') throw new EmailVerificationFailedError();
      if (result.emailChanged) return { email: result.email, verified: true, emailChanged: true };
      const session = result.userId && (await identity.signInByVerificationLink(result.userId, context));
      if (!session || !result.userId) return { email: result.email, verified: true };
      // "Try it" in the store: the chosen workflow's sample run starts now, and its page opens on it (0127).
      const starter = await flows.startSignupSampleRun(result.userId);
      return {
        email: result.email,
        verified: true,
        ...session,
        ...(starter && { workflowId: starter.flowId }),
      };
    },

    /** Emails a new link (the old ones stop working) if the address has an account still to verify. */
    async sendConfirmation(email: string): Promise<{ sent: true }> {
      // Counted for every address, known or not, so the limit itself reveals nothing.
      if (await rateLimiter.tryConsume(signUpEmailsPerAddressLimit, email)) {
        const token = await reissueEmailVerificationToken(database, email);
        if (token) await deliver(verificationEmail(email, webUrl, token));
      }
      return { sent: true };
    },

    /**
     * Quick registration: a new address is emailed a link to the sign-up form with it filled in; an address that
     * has an account (or an invitation) gets the "you already have an account" notice instead. Both count
     * towards the address's sign-up emails, and the answer is the same either way.
     */
    async quickRegister(email: string): Promise<{ email: string; sent: true }> {
      if (await rateLimiter.tryConsume(signUpEmailsPerAddressLimit, email)) {
        const existing = await emailHasUser(database, email);
        await deliver(existing ? existingAccountNotice(email, webUrl) : quickSignUpEmail(email, webUrl));
      }
      return { email, sent: true };
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
