// engines: both
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { insertUser } from '../modules/people/user-repository.js';
import { informationSchema } from '../test-support/information-schema.js';
import { createTestDatabase } from '../test-support/test-database.js';
import type { Database } from './database.js';
import { db } from './kysely.js';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { demoOrganization, demoUsers, seedDemoData } from './seed-demo-data.js';

describe('migrations and demo data', () => {
  let database: Database;
  before(async () => {
    database = await createTestDatabase();
  });
  after(() => database.close());

  /** `schema_migrations`, which the generated types leave out (migrate.ts alone writes it). */
  const schemaMigrations = () =>
    db(database).withTables<{ schemaMigrations: { version: string } }>().selectFrom('schemaMigrations');

  it('apply every migration once, in order, and record them', async () => {
    assert.deepEqual(
      await migrate(database),
      migrations.map((migration) => migration.version),
    );
    assert.deepEqual(await migrate(database), []);
    const recorded = await schemaMigrations().select('version').orderBy('version').execute();
    assert.deepEqual(
      recorded.map((row) => row.version),
      migrations.map((migration) => migration.version),
    );
  });

  it('create the pricing plans without the demo seed, as every environment needs them', async () => {
    const plans = await db(database)
      .selectFrom('pricingPlans')
      .select('id')
      .orderBy('sortOrder')
      .orderBy('id')
      .execute();
    assert.equal(plans.length, 7);
    const prices = await db(database).selectFrom('payAsYouGoPrices').select('usageCategory').execute();
    assert.ok(prices.length > 0);
  });

  it('refuse a plan with only some prices, or a custom plan with a price', async () => {
    const insertPlan = (isCustom: boolean, [priceUsd, priceEur, priceGpb]: (number | null)[]) =>
      db(database)
        .insertInto('pricingPlans')
        .values({
          id: 'broken',
          name: 'Broken',
          description: '',
          customerType: 'Business',
          billingPeriod: 'monthly',
          priceUsd: priceUsd ?? null,
          priceEur: priceEur ?? null,
          priceGpb: priceGpb ?? null,
          trialDays: 0,
          features: sql.lit('[]'),
          quotas: sql.lit('[]'),
          isCustom,
          sortOrder: 9,
        })
        .execute();
    await assert.rejects(insertPlan(false, [100, 100, null]), /pricing_plans_check/);
    await assert.rejects(insertPlan(true, [100, null, null]), /pricing_plans_check/);
  });

  it('roll a failing migration back entirely', async () => {
    const broken = {
      version: '9999-broken',
      sql: 'create table half_done (id int); select no_such_function();',
    };
    await assert.rejects(migrate(database, [broken]));
    const tables = await informationSchema(database)
      .selectFrom('information_schema.tables')
      .select('tableName')
      .where('tableName', '=', 'half_done')
      .execute();
    assert.equal(tables.length, 0);
    assert.equal(
      (await schemaMigrations().select('version').where('version', '=', '9999-broken').execute()).length,
      0,
    );
  });

  it('seed the demo organization idempotently', async () => {
    const users = () =>
      db(database).selectFrom('users').select(['email', 'passwordHash']).orderBy('email').execute();
    await seedDemoData(database);
    const first = await users();
    await seedDemoData(database);
    const second = await users();
    assert.deepEqual(second, first);
    assert.deepEqual(
      first.map((row) => row.email),
      demoUsers.map((user) => user.email).sort(),
    );
    const unverified = await db(database)
      .selectFrom('users')
      .select('email')
      .where('emailVerifiedAt', 'is', null)
      .execute();
    assert.deepEqual(unverified, [], 'demo users can log in: their addresses count as verified');
    const organizations = await db(database)
      .selectFrom('organizations')
      .select(['name', 'customerType'])
      .orderBy('name')
      .execute();
    assert.deepEqual(organizations, [
      { name: 'Dcipher', customerType: 'Business' },
      { name: 'Demo Org', customerType: 'Business' },
    ]);
    const staff = await db(database)
      .selectFrom('users')
      .select('email')
      .where('internalAdmin', '=', true)
      .execute();
    assert.deepEqual(
      staff,
      [{ email: 'staff@demo.dcipher.local' }],
      'only the staff demo user is an internal admin',
    );
  });

  it('store emails in lower case only', async () => {
    await assert.rejects(
      insertUser(database, {
        email: 'Upper@Example.com',
        firstName: 'U',
        lastName: 'U',
        passwordHash: null,
        status: 'Active',
        organizationId: demoOrganization.id,
        role: 'guest',
      }),
      /users_email_check/,
    );
  });
});
