import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { findUserById, type IdentityUser, maySignIn } from '../people/user-repository.js';
import { hashOneTimeToken, newOneTimeToken } from './one-time-tokens.js';

/** A refresh token as handed to the client (the database keeps only its hash). */
export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
}

export type RotationResult =
  | { outcome: 'rotated'; user: IdentityUser; refreshToken: IssuedRefreshToken }
  | { outcome: 'reused' }
  | { outcome: 'invalid' };

/** Opaque refresh tokens: 32 random bytes, stored as SHA-256, rotated on every use, revoked per family. */
export function createRefreshTokenStore(database: Database) {
  async function insert(
    target: Queryable,
    userId: string,
    familyId: string,
    expiresAt: Date,
  ): Promise<IssuedRefreshToken> {
    const token = newOneTimeToken();
    await target.query(
      'insert into refresh_tokens (user_id, family_id, token_hash, expires_at) values ($1, $2, $3, $4)',
      [userId, familyId, hashOneTimeToken(token), expiresAt],
    );
    return { token, expiresAt };
  }

  return {
    /** Starts a new family (one sign-in) that ends `ttlSeconds` from now. */
    issue(userId: string, ttlSeconds: number): Promise<IssuedRefreshToken> {
      return insert(database, userId, randomUUID(), new Date(Date.now() + ttlSeconds * 1000));
    },

    /**
     * Spends `token` and issues its successor in the same family. The successor keeps the family's expiry: a
     * session lasts as long as its sign-in asked for (12 hours, or 14 days when staying signed in), however
     * often it refreshes. A token spent before is a sign it was stolen, so its whole family is revoked.
     */
    async rotate(token: string): Promise<RotationResult> {
      return database.transaction(async (transaction) => {
        const [stored] = await transaction.query<{
          id: string;
          userId: string;
          familyId: string;
          expiresAt: Date;
          usedAt: Date | null;
          revokedAt: Date | null;
        }>(
          `select id, user_id as "userId", family_id as "familyId", expires_at as "expiresAt", used_at as "usedAt",
                  revoked_at as "revokedAt"
           from refresh_tokens where token_hash = $1 for update`,
          [hashOneTimeToken(token)],
        );
        if (!stored) return { outcome: 'invalid' };
        if (stored.usedAt) {
          await transaction.query(
            'update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null',
            [stored.familyId],
          );
          return { outcome: 'reused' };
        }
        if (stored.revokedAt || new Date(stored.expiresAt).getTime() <= Date.now())
          return { outcome: 'invalid' };

        const user = await findUserById(transaction, stored.userId);
        if (!maySignIn(user)) return { outcome: 'invalid' };

        await transaction.query('update refresh_tokens set used_at = now() where id = $1', [stored.id]);
        const refreshToken = await insert(transaction, user.id, stored.familyId, new Date(stored.expiresAt));
        return { outcome: 'rotated', user, refreshToken };
      });
    },

    /** Ends every session of the user; inside `target`'s transaction when given one. */
    async revokeAllOfUser(userId: string, target: Queryable = database): Promise<void> {
      await target.query(
        'update refresh_tokens set revoked_at = now() where user_id = $1 and revoked_at is null',
        [userId],
      );
    },
  };
}

export type RefreshTokenStore = ReturnType<typeof createRefreshTokenStore>;
