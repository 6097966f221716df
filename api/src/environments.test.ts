// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { type Config, ConfigError, loadConfig } from './config.js';
import type { Database } from './db/database.js';
import { db } from './db/kysely.js';
import { migrate } from './db/migrate.js';
import { seedDemoData } from './db/seed-demo-data.js';
import { createServer } from './server.js';
import { createTestDatabase } from './test-support/test-database.js';

// What the README publishes: anyone can read these.
const publishedDemoPassword = 'Dcipher-demo-2026!';
const publishedDemoAccounts = [
  'admin@demo.dcipher.local',
  'teammate@demo.dcipher.local',
  'guest@demo.dcipher.local',
  'expired@demo.dcipher.local',
  'staff@demo.dcipher.local',
];

/** Everything a deployed API needs; the SMTP server is never reached (nothing here sends email). */
const deployedVariables = {
  DATA_DIR: 'memory://',
  SMTP_URL: 'smtp://127.0.0.1:1',
  CAPTCHA_HMAC_KEY: 'a-staging-captcha-secret-of-at-least-32-characters',
  SSO_SECRET_KEY: 'c'.repeat(64),
  WEB_URL: 'https://staging.dcipher.example',
};

/** Probes the API as an outsider would, for the development aids docs/decisions/0028 keeps out of it. */
function describeWithoutDevelopmentAids(name: string, config: () => Config) {
  describe(`the API in ${name}`, () => {
    let database: Database;
    let app: FastifyInstance;
    before(async () => {
      database = await createTestDatabase();
      // A deployed API logs; the lines are not this test's subject.
      app = await createServer(config(), { database, logStream: { write() {} } });
    });
    after(async () => {
      await app.close();
      await database.close();
    });

    it('runs as configured, without development aids', () => {
      assert.equal(config().environment, name);
      assert.equal(config().devAids, false);
    });

    it('has no demo accounts: the published password signs no one in', async () => {
      for (const email of publishedDemoAccounts) {
        const response = await app.inject({
          method: 'POST',
          url: '/login',
          payload: { email, password: publishedDemoPassword },
        });
        assert.equal(response.statusCode, 401, `${email}: ${response.body}`);
        assert.equal(response.json().code, 'INVALID_CREDENTIALS', email);
      }
      const { count } = await db(database)
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('email', 'like', '%@demo.dcipher.local')
        .executeTakeFirstOrThrow();
      assert.equal(Number(count), 0);
    });

    it('has no dev mailbox: every one of its addresses answers 404', async () => {
      // A message in the outbox (with a reset link, say) must not be readable from outside either.
      const { id } = await db(database)
        .insertInto('emailOutbox')
        .values({
          toAddress: 'admin@demo.dcipher.local',
          subject: 'Reset your password',
          html: '<p>secret link</p>',
          text: 'secret link',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const url of [
        '/dev/mailbox',
        '/dev/mailbox.json',
        '/dev/mailbox.json?to=admin@demo.dcipher.local',
        `/dev/mailbox/${id}`,
      ]) {
        const response = await app.inject({ method: 'GET', url });
        assert.equal(response.statusCode, 404, url);
        assert.ok(!response.body.includes('secret link'), url);
      }
    });
  });
}

describeWithoutDevelopmentAids('staging', () =>
  loadConfig({ ...deployedVariables, DCIPHER_ENV: 'staging', PAYMENTS_PROVIDER: 'local' }),
);

// Production refuses the local payment gateway, the only one there is (see below): everything else is production's.
describeWithoutDevelopmentAids('production', () => ({
  ...loadConfig({ ...deployedVariables, DCIPHER_ENV: 'staging' }),
  environment: 'production',
}));

describe('development aids and the deployed environments', () => {
  it('production refuses to start with the local payment gateway', () => {
    assert.throws(
      () => loadConfig({ ...deployedVariables, DCIPHER_ENV: 'production' }),
      (error) => error instanceof ConfigError && error.message.includes('PAYMENTS_PROVIDER must name a real'),
    );
  });

  it('neither staging nor production starts with DEV_AIDS=on, nor with a hand-built config that has them', async () => {
    for (const environment of ['staging', 'production'] as const) {
      assert.throws(
        () => loadConfig({ ...deployedVariables, DCIPHER_ENV: environment, DEV_AIDS: 'on' }),
        (error) =>
          error instanceof ConfigError && error.message.includes(`DEV_AIDS must be off in ${environment}`),
      );
      const config: Config = {
        ...loadConfig({ ...deployedVariables, DCIPHER_ENV: 'staging' }),
        environment,
        devAids: true,
      };
      await assert.rejects(createServer(config), /DEV_AIDS must be off/);
    }
  });

  it('neither staging nor production starts on a database holding the seeded demo or staff accounts', async () => {
    const database = await createTestDatabase();
    try {
      await migrate(database);
      await seedDemoData(database);
      // Only the staff account left: an internal admin with the published password is the worst of them.
      await db(database).deleteFrom('users').where('email', '<>', 'staff@demo.dcipher.local').execute();
      for (const environment of ['staging', 'production'] as const) {
        const config: Config = {
          ...loadConfig({ ...deployedVariables, DCIPHER_ENV: 'staging' }),
          environment,
        };
        await assert.rejects(
          createServer(config, { database, logStream: { write() {} } }),
          (error) =>
            error instanceof ConfigError &&
            error.message.includes('demo accounts of the development seed (staff@demo.dcipher.local)') &&
            error.message.includes(`${environment} refuses to start`),
        );
      }
      const login = await (async () => {
        await db(database).deleteFrom('users').where('email', '=', 'staff@demo.dcipher.local').execute();
        const app = await createServer(loadConfig({ ...deployedVariables, DCIPHER_ENV: 'staging' }), {
          database,
          logStream: { write() {} },
        });
        try {
          return await app.inject({
            method: 'POST',
            url: '/login',
            payload: { email: 'staff@demo.dcipher.local', password: publishedDemoPassword },
          });
        } finally {
          await app.close();
        }
      })();
      assert.equal(login.statusCode, 401, 'without them it starts, and the address signs no one in');
    } finally {
      await database.close();
    }
  });
});
