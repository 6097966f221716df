import type { Database } from '../../db/database.js';

/** The channel migration 0037's triggers announce changes on (a user id, or `org:<id>` for an organization's). */
export const userChangesChannel = 'dcipher_sessions';

export interface UserChangesOptions {
  /** How long to wait before listening again after the connection was lost. Default 1 s. */
  relistenMilliseconds?: number;
  log?: { warn(details: object, text: string): void };
}

/**
 * What this process hears of changes to people (docs/decisions/0069): the database announces every change to a
 * user, their sessions, their two-step settings or their organization (migration 0037's triggers, at commit), and
 * this process adds its own requests that may have changed something (`forgetAll`). Caches built on it
 * (`createUserCache`) keep nothing read while a change was announced, and nothing while nobody listens.
 */
export function createUserChanges(database: Database, options: UserChangesOptions = {}) {
  const { relistenMilliseconds = 1_000, log } = options;
  /** Bumped by every change heard; a read is kept only if nothing it depends on changed while it ran. */
  let counter = 0;
  let allChangedAt = 0;
  const userChangedAt = new Map<string, number>();
  const caches = new Set<{ forgetUser(userId: string): void; forgetAll(): void }>();
  let listening = false;
  let stopListening: (() => Promise<void>) | undefined;
  let relistenTimer: NodeJS.Timeout | undefined;
  let closed = false;

  function forgetAll() {
    counter += 1;
    allChangedAt = counter;
    userChangedAt.clear();
    for (const cache of caches) cache.forgetAll();
  }

  function forgetUser(userId: string) {
    counter += 1;
    userChangedAt.set(userId, counter);
    for (const cache of caches) cache.forgetUser(userId);
    // The marks only matter for reads in flight; when there are many, start afresh.
    if (userChangedAt.size > 10_000) forgetAll();
  }

  async function listen() {
    if (closed) return;
    try {
      stopListening = await database.listen(
        userChangesChannel,
        (payload) => (payload.startsWith('org:') ? forgetAll() : forgetUser(payload)),
        (error) => {
          listening = false;
          forgetAll();
          log?.warn({ err: error }, 'change notifications lost; listening again');
          relistenTimer = setTimeout(() => void listen(), relistenMilliseconds);
        },
      );
      // Whatever changed while nobody listened is unknown: start from nothing.
      forgetAll();
      listening = true;
    } catch (error) {
      log?.warn({ err: error }, 'could not listen to change notifications; retrying');
      relistenTimer = setTimeout(() => void listen(), relistenMilliseconds);
    }
  }

  return {
    /** Starts listening; until it does (or while it cannot), caches keep nothing. */
    start: listen,
    forgetAll,
    get listening() {
      return listening;
    },
    /** A mark to take before reading, and whether something the read depends on changed since. */
    mark: () => counter,
    changedSince: (userId: string, mark: number) =>
      allChangedAt > mark || (userChangedAt.get(userId) ?? 0) > mark,
    register(cache: { forgetUser(userId: string): void; forgetAll(): void }) {
      caches.add(cache);
    },
    async stop() {
      closed = true;
      clearTimeout(relistenTimer);
      listening = false;
      forgetAll();
      await stopListening?.().catch(() => {});
    },
  };
}

export type UserChanges = ReturnType<typeof createUserChanges>;

export interface UserCacheOptions<TValue> {
  /** Reads the value from the database: by the user, and a detail of theirs (a session id) when there is one. */
  load(userId: string, detail: string): Promise<TValue | undefined>;
  /** Longest a remembered answer is used: the net under a missed notification. Default 30 s. */
  maxAgeMilliseconds?: number;
  /** How many answers are remembered (the oldest make way). Default 10,000. */
  capacity?: number;
  now?: () => number;
}

/**
 * Remembers per user (and detail) what `load` answered, forgotten whenever `changes` hears of a change to that user
 * (or to everyone). Found answers only: a missing one is asked again every time.
 */
export function createUserCache<TValue>(changes: UserChanges, options: UserCacheOptions<TValue>) {
  const { load, maxAgeMilliseconds = 30_000, capacity = 10_000, now = Date.now } = options;
  const remembered = new Map<string, { userId: string; value: TValue; readAt: number }>();
  changes.register({
    forgetAll: () => remembered.clear(),
    forgetUser(userId) {
      for (const [key, entry] of remembered) if (entry.userId === userId) remembered.delete(key);
    },
  });
  return {
    async get(userId: string, detail = ''): Promise<TValue | undefined> {
      const key = `${userId}/${detail}`;
      const entry = remembered.get(key);
      if (entry && changes.listening && now() - entry.readAt < maxAgeMilliseconds) return entry.value;
      if (entry) remembered.delete(key);
      const mark = changes.mark();
      const readAt = now();
      const value = await load(userId, detail);
      if (value !== undefined && changes.listening && !changes.changedSince(userId, mark)) {
        if (remembered.size >= capacity) remembered.delete(remembered.keys().next().value as string);
        remembered.set(key, { userId, value, readAt });
      }
      return value;
    },
    /** How many answers are remembered (for tests). */
    get size() {
      return remembered.size;
    },
  };
}

export type UserCache<TValue> = ReturnType<typeof createUserCache<TValue>>;
