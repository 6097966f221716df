import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { migrate } from '../../db/migrate.js';
import { createPgliteDatabase } from '../../db/pglite-database.js';
import { createPostgresDatabase } from '../../db/postgres-database.js';
import { demoOrganization, seedDemoData } from '../../db/seed-demo-data.js';
import { createServer } from '../../server.js';
import {
  createTestDatabase,
  createTestPostgresDatabase,
  testDatabaseKind,
} from '../../test-support/test-database.js';
import { demoAdmin, logIn, testConfig } from '../../test-support/test-server.js';
import type { IdentityUser } from '../people/user-repository.js';
import { createLiveSessionCache } from './live-session-cache.js';
import { createPasswordHasher } from './password-hasher.js';

const until = async (condition: () => boolean, what: string, withinMilliseconds = 2_000) => {
  const deadline = Date.now() + withinMilliseconds;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMilliseconds} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('the live-session cache (issue 23 point 7, docs/decisions/0069)', () => {
  let database: Database;
  const user: IdentityUser = {
    id: '00000000-0000-4000-8000-00000000aaaa',
    email: 'cached@example.com',
    passwordHash: null,
    status: 'Active',
    organizationId: demoOrganization.id,
    role: 'admin',
    requiresPasswordChange: false,
    emailVerified: true,
    internalAdmin: false,
    suspended: false,
    twoStepSetupRequired: false,
  };

  before(async () => {
    database = await createTestDatabase();
    await migrate(database);
    await seedDemoData(database, createPasswordHasher());
  });
  after(() => database.close());

  function counted(answer: () => IdentityUser | undefined = () => user) {
    const loads: string[] = [];
    const cache = createLiveSessionCache(database, {
      load: async (userId, sessionId) => {
        loads.push(`${userId}/${sessionId}`);
        return answer();
      },
    });
    return { cache, loads };
  }

  it('answers a session from memory once read, and a missing one from the database every time', async () => {
    const { cache, loads } = counted();
    await cache.start();
    await cache.findLiveSessionUser(user.id, 's1');
    await cache.findLiveSessionUser(user.id, 's1');
    assert.deepEqual(loads, [`${user.id}/s1`]);
    const gone = counted(() => undefined);
    await gone.cache.start();
    await gone.cache.findLiveSessionUser(user.id, 's2');
    await gone.cache.findLiveSessionUser(user.id, 's2');
    assert.equal(gone.loads.length, 2);
    await cache.stop();
    await gone.cache.stop();
  });

  it('remembers nothing before it listens (the database is asked every time)', async () => {
    const { cache, loads } = counted();
    await cache.findLiveSessionUser(user.id, 's1');
    await cache.findLiveSessionUser(user.id, 's1');
    assert.equal(loads.length, 2);
  });

  it("forgets a user's sessions when the database announces a change of theirs, and everything on forgetAll", async () => {
    const { cache, loads } = counted();
    await cache.start();
    await cache.findLiveSessionUser(user.id, 's1');
    await sql`select pg_notify('dcipher_sessions', ${user.id})`.execute(db(database));
    await until(() => cache.size === 0, 'the notification was heard');
    await cache.findLiveSessionUser(user.id, 's1');
    assert.equal(loads.length, 2);
    cache.forgetAll();
    await cache.findLiveSessionUser(user.id, 's1');
    assert.equal(loads.length, 3);
    await cache.stop();
  });

  it('keeps no answer read while a change was announced', async () => {
    let release!: () => void;
    const { cache, loads } = counted();
    const slow = createLiveSessionCache(database, {
      load: async (userId, sessionId) => {
        loads.push(`${userId}/${sessionId}`);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return user;
      },
    });
    await slow.start();
    const reading = slow.findLiveSessionUser(user.id, 's1');
    slow.forgetAll();
    release();
    await reading;
    assert.equal(slow.size, 0);
    await slow.stop();
    await cache.stop();
  });

  it('announces the changes that end access: a token revoked, a user suspended, two-step enabled, an organization changed', async () => {
    const heard: string[] = [];
    const stop = await database.listen(
      'dcipher_sessions',
      (payload) => heard.push(payload),
      () => {},
    );
    const admin = await db(database)
      .selectFrom('users')
      .select('id')
      .where('email', '=', demoAdmin.email)
      .executeTakeFirstOrThrow();
    await db(database)
      .updateTable('users')
      .set({ phone: '+44 20 7946 0000' })
      .where('id', '=', admin.id)
      .execute();
    await db(database)
      .updateTable('organizations')
      .set({ name: demoOrganization.name })
      .where('id', '=', demoOrganization.id)
      .execute();
    await until(() => heard.length >= 2, 'two notifications');
    assert.deepEqual(heard.slice(0, 2), [admin.id, `org:${demoOrganization.id}`]);
    await stop();
  });
});

describe('a session signed out on one API process stops at once on another (docs/decisions/0069)', () => {
  let first: Database;
  let second: Database;
  let drop: (() => Promise<void>) | undefined;
  let apps: [FastifyInstance, FastifyInstance];
  let keysDir: string;
  const statements: string[] = [];

  before(async () => {
    const countOn = (database: Database): Database => ({
      ...database,
      execute: (sql, params) => {
        statements.push(sql);
        return database.execute(sql, params);
      },
      transaction: (work) => database.transaction(work),
      listen: (channel, onMessage, onLost) => database.listen(channel, onMessage, onLost),
      close: () => database.close(),
    });
    if (testDatabaseKind === 'postgres') {
      const created = await createTestPostgresDatabase();
      drop = created.drop;
      const fail = (error: Error) => {
        throw error;
      };
      first = await createPostgresDatabase(created.url, fail);
      second = await createPostgresDatabase(created.url, fail);
    } else {
      first = await createPgliteDatabase();
      second = first;
    }
    keysDir = await mkdtemp(path.join(tmpdir(), 'dcipher-replica-keys-'));
    const config = testConfig({ keysDir });
    apps = [
      await createServer(config, { database: first }),
      await createServer(config, { database: countOn(second) }),
    ];
  });
  after(async () => {
    for (const app of apps) await app.close();
    await first.close();
    if (second !== first) await second.close();
    await drop?.();
    await rm(keysDir, { recursive: true, force: true });
  });

  const account = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/account', headers: { authorization: `Bearer ${token}` } });

  it('a signed-in read costs one statement once the session is known, and a sign-out elsewhere ends it', async () => {
    const [appA, appB] = apps;
    const session = await logIn(appA);
    assert.equal((await account(appB, session.accessToken)).statusCode, 200);
    statements.length = 0;
    assert.equal((await account(appB, session.accessToken)).statusCode, 200);
    assert.equal(statements.length, 1, `one statement (the account itself), not ${statements.join(' | ')}`);

    const loggedOut = await appA.inject({
      method: 'POST',
      url: '/logout',
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: { isForced: false },
    });
    assert.equal(loggedOut.statusCode, 200);
    const signedOutAt = Date.now();
    let status = 200;
    while (status !== 401 && Date.now() - signedOutAt < 1_000) {
      status = (await account(appB, session.accessToken)).statusCode;
      if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.equal(status, 401, 'refused within a second of the sign-out on the other process');
  });

  it('on the same process, the request after a sign-out is refused, without waiting', async () => {
    const [, appB] = apps;
    const session = await logIn(appB);
    assert.equal((await account(appB, session.accessToken)).statusCode, 200);
    await appB.inject({
      method: 'POST',
      url: '/logout',
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: { isForced: false },
    });
    assert.equal((await account(appB, session.accessToken)).statusCode, 401);
  });
});
