import type { RunInsights } from '../contract/flows.js';
import { headlineFinding } from './headline.js';

const base: RunInsights = {
  analysisType: 'contentAnalysis',
  engine: 'default',
  documents: { received: 2000, analysed: 1999 },
  tokens: 1,
  keywords: [
    { term: 'fix', documents: 300 },
    { term: 'debian', documents: 1556 },
  ],
};

describe('the headline finding', () => {
  it('names the keyword in the most documents, with its count of the documents analysed', () => {
    expect(headlineFinding(base)).toBe(
      'The top keyword is “debian”, in 1,556 of the 1,999 documents analysed.',
    );
  });

  it('names the strongest measured rising term of a trend', () => {
    const term = (name: string, momentum: number | null) => ({
      term: name,
      volume: 40,
      momentum,
      series: [],
    });
    expect(
      headlineFinding({
        ...base,
        analysisType: 'trendDetection',
        trend: {
          trendMetric: 'volume',
          period: 'month',
          periods: [],
          rising: [term('security', 0.5), term('rust', 1), term('new', null)],
          falling: [],
        },
      }),
    ).toBe(
      'The strongest rising term is “rust”: its share of the documents grew 2.0× (40 documents mention it).',
    );
  });

  it('names the biggest narrative, and nothing when the run found nothing', () => {
    const narrative = (id: number, size: number) => ({
      id,
      label: `narrative ${id}`,
      terms: [],
      size,
      share: size / 100,
      sentiment: 0,
      examples: [],
    });
    expect(
      headlineFinding({
        ...base,
        analysisType: 'narrativeAnalysis',
        narratives: [narrative(0, 20), narrative(1, 45)],
      }),
    ).toBe('The biggest narrative is “narrative 1”: 45 documents, 45% of those grouped.');
    expect(headlineFinding({ ...base, keywords: [] })).toBeNull();
  });
});
