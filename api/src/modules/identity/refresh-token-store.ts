import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';
import { type DB, db, prepare } from '../../db/kysely.js';
import { findUserById, type IdentityUser, identityUsers, maySignIn } from '../people/user-repository.js';
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
const isLiveToken = ({ and, eb }: ExpressionBuilder<DB, 'refreshTokens'>) =>
  and([eb('usedAt', 'is', null), eb('revokedAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]);

/**
 * The user of a live session of theirs, in one statement, built once and kept planned by the server (`prepare`):
 * the bearer check runs it whenever its process does not remember the session (decision 0069).
 */
const selectLiveSessionUser = prepare(['userId', 'sessionId'], (kysely, { userId, sessionId }) =>
  identityUsers(kysely)
    .where('users.id', '=', userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('refreshTokens')
          .select('refreshTokens.id')
          .where('refreshTokens.familyId', '=', sessionId)
          .whereRef('refreshTokens.userId', '=', 'users.id')
          .where((eb) => isLiveToken(eb)),
      ),
    ),
);

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
    await db(target)
      .insertInto('refreshTokens')
      .values({ userId, familyId, tokenHash: hashOneTimeToken(token), expiresAt })
      .execute();
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
        await db(transaction)
          .deleteFrom('sessions')
          .where('sessions.userId', '=', userId)
          .where(({ not, exists, selectFrom }) => not(exists(liveTokensOfSession(selectFrom))))
          .execute();
        const sessionId = randomUUID();
        await db(transaction)
          .insertInto('sessions')
          .values({
            id: sessionId,
            userId,
            userAgent: context.userAgent,
            ipAddress: context.ipAddress,
            browser,
            os,
          })
          .execute();
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
      await db(target)
        .updateTable('refreshTokens')
        .set({ revokedAt: sql<Date>`now()` })
        .where('familyId', '=', sessionId)
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .execute();
      await touchSession(target, sessionId);
      return insert(target, userId, sessionId, new Date(Date.now() + ttlSeconds * 1000));
    },

    /**
     * The user of a live session of theirs, in one statement: what every bearer call needs (docs/decisions/0063). A
     * sign-out, a revocation, a password change or a suspension ends it at once, in every process.
     */
    async findLiveSessionUser(userId: string, sessionId: string): Promise<IdentityUser | undefined> {
      if (!isUuid(userId) || !isUuid(sessionId)) return undefined;
      const [user] = await selectLiveSessionUser(database, { userId, sessionId });
      return user;
    },

    /** Whether the session is the user's and still live: the bearer check, one lookup in a partial index. */
    async isLive(userId: string, sessionId: string): Promise<boolean> {
      if (!isUuid(sessionId)) return false;
      const live = await db(database)
        .selectFrom('refreshTokens')
        .select(({ lit }) => lit(1).as('live'))
        .where('familyId', '=', sessionId)
        .where('userId', '=', userId)
        .where(isLiveToken)
        .limit(1)
        .executeTakeFirst();
      return live !== undefined;
    },

    /** The user's live sessions, the most recently active first. */
    listLive(userId: string): Promise<StoredSession[]> {
      return db(database)
        .selectFrom('sessions')
        .select(['id', 'browser', 'os', 'ipAddress', 'createdAt', 'lastActiveAt'])
        .where('sessions.userId', '=', userId)
        .where(({ exists, selectFrom }) => exists(liveTokensOfSession(selectFrom)))
        .orderBy('lastActiveAt', 'desc')
        .orderBy('createdAt', 'desc')
        .execute();
    },

    /** Ends one of the user's sessions; false when it is not theirs or has already ended. */
    async revokeSession(userId: string, sessionId: string): Promise<boolean> {
      if (!isUuid(sessionId)) return false;
      const revoked = await db(database)
        .updateTable('refreshTokens')
        .set({ revokedAt: sql<Date>`now()` })
        .where('familyId', '=', sessionId)
        .where('userId', '=', userId)
        .where(isLiveToken)
        .returning('id')
        .execute();
      return revoked.length > 0;
    },

    /**
     * Spends `token` and issues its successor in the same family. The successor keeps the family's expiry: a
     * session lasts as long as its sign-in asked for (12 hours, or 14 days when staying signed in), however
     * often it refreshes. A token spent before is a sign it was stolen, so its whole family is revoked.
     */
    async rotate(token: string): Promise<RotationResult> {
      return database.transaction(async (transaction) => {
        const stored = await db(transaction)
          .selectFrom('refreshTokens')
          .select(['id', 'userId', 'familyId', 'expiresAt', 'usedAt', 'revokedAt'])
          .where('tokenHash', '=', hashOneTimeToken(token))
          .forUpdate()
          .executeTakeFirst();
        if (!stored) return { outcome: 'invalid' };
        const raceLost =
          stored.usedAt !== null &&
          !stored.revokedAt &&
          Date.now() - new Date(stored.usedAt).getTime() <= refreshReuseIntervalSeconds * 1000;
        if (raceLost) {
          // Only while the session goes on: the race's winner holds a live successor.
          const live = await db(transaction)
            .selectFrom('refreshTokens')
            .select(({ lit }) => lit(1).as('live'))
            .where('familyId', '=', stored.familyId)
            .where(isLiveToken)
            .limit(1)
            .executeTakeFirst();
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
          await db(transaction)
            .updateTable('refreshTokens')
            .set({ revokedAt: sql<Date>`now()` })
            .where('familyId', '=', stored.familyId)
            .where('revokedAt', 'is', null)
            .execute();
          return { outcome: 'reused' };
        }
        if (stored.revokedAt || new Date(stored.expiresAt).getTime() <= Date.now())
          return { outcome: 'invalid' };

        const user = await findUserById(transaction, stored.userId);
        if (!maySignIn(user)) return { outcome: 'invalid' };

        await db(transaction)
          .updateTable('refreshTokens')
          .set({ usedAt: sql<Date>`now()` })
          .where('id', '=', stored.id)
          .execute();
        await touchSession(transaction, stored.familyId);
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
      const { ended } = await db(target)
        .with('revoked', (revoke) => {
          const unrevoked = revoke
            .updateTable('refreshTokens')
            .set({ revokedAt: sql<Date>`now()` })
            .where('userId', '=', userId)
            .where('revokedAt', 'is', null);
          return (
            exceptSessionId === undefined ? unrevoked : unrevoked.where('familyId', '<>', exceptSessionId)
          ).returning(['familyId', 'usedAt', 'expiresAt']);
        })
        .selectFrom('revoked')
        .select(({ fn }) => fn.count<number>('familyId').distinct().as('ended'))
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', sql<Date>`now()`)
        .executeTakeFirstOrThrow();
      return Number(ended);
    },
  };
}

export type RefreshTokenStore = ReturnType<typeof createRefreshTokenStore>;

/** The live tokens of the `sessions` row the outer statement is on (a session is live while one of them is). */
const liveTokensOfSession = (selectFrom: ExpressionBuilder<DB, 'sessions'>['selectFrom']) =>
  selectFrom('refreshTokens')
    .select(({ lit }) => lit(1).as('live'))
    .whereRef('refreshTokens.familyId', '=', 'sessions.id')
    .where(isLiveToken);

/** The session was used just now. */
async function touchSession(target: Queryable, sessionId: string): Promise<void> {
  await db(target)
    .updateTable('sessions')
    .set({ lastActiveAt: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .execute();
}
