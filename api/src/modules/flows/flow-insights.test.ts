// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type AnalysisDocument,
  type ContentAnalysisResult,
  createDefaultExecutor,
} from '../../engine/index.js';
import { insightsOf } from './flow-insights.js';

/** Issue 34 point 5: what a run's insights call names, and the other kinds apart. */
describe('the insights of a run: names and the other kinds of entity', () => {
  const documents: AnalysisDocument[] = [
    { text: '  * Drop patch applied upstream.\n  * Bump Standards-Version to 4.6.2, no changes needed.' },
    {
      text: '  * Drop obsolete build dependency.\n  * Fix FTBFS with GCC 13 on Debian 12 (Closes: #1034567).',
    },
    { text: 'This is the BEST phone I have owned. Great camera, and it cost $300 on 3 March 2024.' },
    { text: 'Great battery life. I bought 2 of them in Berlin for Angela Merkel and her team.' },
    { text: 'Paris was lovely in 2023. We met Angela Merkel near the Debian booth, 20% off everything.' },
    { text: 'Bump to version 2.1. Thanks to Jörg Schmidt for the Python 3.12 port.' },
  ];

  it('lists proper nouns as names, never capitalised common words, shouting or numbers', async () => {
    const { result } = await createDefaultExecutor().execute({ analysisType: 'contentAnalysis', documents });
    const insights = insightsOf(result as ContentAnalysisResult);
    const names = (insights.names ?? []).map((name) => name.value);
    for (const name of ['Angela Merkel', 'Debian', 'Berlin', 'Paris', 'Python'])
      assert.ok(names.includes(name), name);
    for (const word of ['Drop', 'Bump', 'BEST', 'Great', 'Version', 'Standards', 'Thanks', 'This'])
      assert.ok(!names.some((name) => name.split(' ').includes(word)), `${word} in ${names.join(', ')}`);
    assert.ok(
      names.every((name) => !/\d/.test(name)),
      names.join(', '),
    );
    // Numbers, dates, money and percents are their own kinds, never names.
    const kinds = new Set((insights.entities ?? []).map((entity) => entity.type));
    assert.ok(!kinds.has('name'));
    for (const kind of ['number', 'date', 'money', 'percent']) assert.ok(kinds.has(kind), kind);
  });
});
