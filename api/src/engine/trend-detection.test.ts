// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CorpusDocument } from './corpus.js';
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
