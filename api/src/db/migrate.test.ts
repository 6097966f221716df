import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase } from '../test-support/test-database.js';
import type { Database } from './database.js';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { demoUsers, seedDemoData } from './seed-demo-data.js';

describe('migrations and demo data', () => {
  let database: Database;
  before(async () => {
    database = await createTestDatabase();
  });
  after(() => database.close());

  it('apply every migration once, in order, and record them', async () => {
    assert.deepEqual(
      await migrate(database),
      migrations.map((migration) => migration.version),
    );
    assert.deepEqual(await migrate(database), []);
    const recorded = await database.query<{ version: string }>(
      'select version from schema_migrations order by 1',
    );
    assert.deepEqual(
      recorded.map((row) => row.version),
      migrations.map((migration) => migration.version),
    );
  });

  it('create the pricing plans without the demo seed, as every environment needs them', async () => {
    const plans = await database.query<{ id: string }>(
      'select id from pricing_plans order by sort_order, id',
    );
    assert.equal(plans.length, 7);
    const prices = await database.query('select 1 from pay_as_you_go_prices');
    assert.ok(prices.length > 0);
  });

  it('refuse a plan with only some prices, or a custom plan with a price', async () => {
    const insertPlan = (isCustom: boolean, prices: string) =>
      database.query(
        `insert into pricing_plans (id, name, description, customer_type, billing_period, price_usd, price_eur,
                                    price_gpb, trial_days, features, quotas, is_custom, sort_order)
         values ('broken', 'Broken', '', 'Business', 'monthly', ${prices}, 0, '[]', '[]', $1, 9)`,
        [isCustom],
      );
    await assert.rejects(insertPlan(false, '100, 100, null'));
    await assert.rejects(insertPlan(true, '100, null, null'));
  });

  it('roll a failing migration back entirely', async () => {
    const broken = {
      version: '9999-broken',
      sql: 'create table half_done (id int); select no_such_function();',
    };
    await assert.rejects(migrate(database, [broken]));
    const tables = await database.query(
      "select 1 from information_schema.tables where table_name = 'half_done'",
    );
    assert.equal(tables.length, 0);
    assert.equal(
      (await database.query("select 1 from schema_migrations where version = '9999-broken'")).length,
      0,
    );
  });

  it('seed the demo organization idempotently', async () => {
    await seedDemoData(database);
    const first = await database.query<{ email: string; password_hash: string }>(
      'select email, password_hash from users order by email',
    );
    await seedDemoData(database);
    const second = await database.query('select email, password_hash from users order by email');
    assert.deepEqual(second, first);
    assert.deepEqual(
      first.map((row) => row.email),
      demoUsers.map((user) => user.email).sort(),
    );
    const unverified = await database.query('select email from users where email_verified_at is null');
    assert.deepEqual(unverified, [], 'demo users can log in: their addresses count as verified');
    const organizations = await database.query('select name, customer_type from organizations order by name');
    assert.deepEqual(organizations, [
      { name: 'Dcipher', customer_type: 'Business' },
      { name: 'Demo Org', customer_type: 'Business' },
    ]);
    const staff = await database.query('select email from users where internal_admin');
    assert.deepEqual(
      staff,
      [{ email: 'staff@demo.dcipher.local' }],
      'only the staff demo user is an internal admin',
    );
  });

  it('store emails in lower case only', async () => {
    await assert.rejects(
      database.query(
        `insert into users (email, first_name, last_name, status, organization_id, role)
         select 'Upper@Example.com', 'U', 'U', 'Active', id, 'guest' from organizations limit 1`,
      ),
    );
  });
});
