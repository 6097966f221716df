// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { db } from '../../db/kysely.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

/** Issue 25: the activity log filtered by days and exported as CSV, one organization's entries only. */
describe('organization activity: days and export (issue 25)', () => {
  let server: TestServer;
  let ours: Awaited<ReturnType<typeof organizationWithPeople>>;
  let theirs: Awaited<ReturnType<typeof organizationWithPeople>>;

  const entry = async (
    organizationId: string,
    at: string,
    action: string,
    subject: string,
    details: Record<string, unknown>,
  ) =>
    db(server.database)
      .insertInto('organizationActivity')
      .values({
        organizationId,
        actorUserId: null,
        actorEmail: 'ada@example.com',
        actorName: 'Ada Admin',
        action,
        subject,
        details: JSON.stringify(details),
        createdAt: new Date(at),
      })
      .execute();

  before(async () => {
    server = await startTestServer();
    ours = await organizationWithPeople(server, { label: 'activity-ours' });
    theirs = await organizationWithPeople(server, { label: 'activity-theirs' });
    await entry(ours.id, '2026-02-28T23:59:59Z', 'organization.updated', 'February', {
      from: 'A',
      to: 'February',
    });
    await entry(ours.id, '2026-03-01T00:00:00Z', 'organization.two-step-requirement-changed', 'required', {
      from: false,
      to: true,
    });
    await entry(ours.id, '2026-03-15T12:00:00Z', 'organization.region-changed', 'europe-west1', {
      from: 'us-central1',
      to: 'europe-west1',
    });
    // A name a spreadsheet would run as a formula.
    await entry(
      ours.id,
      '2026-03-31T23:59:59Z',
      'organization.updated',
      '=HYPERLINK("https://evil.example")',
      {
        from: 'February',
        to: '=HYPERLINK("https://evil.example")',
      },
    );
    await entry(ours.id, '2026-04-01T00:00:00Z', 'organization.updated', 'April', { from: 'x', to: 'April' });
    await entry(theirs.id, '2026-03-10T10:00:00Z', 'organization.updated', 'Their secret name', {
      from: 'x',
      to: 'Their secret name',
    });
  });
  after(() => server.close());

  const get = (url: string, token: string) =>
    server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('lists only the days asked for, both ends included, and never another organization’s entries', async () => {
    const march = await get('/organization/activity?from=2026-03-01&to=2026-03-31', ours.admin);
    assert.equal(march.statusCode, 200, march.body);
    assert.equal(march.json().total, 3);
    assert.deepEqual(
      march.json().entries.map((item: { at: string }) => item.at),
      ['2026-03-31T23:59:59.000Z', '2026-03-15T12:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    );
    const fromApril = (await get('/organization/activity?from=2026-04-01', ours.admin)).json();
    assert.deepEqual(
      fromApril.entries.map((item: { subject: string }) => item.subject),
      ['April'],
    );
    const untilFebruary = (await get('/organization/activity?to=2026-02-28', ours.admin)).json();
    assert.deepEqual(
      untilFebruary.entries.map((item: { subject: string }) => item.subject),
      ['February'],
    );
    const theirMarch = (
      await get('/organization/activity?from=2026-03-01&to=2026-03-31', theirs.admin)
    ).json();
    assert.deepEqual(
      theirMarch.entries.map((item: { subject: string }) => item.subject),
      ['Their secret name'],
    );
  });

  it('exports the filtered entries as CSV in words, formulas defused, another organization’s never', async () => {
    const answer = await get('/organization/activity/export?from=2026-03-01&to=2026-03-31', ours.admin);
    assert.equal(answer.statusCode, 200, answer.body);
    const file = answer.json();
    assert.equal(file.fileName, 'dcipher-activity-2026-03-01-to-2026-03-31.csv');
    assert.equal(file.contentType, 'text/csv');
    assert.equal(file.entries, 3);
    assert.equal(file.truncated, false);
    const rows: string[][] = parse(file.text);
    assert.deepEqual(rows[0], [
      'time_utc',
      'actor_name',
      'actor_email',
      'action',
      'description',
      'action_id',
      'subject',
    ]);
    assert.equal(rows.length, 4);
    assert.deepEqual(
      rows.slice(1).map((row) => row[4]),
      [
        'renamed the organization from “February” to “=HYPERLINK(""https://evil.example"")”'.replaceAll(
          '""',
          '"',
        ),
        'changed the cloud region from United States (Iowa) to Belgium (St. Ghislain)',
        'turned on required two-step verification',
      ],
    );
    // The cell that opens with "=" is prefixed with an apostrophe; the text is kept.
    assert.equal(rows[1]?.[6], `'=HYPERLINK("https://evil.example")`);
    assert.ok(!file.text.includes('Their secret name'));
    assert.ok(!file.text.includes('April'));

    const category = (await get('/organization/activity/export?category=member', ours.admin)).json();
    assert.equal(category.entries, 0);
    assert.equal(parse(category.text).length, 1, 'only the header row');

    const theirFile = (await get('/organization/activity/export', theirs.admin)).json();
    assert.ok(theirFile.text.includes('Their secret name'));
    assert.ok(!theirFile.text.includes('Belgium'));
  });

  it('defuses a formula after a `;` too, for spreadsheets whose locale separates with it (0094)', async () => {
    await entry(ours.id, '2026-05-05T10:00:00Z', 'organization.updated', 'x;=1+1', {
      from: 'y',
      to: 'x;=1+1',
    });
    const file = (
      await get('/organization/activity/export?from=2026-05-05&to=2026-05-05', ours.admin)
    ).json();
    assert.equal(file.entries, 1);
    // Quoted, so a `;` spreadsheet reads one cell, and the formula behind an apostrophe.
    assert.ok(file.text.includes(`,"x;'=1+1"`), file.text);
    const cells = (
      parse(file.text, { delimiter: ';', relax_quotes: true, relax_column_count: true }) as string[][]
    ).flat();
    assert.ok(!cells.some((cell) => /^\s*[=+\-@]/.test(cell)), file.text);
  });

  it('refuses bad days with a clear 400 on the list and the export, and non-admins with 403', async () => {
    for (const path of ['/organization/activity', '/organization/activity/export']) {
      for (const [query, field, message] of [
        ['from=2026-02-30', 'from', 'Enter a date as YYYY-MM-DD, for example 2026-01-31'],
        ['to=31%2F03%2F2026', 'to', 'Enter a date as YYYY-MM-DD, for example 2026-01-31'],
        ['from=yesterday', 'from', 'Enter a date as YYYY-MM-DD, for example 2026-01-31'],
        ['from=2026-04-01&to=2026-03-01', 'to', 'The start date must be on or before the end date'],
      ] as const) {
        const refused = await get(`${path}?${query}`, ours.admin);
        assert.equal(refused.statusCode, 400, `${path}?${query}: ${refused.body}`);
        assert.equal(refused.json().issues?.[field], message, `${path}?${query}: ${refused.body}`);
        assert.ok(!refused.body.includes('yesterday'), 'the input is not echoed');
      }
      assert.equal((await get(path, ours.teammate)).statusCode, 403);
    }
  });
});
