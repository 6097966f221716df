import type { ChangePasswordInput, Credentials, TokenPair } from '@dcipher/shared/contract';
import { errorCatalogue } from '@dcipher/shared/validation';
import type { FastifyBaseLogger } from 'fastify';
import { type Mailer, sendLoggingFailure } from '../../adapters/mailer/mailer.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { UnauthorizedError, ValidationError } from '../../http/api-error.js';
import type { SignInThrottle } from '../abuse/sign-in-throttle.js';
import {
  findUserByEmail,
  findUserById,
  type IdentityUser,
  maySignIn,
  replacePassword,
} from '../people/user-repository.js';
import type { AccessTokens } from './access-tokens.js';
import {
  AccountSuspendedError,
  EmailNotVerifiedError,
  InvalidCredentialsError,
  InvalidRefreshTokenError,
  RefreshTokenReusedError,
} from './identity-errors.js';
import { passwordChangedNotice } from './password-changed-notice.js';
import type { PasswordHasher } from './password-hasher.js';
import type { IssuedRefreshToken, RefreshTokenStore } from './refresh-token-store.js';

export interface IdentityServiceDependencies {
  config: Pick<Config, 'refreshTokenTtlSeconds' | 'staySignedInTtlSeconds' | 'webUrl'>;
  database: Database;
  passwordHasher: PasswordHasher;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokenStore;
  signInThrottle: SignInThrottle;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Signing in, refreshing, signing out and changing one's password. */
export function createIdentityService({
  config,
  database,
  passwordHasher,
  accessTokens,
  refreshTokens,
  signInThrottle,
  mailer,
  log,
}: IdentityServiceDependencies) {
  async function tokenPair(user: IdentityUser, refreshToken: IssuedRefreshToken): Promise<TokenPair> {
    const accessToken = await accessTokens.sign({
      userId: user.id,
      email: user.email,
      organizationId: user.organizationId,
      role: user.role,
      requiresPasswordChange: user.requiresPasswordChange,
    });
    return {
      accessToken,
      refreshToken: refreshToken.token,
      requiresPasswordChange: user.requiresPasswordChange,
      refreshExpiresIn: Math.max(0, Math.round((refreshToken.expiresAt.getTime() - Date.now()) / 1000)),
    };
  }

  return {
    /**
     * Signs a user in whom another module has already authenticated (an accepted invitation, SSO): a new
     * refresh-token family and its token pair, for `ttlSeconds` (a normal 12-hour session unless told).
     */
    async issueSession(
      user: IdentityUser,
      ttlSeconds: number = config.refreshTokenTtlSeconds,
    ): Promise<TokenPair> {
      return tokenPair(user, await refreshTokens.issue(user.id, ttlSeconds));
    },

    async login({ email, password, staySignedIn }: Required<Credentials>): Promise<TokenPair> {
      // Counted and delayed alike for unknown emails, so the delay tells nothing about which addresses exist.
      await signInThrottle.admitAttempt(email);
      const user = await findUserByEmail(database, email);
      // Verified even for unknown emails (against a dummy hash) so the answer's timing does not tell them apart.
      const passwordMatches = await passwordHasher.verify(user?.passwordHash, password);
      if (passwordMatches) await signInThrottle.clear(email);
      if (!user || !passwordMatches || user.status !== 'Active') throw new InvalidCredentialsError();
      // Told only to someone who knows the password, like the unverified address below.
      if (user.suspended) throw new AccountSuspendedError();
      if (!user.emailVerified) throw new EmailNotVerifiedError();
      const ttlSeconds = staySignedIn ? config.staySignedInTtlSeconds : config.refreshTokenTtlSeconds;
      return tokenPair(user, await refreshTokens.issue(user.id, ttlSeconds));
    },

    async refresh(refreshToken: string): Promise<TokenPair> {
      const rotation = await refreshTokens.rotate(refreshToken);
      if (rotation.outcome === 'reused') throw new RefreshTokenReusedError();
      if (rotation.outcome === 'invalid') throw new InvalidRefreshTokenError();
      return tokenPair(rotation.user, rotation.refreshToken);
    },

    /**
     * With `isForced`, ends every session of the user. Without it there is nothing the server can end: the body
     * carries no refresh token and access tokens name no session, so the client's discarding its tokens is the
     * logout (the access token lapses within its short lifetime). The web client always sends `isForced: true`.
     */
    async logout(userId: string, isForced: boolean): Promise<void> {
      if (isForced) await refreshTokens.revokeAllOfUser(userId);
    },

    /**
     * Checks the current password (a wrong one counts as a failed sign-in, so a stolen access token gives no
     * unthrottled guesses), sets the new one and clears an expired password's flag. Every session ends, the
     * caller's too; the caller gets a new token pair for a normal-length session. The owner is emailed.
     */
    async changePassword(
      userId: string,
      { currentPassword, newPassword }: Pick<ChangePasswordInput, 'currentPassword' | 'newPassword'>,
    ): Promise<TokenPair> {
      const user = await findUserById(database, userId);
      if (!maySignIn(user)) throw new UnauthorizedError();
      await signInThrottle.admitAttempt(user.email);
      if (!(await passwordHasher.verify(user.passwordHash, currentPassword))) {
        throw new ValidationError(errorCatalogue.currentPasswordIncorrect, {
          currentPassword: errorCatalogue.currentPasswordIncorrect,
        });
      }
      await signInThrottle.clear(user.email);

      const passwordHash = await passwordHasher.hash(newPassword);
      await database.transaction(async (transaction) => {
        await replacePassword(transaction, user.id, passwordHash, { markEmailVerified: false });
        await refreshTokens.revokeAllOfUser(user.id, transaction);
      });
      // The password is changed either way; failing the request now would only make the user try again.
      await sendLoggingFailure(mailer, passwordChangedNotice(user.email, config.webUrl), log);
      const refreshToken = await refreshTokens.issue(user.id, config.refreshTokenTtlSeconds);
      return tokenPair({ ...user, requiresPasswordChange: false }, refreshToken);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
