// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { predefinedWorkflows, type ScheduleFrequency, scheduleFrequencies } from '@dcipher/shared/domain';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { nextSlot, slotAt } from './schedule-slots.js';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('schedule slots on the calendar (docs/decisions/0094)', () => {
  it('a monthly schedule on the 31st runs on the last day of each shorter month, Feb 29 in a leap year', () => {
    const start = at('2024-01-31T09:30:00.000Z');
    assert.deepEqual(
      Array.from({ length: 14 }, (_, steps) => iso(slotAt(start, 'monthly', steps)).slice(0, 10)),
      [
        '2024-01-31',
        '2024-02-29',
        '2024-03-31',
        '2024-04-30',
        '2024-05-31',
        '2024-06-30',
        '2024-07-31',
        '2024-08-31',
        '2024-09-30',
        '2024-10-31',
        '2024-11-30',
        '2024-12-31',
        '2025-01-31',
        '2025-02-28',
      ],
    );
    assert.ok(
      Array.from({ length: 14 }, (_, steps) => slotAt(start, 'monthly', steps)).every(
        (slot) => iso(slot).slice(10) === 'T09:30:00.000Z',
      ),
      'every slot keeps the time of day',
    );
    // The next slot after a day in a short month is that month's last day, not the next month.
    assert.equal(iso(nextSlot(start, 'monthly', at('2024-02-10T00:00:00Z'))), '2024-02-29T09:30:00.000Z');
    assert.equal(iso(nextSlot(start, 'monthly', at('2025-02-01T00:00:00Z'))), '2025-02-28T09:30:00.000Z');
    assert.equal(iso(nextSlot(start, 'monthly', at('2024-04-30T09:30:00Z'))), '2024-04-30T09:30:00.000Z');
    assert.equal(
      iso(nextSlot(start, 'monthly', at('2024-04-30T09:30:00Z'), true)),
      '2024-05-31T09:30:00.000Z',
      'strictly after',
    );
    // The 29th and 30th too.
    assert.equal(iso(slotAt(at('2023-01-29T00:00:00Z'), 'monthly', 1)), '2023-02-28T00:00:00.000Z');
    assert.equal(iso(slotAt(at('2024-01-30T00:00:00Z'), 'monthly', 1)), '2024-02-29T00:00:00.000Z');
    assert.equal(iso(slotAt(at('2024-01-30T00:00:00Z'), 'monthly', 2)), '2024-03-30T00:00:00.000Z');
  });

  it('quarterly, half-yearly, yearly and two-yearly keep the start day, or the month end when it is shorter; slots are UTC instants, whatever daylight saving does', () => {
    // Europe moved its clocks on 2025-03-30 and 2025-10-26, the US on 2025-03-09 and 2025-11-02.
    const start = at('2025-03-28T06:00:00.000Z');
    assert.deepEqual(
      [1, 2, 3].map((steps) => iso(slotAt(start, 'daily', steps))),
      ['2025-03-29T06:00:00.000Z', '2025-03-30T06:00:00.000Z', '2025-03-31T06:00:00.000Z'],
    );
    assert.equal(iso(slotAt(at('2025-10-24T06:00:00Z'), 'weekly', 2)), '2025-11-07T06:00:00.000Z');
    assert.equal(iso(slotAt(at('2025-10-26T00:30:00Z'), 'monthly', 5)), '2026-03-26T00:30:00.000Z');
    assert.deepEqual(
      [1, 2, 3, 4].map((steps) => iso(slotAt(at('2023-11-30T12:00:00Z'), 'quarterly', steps)).slice(0, 10)),
      ['2024-02-29', '2024-05-30', '2024-08-30', '2024-11-30'],
    );
    assert.deepEqual(
      [1, 2, 3].map((steps) => iso(slotAt(at('2023-08-31T12:00:00Z'), 'semiannual', steps)).slice(0, 10)),
      ['2024-02-29', '2024-08-31', '2025-02-28'],
    );
    assert.deepEqual(
      [1, 2, 3, 4].map((steps) => iso(slotAt(at('2024-02-29T12:00:00Z'), 'annual', steps)).slice(0, 10)),
      ['2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29'],
    );
    assert.deepEqual(
      [1, 2].map((steps) => iso(slotAt(at('2024-02-29T12:00:00Z'), 'biennial', steps)).slice(0, 10)),
      ['2026-02-28', '2028-02-29'],
    );
  });

  it('a schedule that started in the past runs next at its first slot after now, not months or years later', () => {
    const now = at('2025-11-20T10:00:00.000Z');
    const start = at('2024-01-15T06:00:00.000Z');
    assert.equal(iso(nextSlot(start, 'monthly', now)), '2025-12-15T06:00:00.000Z');
    assert.equal(iso(nextSlot(start, 'quarterly', now)), '2026-01-15T06:00:00.000Z');
    assert.equal(iso(nextSlot(start, 'semiannual', now)), '2026-01-15T06:00:00.000Z');
    assert.equal(iso(nextSlot(start, 'annual', now)), '2026-01-15T06:00:00.000Z');
    assert.equal(iso(nextSlot(start, 'biennial', now)), '2026-01-15T06:00:00.000Z');
    assert.equal(iso(nextSlot(start, 'daily', now)), '2025-11-21T06:00:00.000Z');
    assert.equal(iso(nextSlot(start, 'weekly', now)), '2025-11-24T06:00:00.000Z'); // Mondays, as 2024-01-15
    // Ten years back too.
    assert.equal(
      iso(nextSlot(at('2015-03-31T23:00:00Z'), 'monthly', now)),
      '2025-11-30T23:00:00.000Z',
      'November has 30 days',
    );
  });

  it('for any start and moment, the next slot is the first one at or after it', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let index = 0; index < 400; index += 1) {
      const frequency = scheduleFrequencies[index % scheduleFrequencies.length] as ScheduleFrequency;
      const start = new Date(Date.UTC(2000, 0, 1) + Math.floor(random() * 30 * 365 * 86_400_000));
      const moment = new Date(start.getTime() + Math.floor((random() - 0.1) * 20 * 365 * 86_400_000));
      const slot = nextSlot(start, frequency, moment);
      assert.ok(slot >= moment, `${frequency} ${iso(start)} ${iso(moment)}`);
      if (slot.getTime() !== start.getTime()) {
        // Some step n gives this slot, and step n - 1 is before the moment.
        let steps = 0;
        while (slotAt(start, frequency, steps) < slot) steps += 1;
        assert.equal(iso(slotAt(start, frequency, steps)), iso(slot));
        assert.ok(slotAt(start, frequency, steps - 1) < moment, `${frequency} ${iso(start)} ${iso(moment)}`);
        const day = Math.min(
          start.getUTCDate(),
          new Date(Date.UTC(slot.getUTCFullYear(), slot.getUTCMonth() + 1, 0)).getUTCDate(),
        );
        if (frequency !== 'daily' && frequency !== 'weekly') assert.equal(slot.getUTCDate(), day);
      }
    }
  });
});

describe('a workflow scheduled from the past (docs/decisions/0094)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      flows: { uploadMaxBytes: 300_000, schedulerIntervalSeconds: 0, allowLoopbackSources: false },
    });
  });
  after(() => server.close());

  it('runs next at its first slot after now', async () => {
    const token = (await logIn(server.app)).accessToken;
    const workflow = predefinedWorkflows[0]!;
    const created = await server.app.inject({
      method: 'POST',
      url: '/flows',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        name: 'Monthly since January 2024',
        flowType: 'predefinedFlow',
        predefinedFlowId: workflow.id,
        analysisType: workflow.analysisType,
        dataSources: [{ kind: 'starter', group: 'file', sampleId: workflow.sample.id }],
        schedule: { frequency: 'monthly', startAt: '2024-01-15T06:00:00.000Z' },
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    const next = new Date(created.json().schedule.nextRunAt);
    const now = Date.now();
    assert.ok(next.getTime() > now - 60_000, `${iso(next)} is after now`);
    assert.ok(next.getTime() <= now + 31 * 86_400_000, `${iso(next)} is within a month`);
    assert.deepEqual([next.getUTCDate(), next.getUTCHours()], [15, 6]);
  });
});
