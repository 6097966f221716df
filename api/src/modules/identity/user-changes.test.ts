// engines: both
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
import { createPasswordHasher } from './password-hasher.js';
import { createUserCache, createUserChanges } from './user-changes.js';

const until = async (condition: () => boolean, what: string, withinMilliseconds = 5_000) => {
  const deadline = Date.now() + withinMilliseconds;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMilliseconds} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('what a process remembers of people, and forgets at every change (issue 23 point 7, docs/decisions/0069)', () => {
  let database: Database;
  const user: IdentityUser = {
    id: '00000000-0000-4000-8000-00000000aaaa',
    email: 'cached@example.com',
    passwordHash: null,
    status: 'Active',
    organizationId: demoOrganization.id,
    role: 'admin',
    customerType: 'Business',
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
    const changes = createUserChanges(database);
    const cache = createUserCache(changes, {
      load: async (userId, sessionId) => {
        loads.push(`${userId}/${sessionId}`);
        return answer();
      },
    });
    return { changes, cache, loads };
  }

  it('answers a session from memory once read, and a missing one from the database every time', async () => {
    const { changes, cache, loads } = counted();
    await changes.start();
    await cache.get(user.id, 's1');
    await cache.get(user.id, 's1');
    assert.deepEqual(loads, [`${user.id}/s1`]);
    const gone = counted(() => undefined);
    await gone.changes.start();
    await gone.cache.get(user.id, 's2');
    await gone.cache.get(user.id, 's2');
    assert.equal(gone.loads.length, 2);
    await changes.stop();
    await gone.changes.stop();
  });

  it('remembers nothing before it listens (the database is asked every time)', async () => {
    const { cache, loads } = counted();
    await cache.get(user.id, 's1');
    await cache.get(user.id, 's1');
    assert.equal(loads.length, 2);
  });

  it("forgets a user's answers when the database announces a change of theirs, and everything on forgetAll", async () => {
    const { changes, cache, loads } = counted();
    await changes.start();
    await cache.get(user.id, 's1');
    await sql`select pg_notify('dcipher_sessions', ${user.id})`.execute(db(database));
    await until(() => cache.size === 0, 'the notification was heard');
    await cache.get(user.id, 's1');
    assert.equal(loads.length, 2);
    changes.forgetAll();
    await cache.get(user.id, 's1');
    assert.equal(loads.length, 3);
    await changes.stop();
  });

  it('keeps no answer read while a change was announced', async () => {
    let release!: () => void;
    const changes = createUserChanges(database);
    const slow = createUserCache(changes, {
      load: async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return user;
      },
    });
    await changes.start();
    const reading = slow.get(user.id, 's1');
    changes.forgetAll();
    release();
    await reading;
    assert.equal(slow.size, 0);
    await changes.stop();
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

  it('a signed-in read of the account costs no statement once known, and a sign-out elsewhere ends it', async () => {
    const [appA, appB] = apps;
    const session = await logIn(appA);
    // The sign-in's own changes are announced to B too, and a read overlapping them is not kept: read until known.
    for (let read = 0; read < 50; read += 1) {
      statements.length = 0;
      assert.equal((await account(appB, session.accessToken)).statusCode, 200);
      if (statements.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.deepEqual(statements, [], 'the session and the account are remembered');

    const loggedOut = await appA.inject({
      method: 'POST',
      url: '/logout',
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: { isForced: false },
    });
    assert.equal(loggedOut.statusCode, 200);
    const signedOutAt = Date.now();
    let status = 200;
    while (status !== 401 && Date.now() - signedOutAt < 5_000) {
      status = (await account(appB, session.accessToken)).statusCode;
      if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.equal(
      status,
      401,
      'refused soon after the sign-out on the other process (5 s is the bound of a busy machine)',
    );
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

  it('a profile changed on one process is read changed on the other soon after, and at once on its own', async () => {
    const [appA, appB] = apps;
    const session = await logIn(appB);
    const read = async (app: FastifyInstance) =>
      (await account(app, session.accessToken)).json<{ firstName: string }>().firstName;
    const profile = async (firstName: string) => {
      const current = (await account(appB, session.accessToken)).json<Record<string, unknown>>();
      return {
        firstName,
        lastName: current.lastName,
        email: current.email,
        phone: current.phone ?? '',
        company: current.company ?? '',
        jobTitle: current.jobTitle ?? '',
        receiveEmails: current.receiveEmails,
      };
    };
    const before = await read(appB);
    const saved = await appA.inject({
      method: 'PUT',
      url: '/account',
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: await profile('Renamed'),
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.notEqual(before, 'Renamed');
    const savedAt = Date.now();
    let seen = await read(appB);
    while (seen !== 'Renamed' && Date.now() - savedAt < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen = await read(appB);
    }
    assert.equal(
      seen,
      'Renamed',
      'the other process read the change soon after (5 s is the bound of a busy machine)',
    );
    const back = await appB.inject({
      method: 'PUT',
      url: '/account',
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: await profile(before),
    });
    assert.equal(back.statusCode, 200, back.body);
    assert.equal(await read(appB), before, 'the same process reads its own change at once');
  });
});
