import type { Credentials, TokenPair } from '@dcipher/shared/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { AccessTokens } from './access-tokens.js';
import {
  EmailNotVerifiedError,
  InvalidCredentialsError,
  InvalidRefreshTokenError,
  RefreshTokenReusedError,
} from './identity-errors.js';
import type { PasswordHasher } from './password-hasher.js';
import type { IssuedRefreshToken, RefreshTokenStore } from './refresh-token-store.js';
import { findUserByEmail, type IdentityUser } from './user-repository.js';

export interface IdentityServiceDependencies {
  config: Pick<Config, 'refreshTokenTtlSeconds' | 'staySignedInTtlSeconds'>;
  database: Database;
  passwordHasher: PasswordHasher;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokenStore;
}

/** Signing in, refreshing and signing out. */
export function createIdentityService({
  config,
  database,
  passwordHasher,
  accessTokens,
  refreshTokens,
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
    async login({ email, password, staySignedIn }: Required<Credentials>): Promise<TokenPair> {
      const user = await findUserByEmail(database, email);
      // Verified even for unknown emails (against a dummy hash) so the answer's timing does not tell them apart.
      const passwordMatches = await passwordHasher.verify(user?.passwordHash, password);
      if (!user || !passwordMatches || user.status !== 'Active') throw new InvalidCredentialsError();
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
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
