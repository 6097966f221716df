import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { busyShare, runPhases } from './test-phases.mjs';

describe("npm test's phases", () => {
  it('says how busy the machine was as a share of all its cores, or nothing when it cannot tell', () => {
    assert.equal(busyShare({ busy: 100, all: 400 }, { busy: 250, all: 600 }), '75 %');
    assert.equal(busyShare(undefined, { busy: 1, all: 2 }), '');
    assert.equal(busyShare({ busy: 1, all: 2 }, { busy: 1, all: 2 }), '');
  });

  it('times each phase and stops at the first that fails, after the phases beside it', async () => {
    const ran = [];
    const printed = [];
    const ok = await runPhases(
      [
        {
          name: 'side by side',
          parallel: [
            { name: 'fails', run: () => ran.push('fails') && Promise.reject(new Error('planted')) },
            { name: 'passes', run: () => ran.push('passes') },
          ],
        },
        { name: 'never reached', run: () => ran.push('never') },
      ],
      { log: (line) => printed.push(line), error: (thrown) => printed.push(`threw: ${thrown.message}`) },
    );
    assert.equal(ok, false);
    assert.deepEqual(ran.sort(), ['fails', 'passes']);
    assert.ok(printed.includes('threw: planted'));
    assert.ok(printed.some((line) => line.includes('phase FAILED: side by side')));
    assert.ok(printed.at(-1).includes('FAILED  all phases'));
  });

  it('times the named steps of a sequence under it and stops the sequence at the first that fails', async () => {
    const printed = [];
    const ok = await runPhases(
      [
        {
          name: 'in turn',
          sequence: [
            {
              name: 'first step',
              command: { executable: process.execPath, args: ['-e', ''], env: process.env },
            },
            {
              name: 'second step',
              command: { executable: process.execPath, args: ['-e', 'process.exit(3)'], env: process.env },
            },
            {
              name: 'third step',
              command: { executable: process.execPath, args: ['-e', ''], env: process.env },
            },
          ],
        },
      ],
      { log: (line) => printed.push(line), error: () => {} },
    );
    assert.equal(ok, false);
    const table = printed.at(-1);
    assert.match(table, /\| {3}passed {2}first step /);
    assert.match(table, /\| {3}FAILED {2}second step /);
    assert.doesNotMatch(table, /third step/);
    // The steps come before the phase they belong to, indented under it.
    assert.ok(table.indexOf('first step') < table.indexOf('second step'));
    assert.ok(table.indexOf('second step') < table.indexOf('FAILED  in turn'));
  });

  it("lines up every phase's figures, however long its name", async () => {
    const printed = [];
    const long = 'a phase whose name is longer than the column was before it grew';
    await runPhases(
      [
        { name: 'short', run: () => {} },
        { name: 'side by side', parallel: [{ name: long, run: () => {} }] },
      ],
      { log: (line) => printed.push(line), error: () => {} },
    );
    const rows = printed
      .at(-1)
      .split('\n')
      .filter((line) => line.includes(' s '));
    assert.equal(rows.length, 4);
    // The seconds column ends at the same place in every row.
    const ends = new Set(rows.map((row) => row.search(/ s {2}/)));
    assert.equal(ends.size, 1);
  });
});
