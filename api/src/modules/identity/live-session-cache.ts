import type { Database } from '../../db/database.js';
import type { IdentityUser } from '../people/user-repository.js';

/** The channel migration 0037's triggers announce session changes on (a user id, or `org:<id>`). */
export const sessionChangesChannel = 'dcipher_sessions';

export interface LiveSessionCacheOptions {
  /** The one-round-trip check: the user, when the session is theirs and still live (`findLiveSessionUser`). */
  load(userId: string, sessionId: string): Promise<IdentityUser | undefined>;
  /** Longest a remembered answer is used: the net under a missed notification. Default 30 s. */
  maxAgeMilliseconds?: number;
  /** How many sessions are remembered (the oldest make way). Default 10,000. */
  capacity?: number;
  /** How long to wait before listening again after the connection was lost. Default 1 s. */
  relistenMilliseconds?: number;
  now?: () => number;
  log?: { warn(details: object, text: string): void };
}

/**
 * Remembers, per session, that it is live and whose it is, so a signed-in request costs no database round trip for
 * its bearer check (issue 23 point 7, docs/decisions/0069). "A revoked session stops at once" stays true:
 * - in this process, every request that may change something (any method but GET, HEAD and OPTIONS) forgets
 *   everything when its answer is sent, so the caller's next request is checked against the database;
 * - across processes, the database announces every change that can end access (migration 0037's triggers, sent at
 *   commit), and each process forgets that user's sessions when it hears it (milliseconds);
 * - an answer read while a change was being announced is never kept (the counter below), a missed notification
 *   cannot outlive `maxAgeMilliseconds`, and while the listening connection is down nothing is remembered.
 */
export function createLiveSessionCache(database: Database, options: LiveSessionCacheOptions) {
  const {
    load,
    maxAgeMilliseconds = 30_000,
    capacity = 10_000,
    relistenMilliseconds = 1_000,
    now = Date.now,
    log,
  } = options;
  const remembered = new Map<string, { user: IdentityUser; readAt: number; since: number }>();
  /** Bumped by every invalidation; an answer is kept only if nothing was invalidated while it was read. */
  let counter = 0;
  let forgotAllAt = 0;
  const forgotUserAt = new Map<string, number>();
  let listening = false;
  let stopListening: (() => Promise<void>) | undefined;
  let relistenTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const key = (userId: string, sessionId: string) => `${userId}/${sessionId}`;

  function forgetAll() {
    counter += 1;
    forgotAllAt = counter;
    remembered.clear();
    forgotUserAt.clear();
  }

  function forgetUser(userId: string) {
    counter += 1;
    forgotUserAt.set(userId, counter);
    for (const [entryKey, entry] of remembered) if (entry.user.id === userId) remembered.delete(entryKey);
    // The marks only matter for reads in flight; old ones are dropped with everything else now and then.
    if (forgotUserAt.size > capacity) forgetAll();
  }

  function onMessage(payload: string) {
    if (payload.startsWith('org:')) forgetAll();
    else forgetUser(payload);
  }

  async function listen() {
    if (closed) return;
    try {
      stopListening = await database.listen(sessionChangesChannel, onMessage, (error) => {
        listening = false;
        forgetAll();
        log?.warn({ err: error }, 'session change notifications lost; listening again');
        relistenTimer = setTimeout(() => void listen(), relistenMilliseconds);
      });
      // Whatever changed while nobody listened is unknown: start from nothing.
      forgetAll();
      listening = true;
    } catch (error) {
      log?.warn({ err: error }, 'could not listen to session change notifications; retrying');
      relistenTimer = setTimeout(() => void listen(), relistenMilliseconds);
    }
  }

  return {
    /** Starts listening; until it does (or while it cannot), every check goes to the database. */
    start: listen,

    async findLiveSessionUser(userId: string, sessionId: string): Promise<IdentityUser | undefined> {
      const entryKey = key(userId, sessionId);
      const entry = remembered.get(entryKey);
      if (entry && listening && now() - entry.readAt < maxAgeMilliseconds) return entry.user;
      if (entry) remembered.delete(entryKey);
      const since = counter;
      const readAt = now();
      const user = await load(userId, sessionId);
      const invalidatedMeanwhile = forgotAllAt > since || (forgotUserAt.get(userId) ?? 0) > since;
      if (user && listening && !invalidatedMeanwhile) {
        if (remembered.size >= capacity) remembered.delete(remembered.keys().next().value as string);
        remembered.set(entryKey, { user, readAt, since });
      }
      return user;
    },

    /** Forgets everything: called when this process may have changed something (a request other than a read). */
    forgetAll,

    /** How many sessions are remembered (for tests and metrics). */
    get size() {
      return remembered.size;
    },

    async stop() {
      closed = true;
      clearTimeout(relistenTimer);
      listening = false;
      remembered.clear();
      await stopListening?.().catch(() => {});
    },
  };
}

export type LiveSessionCache = ReturnType<typeof createLiveSessionCache>;
