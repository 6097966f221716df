// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { trendMessages } from '@dcipher/shared/validation';
import type { CorpusDocument } from './corpus.js';
import { injectBurst, noTrendCorpus } from './test-corpus/trend-corpus.js';
import { detectTrends, momentumSettings } from './trend-detection.js';

/** A document of the given day mentioning the given words (read as already annotated). */
function post(day: number, words: string[]): CorpusDocument {
  return {
    id: `${day}-${words.join('-')}-${Math.random()}`,
    row: 1,
    document: { text: words.join(' ') },
    text: words.join(' '),
    publishedAt: new Date(Date.UTC(2024, 0, day, 12)),
    source: null,
    language: 'en',
    annotation: { tokens: words.length, sentiment: 0, words, hashtags: [], phrases: [], entities: [] },
  };
}

describe('momentum', () => {
  // 8 days: the recent window is the last 2 (a quarter), the baseline the 6 before.
  const documents: CorpusDocument[] = [];
  for (let day = 1; day <= 8; day += 1) {
    for (let i = 0; i < 10; i += 1) {
      const recent = day >= 7;
      const words = ['filler'];
      if (recent ? i < 6 : i < 1) words.push('rising');
      if (recent ? i < 1 : i < 5) words.push('falling');
      if (i < 3) words.push('steady');
      if (day === 3 && i === 0) words.push('rare');
      documents.push(post(day, words));
    }
  }
  const trends = detectTrends(documents, 'momentum', 'day');
  const find = (term: string) =>
    [...trends.terms, ...trends.rising, ...trends.falling].find((t) => t.term === term);

  it('is the log2 ratio of the smoothed recent share to the smoothed baseline share', () => {
    assert.equal(trends.recentWindow?.periods, 2);
    assert.equal(trends.baselineWindow?.periods, 6);
    const k = momentumSettings.smoothingMentions;
    // 20 recent documents, 60 in the baseline.
    const expected = (recent: number, baseline: number) =>
      Math.log2((recent + (k * 20) / 80) / 20 / ((baseline + (k * 60) / 80) / 60));
    const rising = find('rising')!;
    assert.deepEqual([rising.recentVolume, rising.baselineVolume], [12, 6]);
    assert.ok(Math.abs(rising.momentum! - expected(12, 6)) < 1e-4);
    assert.ok(rising.momentum! > 1);
    const falling = find('falling')!;
    assert.ok(Math.abs(falling.momentum! - expected(2, 30)) < 1e-4);
    assert.ok(falling.momentum! < -1);
    assert.ok(Math.abs(find('steady')!.momentum!) < 1e-9);
  });

  it('leaves out terms under the minimum volume', () => {
    assert.equal(find('rare'), undefined);
  });

  it('lists rising and falling terms apart, strongest first', () => {
    assert.equal(trends.rising[0]!.term, 'rising');
    assert.equal(trends.falling[0]!.term, 'falling');
    assert.equal(trends.terms[0]!.term, 'rising');
  });

  it('counts weeks and months as periods too', () => {
    const weekly = detectTrends(documents, 'volume', 'week');
    assert.deepEqual(
      weekly.periods.map((point) => [point.period, point.volume]),
      [
        ['2024-01-01', 70],
        ['2024-01-08', 10],
      ],
    );
    const monthly = detectTrends(documents, 'volume', 'month');
    assert.deepEqual(monthly.periods, [{ period: '2024-01', volume: 80 }]);
  });
});

/** The first instant of a period key (`2024-03-05`, `2024-03`, `2024-Q1`). */
function periodStart(key: string): Date {
  if (key.includes('-Q'))
    return new Date(Date.UTC(Number(key.slice(0, 4)), (Number(key.slice(6)) - 1) * 3, 1));
  return new Date(key.length === 7 ? `${key}-01T00:00:00Z` : `${key}T00:00:00Z`);
}

describe('trends at the data’s time scale (decision 0097)', () => {
  const sevenYears = noTrendCorpus({
    seed: 7,
    documents: 2000,
    from: new Date('2016-01-01T00:00:00Z'),
    days: 7 * 365,
  });

  it('counts seven years by quarter when no period is asked for, with windows holding documents', () => {
    const trends = detectTrends(sevenYears, 'momentum');
    assert.equal(trends.period, 'quarter');
    assert.equal(trends.periodChoice, 'auto');
    assert.equal(trends.periods.length, 28);
    assert.equal(trends.periods[0]!.period, '2016-Q1');
    assert.ok(trends.recentWindow!.documents >= 200, `recent: ${trends.recentWindow!.documents}`);
    assert.ok(trends.baselineWindow!.documents >= 800, `baseline: ${trends.baselineWindow!.documents}`);
    assert.equal(trends.windows, 'the last 4 quarters against the 16 before');
    // The same trend by month is there to switch to; days (over 2,500 of them) are not offered.
    assert.deepEqual(
      trends.views!.map((view) => view.period),
      ['month', 'quarter'],
    );
    const monthly = trends.views!.find((view) => view.period === 'month')!;
    assert.equal(monthly.periods.length, 84);
    assert.equal(monthly.windows, 'the last 3 months against the 12 before');
    assert.equal(
      monthly.periods.reduce((sum, point) => sum + point.volume, 0),
      2000,
    );
  });

  it('chooses the period from the span: days for weeks of data, weeks for a few months, months for years', () => {
    const span = (days: number) =>
      detectTrends(
        noTrendCorpus({ seed: 3, documents: 600, from: new Date('2024-01-01T00:00:00Z'), days }),
        'volume',
      ).period;
    assert.deepEqual(
      [span(40), span(200), span(3 * 365), span(20 * 365)],
      ['day', 'week', 'month', 'quarter'],
    );
  });

  it('keeps every period of the volume series, empty ones at 0', () => {
    const gap = [
      ...noTrendCorpus({ seed: 4, documents: 50, from: new Date('2024-01-01T00:00:00Z'), days: 10 }),
      ...noTrendCorpus({ seed: 5, documents: 50, from: new Date('2024-01-21T00:00:00Z'), days: 10 }),
    ];
    const trends = detectTrends(gap, 'volume', 'day');
    assert.equal(trends.periods.length, 30);
    assert.deepEqual(
      trends.periods.slice(10, 20).map((point) => point.volume),
      new Array(10).fill(0),
    );
  });

  it('honours the period asked for', () => {
    const trends = detectTrends(sevenYears, 'momentum', 'week');
    assert.equal(trends.period, 'week');
    assert.equal(trends.periodChoice, 'requested');
    assert.equal(trends.periods[0]!.period, '2015-12-28');
    assert.equal(trends.windows, 'the last 4 weeks against the 16 before');
    assert.ok(trends.views!.some((view) => view.period === 'week'));
  });

  it('says the windows in words', () => {
    assert.equal(trendMessages.windows(4, 12, 'week'), 'the last 4 weeks against the 12 before');
    assert.equal(trendMessages.windows(1, 1, 'quarter'), 'the last quarter against the one before');
    assert.equal(trendMessages.windows(7, 0, 'day'), 'the last 7 days, with no earlier day to compare with');
  });

  it('lists nothing rising or falling where nothing trends, and says so', () => {
    for (const seed of [11, 12, 13]) {
      const trends = detectTrends(
        noTrendCorpus({ seed, documents: 2000, from: new Date('2024-01-01T00:00:00Z'), days: 90 }),
        'momentum',
      );
      assert.deepEqual(
        [...trends.rising, ...trends.falling].map((term) => term.term),
        [],
        `seed ${seed}`,
      );
      assert.equal(trends.noteCode, 'nothingSignificant');
      assert.match(
        trends.note!,
        /^Nothing is trending: no term rose or fell between the last 3 weeks against/,
      );
      // Terms are still measured, with their G² and p-value.
      assert.ok(trends.terms.length > 0 && trends.terms.every((term) => typeof term.g2 === 'number'));
    }
  });

  it('finds a burst of 5, 10 or 30 recent mentions as the only rising term, significant', () => {
    const quiet = detectTrends(sevenYears, 'momentum');
    const since = periodStart(quiet.recentWindow!.from);
    for (const mentions of [5, 10, 30]) {
      const trends = detectTrends(injectBurst(sevenYears, 'heatwave', mentions, since), 'momentum');
      assert.deepEqual(
        trends.rising.map((term) => term.term),
        ['heatwave'],
        `${mentions} mentions`,
      );
      const burst = trends.rising[0]!;
      assert.equal(burst.recentVolume, mentions);
      assert.equal(burst.significant, true);
      assert.ok(burst.qValue! <= 0.05, `q ${burst.qValue}`);
      // A clear margin: above every other measured term's G².
      const next = Math.max(
        ...trends.terms.filter((term) => term.term !== 'heatwave').map((term) => term.g2 ?? 0),
      );
      assert.ok(burst.g2! > next + 3, `${mentions} mentions: G² ${burst.g2} against ${next}`);
      assert.equal(trends.noteCode, undefined);
    }
  });

  it('says why when the recent window has too few documents or the dates one period', () => {
    const few = noTrendCorpus({ seed: 8, documents: 20, from: new Date('2024-01-01T00:00:00Z'), days: 40 });
    assert.equal(detectTrends(few, 'momentum', 'day').noteCode, 'tooFewDocuments');
    const oneDay = noTrendCorpus({ seed: 9, documents: 20, from: new Date('2024-01-01T00:00:00Z'), days: 1 });
    assert.equal(detectTrends(oneDay, 'momentum').noteCode, 'onePeriod');
  });
});
