import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';
import { findUserById, findUserByIdWhere, type IdentityUser, maySignIn } from '../people/user-repository.js';
import { describeUserAgent, type SignInContext } from './device-label.js';
import { hashOneTimeToken, newOneTimeToken } from './one-time-tokens.js';

/** A refresh token as handed to the client (the database keeps only its hash). */
export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
  /** The session (refresh-token family) it belongs to: the access tokens' `sid`. */
  sessionId: string;
}

/** A live session as the sessions list shows it. */
export interface StoredSession {
  id: string;
  browser: string;
  os: string;
  ipAddress: string;
  createdAt: Date;
  lastActiveAt: Date;
}

/**
 * How long after its rotation a refresh token may be presented again without being taken for a stolen one: two
 * tabs (or a retried request) refreshing at the same moment both carry the same token, and the one that loses the
 * race must not sign the user out (as Auth0's "reuse interval"). Within it, a second use gets another token of the
 * same session; after it, a second use revokes the session. docs/decisions/0031.
 */
export const refreshReuseIntervalSeconds = 10;

/** A family is live while its newest token is neither spent nor revoked nor expired. */
const liveToken = 'used_at is null and revoked_at is null and expires_at > now()';

export type RotationResult =
  | { outcome: 'rotated'; user: IdentityUser; refreshToken: IssuedRefreshToken }
  | { outcome: 'reused' }
  | { outcome: 'invalid' };

/**
 * Opaque refresh tokens: 32 random bytes, stored as SHA-256, rotated on every use, revoked per family. A family is
 * a session (docs/decisions/0025): the `sessions` row says where and when it began and when it was last used.
 */
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
    return { token, expiresAt, sessionId: familyId };
  }

  return {
    /**
     * Starts a new session (one sign-in) that ends `ttlSeconds` from now. The user's ended sessions are deleted
     * on the way (with their spent tokens), so the tables stay as small as the live sessions.
     */
    issue(userId: string, ttlSeconds: number, context: SignInContext): Promise<IssuedRefreshToken> {
      const { browser, os } = describeUserAgent(context.userAgent);
      return database.transaction(async (transaction) => {
        await transaction.query(
          `delete from sessions s where s.user_id = $1
             and not exists (select 1 from refresh_tokens t where t.family_id = s.id and t.used_at is null
                             and t.revoked_at is null and t.expires_at > now())`,
          [userId],
        );
        const sessionId = randomUUID();
        await transaction.query(
          `insert into sessions (id, user_id, user_agent, ip_address, browser, os) values ($1, $2, $3, $4, $5, $6)`,
          [sessionId, userId, context.userAgent, context.ipAddress, browser, os],
        );
        return insert(transaction, userId, sessionId, new Date(Date.now() + ttlSeconds * 1000));
      });
    },

    /**
     * Keeps a session going with a fresh token that ends `ttlSeconds` from now; its earlier tokens stop working
     * (changing the password keeps the caller signed in this way).
     */
    async reissue(
      userId: string,
      sessionId: string,
      ttlSeconds: number,
      target: Queryable = database,
    ): Promise<IssuedRefreshToken> {
      await target.query(
        `update refresh_tokens set revoked_at = now() where family_id = $1 and user_id = $2 and revoked_at is null`,
        [sessionId, userId],
      );
      await target.query('update sessions set last_active_at = now() where id = $1', [sessionId]);
      return insert(target, userId, sessionId, new Date(Date.now() + ttlSeconds * 1000));
    },

    /**
     * The user of a live session of theirs, in one statement: what every bearer call needs (docs/decisions/0063). A
     * sign-out, a revocation, a password change or a suspension ends it at once, in every process.
     */
    findLiveSessionUser(userId: string, sessionId: string): Promise<IdentityUser | undefined> {
      if (!isUuid(sessionId)) return Promise.resolve(undefined);
      return findUserByIdWhere(
        database,
        userId,
        `exists (select 1 from refresh_tokens where family_id = $2 and user_id = users.id and ${liveToken})`,
        [sessionId],
      );
    },

    /** Whether the session is the user's and still live: the bearer check, one lookup in a partial index. */
    async isLive(userId: string, sessionId: string): Promise<boolean> {
      if (!isUuid(sessionId)) return false;
      const rows = await database.query(
        `select 1 from refresh_tokens where family_id = $1 and user_id = $2 and ${liveToken} limit 1`,
        [sessionId, userId],
      );
      return rows.length > 0;
    },

    /** The user's live sessions, the most recently active first. */
    listLive(userId: string): Promise<StoredSession[]> {
      return database.query<StoredSession>(
        `select s.id, s.browser, s.os, s.ip_address as "ipAddress", s.created_at as "createdAt",
                s.last_active_at as "lastActiveAt"
         from sessions s
         where s.user_id = $1
           and exists (select 1 from refresh_tokens t
                       where t.family_id = s.id and t.used_at is null and t.revoked_at is null and t.expires_at > now())
         order by s.last_active_at desc, s.created_at desc`,
        [userId],
      );
    },

    /** Ends one of the user's sessions; false when it is not theirs or has already ended. */
    async revokeSession(userId: string, sessionId: string): Promise<boolean> {
      if (!isUuid(sessionId)) return false;
      const revoked = await database.query(
        `update refresh_tokens set revoked_at = now()
         where family_id = $1 and user_id = $2 and ${liveToken} returning id`,
        [sessionId, userId],
      );
      return revoked.length > 0;
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
        const raceLost =
          stored.usedAt !== null &&
          !stored.revokedAt &&
          Date.now() - new Date(stored.usedAt).getTime() <= refreshReuseIntervalSeconds * 1000;
        if (raceLost) {
          // Only while the session goes on: the race's winner holds a live successor.
          const [live] = await transaction.query(
            `select 1 from refresh_tokens where family_id = $1 and ${liveToken} limit 1`,
            [stored.familyId],
          );
          const user = live ? await findUserById(transaction, stored.userId) : undefined;
          if (!maySignIn(user)) return { outcome: 'invalid' };
          const refreshToken = await insert(
            transaction,
            user.id,
            stored.familyId,
            new Date(stored.expiresAt),
          );
          return { outcome: 'rotated', user, refreshToken };
        }
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
        await transaction.query('update sessions set last_active_at = now() where id = $1', [
          stored.familyId,
        ]);
        const refreshToken = await insert(transaction, user.id, stored.familyId, new Date(stored.expiresAt));
        return { outcome: 'rotated', user, refreshToken };
      });
    },

    /**
     * Ends every session of the user, but `exceptSessionId` when given; inside `target`'s transaction when given
     * one. Answers how many live sessions it ended.
     */
    async revokeAllOfUser(
      userId: string,
      target: Queryable = database,
      { exceptSessionId }: { exceptSessionId?: string } = {},
    ): Promise<number> {
      const [row] = await target.query<{ ended: number }>(
        `with revoked as (
           update refresh_tokens set revoked_at = now()
           where user_id = $1 and revoked_at is null and ($2::uuid is null or family_id <> $2::uuid)
           returning family_id, used_at, expires_at)
         select count(distinct family_id)::integer as ended from revoked where used_at is null and expires_at > now()`,
        [userId, exceptSessionId ?? null],
      );
      return row?.ended ?? 0;
    },
  };
}

export type RefreshTokenStore = ReturnType<typeof createRefreshTokenStore>;
