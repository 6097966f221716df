/** @jest-environment ../jest.jsdom-environment.cjs */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { RunInsights } from '../contract/flows.js';
import { csvOf } from './figures.js';
import { RunInsightsView } from './insights-view.js';

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const series = (...volumes: number[]) =>
  volumes.map((volume, index) => ({ period: `2026-W4${index}`, volume }));

const trendInsights: RunInsights = {
  analysisType: 'trendDetection',
  engine: 'default',
  documents: { received: 120, analysed: 118 },
  tokens: 5400,
  // Deliberately not in order: the view sorts.
  keywords: [
    { term: 'tariff', documents: 22 },
    { term: 'heat pump', documents: 58 },
    { term: '=cmd', documents: 3 },
    { term: 'grid, "smart"', documents: 1234 },
  ],
  trend: {
    trendMetric: 'momentum',
    period: 'week',
    periods: series(10, 12, 20, 30),
    rising: [
      { term: 'tariff', volume: 22, momentum: 0.61, series: series(1, 3, 8, 10) },
      { term: 'heat pump', volume: 58, momentum: 1.42, series: series(5, 10, 20, 23) },
      { term: 'new customers', volume: 5, momentum: null, series: series(0, 0, 2, 3) },
    ],
    falling: [{ term: 'outage', volume: 12, momentum: -0.9, series: series(6, 3, 2, 1) }],
  },
  sentiment: { average: 0.21, positive: 70, negative: 30, neutral: 20 },
};

const narrativeInsights: RunInsights = {
  analysisType: 'narrativeAnalysis',
  engine: 'default',
  documents: { received: 90, analysed: 90 },
  tokens: 3000,
  keywords: [],
  narratives: [
    {
      id: 0,
      label: 'price rises · energy bills · winter heating costs',
      terms: ['price', 'bill'],
      size: 30,
      share: 0.333,
      sentiment: -0.4,
      examples: ['Bills doubled.'],
    },
    {
      id: 1,
      label: 'fewer meetings · focus time',
      terms: ['meetings', 'focus'],
      size: 50,
      share: 0.556,
      sentiment: 0.1,
      examples: [],
    },
  ],
};

/** The rows of a table, each as its cells' text. */
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const barLabels = (name: string) =>
  [...screen.getByRole('img', { name }).querySelectorAll('.insights-bar')].map(
    (bar) => bar.querySelector('.insights-bar-label')?.textContent,
  );

async function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:${blobs.length}`;
    }),
    revokeObjectURL: jest.fn(),
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs[Number(this.href.split(':').pop()) - 1]! });
  });
  return saved;
}

describe('the result view', () => {
  it('opens with the headline finding and titles each chart with what it counts', () => {
    render(<RunInsightsView insights={trendInsights} />);
    expect(
      screen.getByText(
        'The strongest rising term is “heat pump”: its share of the documents grew 2.7× (58 documents mention it).',
      ),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Documents per week',
      'Rising terms, by momentum',
      'Documents mentioning each rising term, per week',
      'Falling terms, by momentum',
      'Documents mentioning each keyword',
      'Documents by sentiment',
    ]);
  });

  it('draws a news run’s documents per day once: its trend’s volume when that is counted by day', () => {
    const days = [
      { day: '2026-01-05', documents: 4 },
      { day: '2026-01-06', documents: 6 },
    ];
    const news: RunInsights = {
      ...trendInsights,
      analysisType: 'newsAnalysis',
      days,
      trend: {
        ...trendInsights.trend!,
        period: 'day',
        periods: days.map((day) => ({ period: day.day, volume: day.documents })),
      },
    };
    render(<RunInsightsView insights={news} />);
    expect(screen.getAllByRole('img', { name: 'Documents per day' })).toHaveLength(1);
    cleanup();
    // A news run without a trend still has its days.
    render(<RunInsightsView insights={{ ...news, trend: undefined }} />);
    expect(screen.getAllByRole('img', { name: 'Documents per day' })).toHaveLength(1);
  });

  it('marks the axis dates between the first and the last, which a phone leaves out (they ran into each other)', () => {
    const periods = Array.from({ length: 30 }, (_, day) => ({
      period: `2026-01-${String(day + 1).padStart(2, '0')}`,
      volume: day % 4,
    }));
    render(
      <RunInsightsView
        insights={{ ...trendInsights, trend: { ...trendInsights.trend!, period: 'day', periods } }}
      />,
    );
    const axis = screen
      .getByRole('img', { name: 'Documents per day' })
      .querySelectorAll('.insights-axis-label');
    const inner = [...axis].map((label) => label.hasAttribute('data-inner'));
    expect(inner).toEqual([false, true, true, false]);
  });

  it('gives no two landmarks one name: a chart’s card is its region, the table inside it a group (axe landmark-unique)', () => {
    render(
      <RunInsightsView
        insights={{
          ...trendInsights,
          entities: [
            { type: 'money', value: '$349', documents: 3 },
            { type: 'date', value: 'Monday', documents: 2 },
          ],
        }}
      />,
    );
    const names = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-label') ?? region.id);
    const labelled = screen
      .getAllByRole('region')
      .map((region) =>
        region.getAttribute('aria-labelledby')
          ? document.getElementById(region.getAttribute('aria-labelledby')!)?.textContent
          : region.getAttribute('aria-label'),
      );
    expect(names.length).toBeGreaterThan(3);
    expect(new Set(labelled).size).toBe(labelled.length);
  });

  it('says that a keyword’s sentiment is in its table, since its bars draw only the documents', () => {
    render(
      <RunInsightsView
        insights={{
          ...trendInsights,
          keywords: [
            { term: 'tariff', documents: 22, sentiment: -0.3 },
            { term: 'heat pump', documents: 58, sentiment: 0.4 },
          ],
        }}
      />,
    );
    const card = screen.getByRole('region', { name: 'Documents mentioning each keyword' });
    expect(card.textContent).toContain(
      'The table also gives the mean sentiment of the documents mentioning each keyword, from -1 to 1.',
    );
    expect(barLabels('Documents mentioning each keyword')).toEqual(['heat pump', 'tariff']);
  });

  it('sorts bars largest first, in the chart and in its table', () => {
    render(<RunInsightsView insights={trendInsights} />);
    expect(barLabels('Documents mentioning each keyword')).toEqual([
      'grid, "smart"',
      'heat pump',
      'tariff',
      '=cmd',
    ]);
    expect(rowsOf('Documents mentioning each keyword')).toEqual([
      ['grid, "smart"', '1,234'],
      ['heat pump', '58'],
      ['tariff', '22'],
      ['=cmd', '3'],
    ]);
    // Rising terms by their momentum (what the chart plots), the unmeasured one left out of the chart.
    expect(barLabels('Rising terms, by momentum')).toEqual(['heat pump', 'tariff']);
    expect(rowsOf('Rising terms, by momentum')).toEqual([
      ['heat pump', '+1.42', '2.7×', '58'],
      ['tariff', '+0.61', '1.5×', '22'],
    ]);
    cleanup();
    render(<RunInsightsView insights={narrativeInsights} />);
    expect(barLabels('Documents in each narrative')).toEqual([
      'fewer meetings · focus time',
      // Cut to a phone's line; whole in its tooltip and in the table.
      'price rises · energy bills · wint…',
    ]);
    expect(rowsOf('Documents in each narrative')[1]?.[0]).toBe(
      'price rises · energy bills · winter heating costs',
    );
  });

  it('right-aligns the numbers under right-aligned headings', () => {
    render(<RunInsightsView insights={trendInsights} />);
    const table = screen.getByRole('table', { name: 'Rising terms, by momentum' });
    const headings = [...table.querySelectorAll('thead th')];
    const numericHeadings = headings.filter((heading) => heading.textContent !== 'Term');
    expect(numericHeadings.map((heading) => getComputedStyle(heading).textAlign)).toEqual([
      'right',
      'right',
      'right',
    ]);
    expect(getComputedStyle(headings[0]!).textAlign).toBe('left');
    const numbers = [...table.querySelectorAll('tbody td')];
    expect(numbers).toHaveLength(6);
    for (const cell of numbers) expect(getComputedStyle(cell).textAlign).toBe('right');
    // The value at the end of each bar is right-aligned at the chart's right edge.
    const value = screen
      .getByRole('img', { name: 'Documents mentioning each keyword' })
      .querySelector('.insights-bar-value')!;
    expect([value.getAttribute('x'), value.getAttribute('text-anchor')]).toEqual(['100%', 'end']);
  });

  it('gives every chart a table of its figures and downloads (SVG, PNG, CSV), reachable by the keyboard', () => {
    render(<RunInsightsView insights={trendInsights} />);
    const charts = document.querySelectorAll('section.insights-chart');
    expect(charts).toHaveLength(6);
    for (const chart of charts) {
      const title = chart.querySelector('h3')!.textContent!;
      expect(within(chart as HTMLElement).getByRole('table', { name: title })).toBeTruthy();
      const toggle = chart.querySelector('details > summary');
      expect(toggle?.textContent).toBe(`The figures as a table: ${title}`);
      for (const kind of ['SVG', 'PNG', 'CSV'])
        expect(
          within(chart as HTMLElement).getByRole('button', { name: `Download ${title} as ${kind}` }),
        ).toBeTruthy();
    }
  });

  it('downloads a chart’s figures as CSV, numbers plain and formulas defused, and the chart as SVG', async () => {
    const saved = captureDownloads();
    render(<RunInsightsView insights={trendInsights} />);
    fireEvent.click(
      screen.getByRole('button', { name: 'Download Documents mentioning each keyword as CSV' }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('documents-mentioning-each-keyword.csv');
    expect(saved[0]!.blob.type).toBe('text/csv');
    expect(await blobText(saved[0]!.blob)).toBe(
      'Keyword,Documents\r\n"grid, ""smart""",1234\r\nheat pump,58\r\ntariff,22\r\n\'=cmd,3\r\n',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Download Documents per week as SVG' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.name).toBe('documents-per-week.svg');
    const svg = await blobText(saved[1]!.blob);
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<title>Documents per week</title>');
    expect(svg.match(/insights-column/g)).toHaveLength(4);
  });

  it('writes CSV by RFC 4180', () => {
    expect(
      csvOf({
        columns: [{ label: 'Term' }, { label: 'Momentum', numeric: true }],
        rows: [
          ['-x', -0.9],
          ['a\nb', 2],
        ],
      }),
    ).toBe('Term,Momentum\r\n\'-x,-0.9\r\n"a\nb",2\r\n');
  });

  it('draws rising terms as small multiples, one band each, never lines over one another', () => {
    render(<RunInsightsView insights={trendInsights} />);
    const multiples = screen
      .getByRole('img', { name: 'Documents mentioning each rising term, per week' })
      .querySelectorAll('.insights-multiple');
    expect([...multiples].map((band) => band.querySelector('text')?.textContent)).toEqual([
      'heat pump',
      'tariff',
    ]);
    for (const band of multiples) expect(band.querySelectorAll('path')).toHaveLength(1);
    expect(rowsOf('Documents mentioning each rising term, per week')[3]).toEqual(['2026-W43', '23', '10']);
  });

  it('is drawn on the server full width, with text at its own size (no viewBox scaling it down on a phone)', () => {
    const html = renderToStaticMarkup(<RunInsightsView insights={trendInsights} />);
    const charts = html.match(/<svg role="img"[^>]*>/g) ?? [];
    expect(charts).toHaveLength(6);
    for (const chart of charts) {
      expect(chart).toContain('width="100%"');
      expect(chart).not.toContain('viewBox');
    }
    expect(html).toContain('class="visx-bar"');
    expect(html).toContain('class="visx-linepath"');
    const sizes = [...html.matchAll(/font-size="(\d+)"/g)].map((match) => Number(match[1]));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
  });

  it('offers the documents behind each figure only when the page can show them', () => {
    render(<RunInsightsView insights={narrativeInsights} />);
    expect(screen.queryByRole('button', { name: /^Show documents/ })).toBeNull();
    cleanup();
    const onShowDocuments = jest.fn();
    render(<RunInsightsView insights={trendInsights} onShowDocuments={onShowDocuments} />);
    fireEvent.click(
      within(screen.getByRole('table', { name: 'Documents mentioning each keyword' })).getByRole('button', {
        name: 'Show documents: heat pump',
      }),
    );
    fireEvent.click(
      within(screen.getByRole('table', { name: 'Documents by sentiment' })).getByRole('button', {
        name: 'Show documents: Negative',
      }),
    );
    fireEvent.click(
      within(screen.getByRole('table', { name: 'Documents per week' })).getByRole('button', {
        name: 'Show documents: 2026-W41',
      }),
    );
    expect(onShowDocuments.mock.calls).toEqual([
      [{ kind: 'term', term: 'heat pump' }],
      [{ kind: 'sentiment', sentiment: 'negative' }],
      [{ kind: 'period', period: '2026-W41', periodUnit: 'week' }],
    ]);
  });

  const windowedTrend: RunInsights = {
    ...trendInsights,
    trend: {
      ...trendInsights.trend!,
      periodChoice: 'auto',
      windows: 'the last 2 weeks against the 2 before',
      recentWindow: { from: '2026-W42', to: '2026-W43', periods: 2, documents: 50 },
      baselineWindow: { from: '2026-W40', to: '2026-W41', periods: 2, documents: 22 },
      significance: { falseDiscoveryRate: 0.05, minimumMentions: 5, minimumMomentum: 0.5 },
      rising: [
        {
          term: 'heat pump',
          documents: 61,
          volume: 58,
          momentum: 1.42,
          recentVolume: 43,
          baselineVolume: 15,
          g2: 12.34,
          qValue: 0.0004,
          sentiment: -0.25,
          series: series(5, 10, 20, 23),
        },
      ],
      falling: [],
      views: [
        {
          period: 'week',
          periods: series(10, 12, 20, 30),
          windows: 'the last 2 weeks against the 2 before',
          rising: [],
          falling: [],
        },
        {
          period: 'month',
          periods: [
            { period: '2026-09', volume: 22 },
            { period: '2026-10', volume: 50 },
          ],
          windows: 'the last month against the one before',
          recentWindow: { from: '2026-10', to: '2026-10', periods: 1, documents: 50 },
          baselineWindow: { from: '2026-09', to: '2026-09', periods: 1, documents: 22 },
          noteCode: 'nothingSignificant',
          note: 'Nothing is trending: no term rose or fell between the last month against the one before by more than chance would explain.',
          rising: [],
          falling: [
            {
              term: 'outage',
              documents: 12,
              volume: 12,
              momentum: -1.1,
              recentVolume: 2,
              baselineVolume: 10,
              g2: 7,
              qValue: 0.02,
              counts: [10, 2],
            },
          ],
        },
      ],
    },
  };

  it('says the windows compared, how the period was chosen and how terms were judged, with each term’s test', () => {
    render(<RunInsightsView insights={windowedTrend} />);
    expect(
      screen.getByText(
        'Comparing the last 2 weeks against the 2 before (Recent: 2026-W42 to 2026-W43, 50 documents; baseline: 2026-W40 to 2026-W41, 22 documents).',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Counted per week, chosen from the span of the dates.')).toBeTruthy();
    expect(
      screen.getByText(
        'Listed when the change passes a log-likelihood test (false discovery rate 5 %), in at least 5 documents, and momentum at least ±0.5.',
      ),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Rising terms, by momentum' });
    expect([...table.querySelectorAll('thead th')].map((cell) => cell.textContent)).toEqual([
      'Term',
      'Momentum',
      'Times as often',
      'Recent documents',
      'Baseline documents',
      'G²',
      'q',
      'Documents',
      'Sentiment',
    ]);
    expect(rowsOf('Rising terms, by momentum')).toEqual([
      ['heat pump', '+1.42', '2.7×', '43', '15', '12.3', '< 0.001', '61', '-0.25'],
    ]);
    for (const cell of table.querySelectorAll('tbody td'))
      expect(getComputedStyle(cell).textAlign).toBe('right');
    expect(
      screen.getByText(/^Momentum is log2 of how many times more often the recent window’s documents/),
    ).toBeTruthy();
    // An old run says none of it.
    cleanup();
    render(<RunInsightsView insights={trendInsights} />);
    expect(screen.queryByText(/^Comparing /)).toBeNull();
    expect(screen.queryByText(/^Counted per /)).toBeNull();
    expect(screen.queryByText(/^Listed when the change passes/)).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Count by' })).toBeNull();
  });

  it('redraws the trend from its view of another period when the reader counts by it, and says when nothing is trending', () => {
    const onShowDocuments = jest.fn();
    render(<RunInsightsView insights={windowedTrend} onShowDocuments={onShowDocuments} />);
    const select = screen.getByRole('combobox', { name: 'Count by' });
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Week',
      'Month',
    ]);
    fireEvent.change(select, { target: { value: 'month' } });
    expect(rowsOf('Documents per month')).toEqual([
      ['2026-09', '22', 'Show documents'],
      ['2026-10', '50', 'Show documents'],
    ]);
    expect(screen.queryByRole('table', { name: 'Documents per week' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Rising terms, by momentum' })).toBeNull();
    expect(
      screen.getByText(
        'Nothing is trending: no term rose or fell between the last month against the one before by more than chance would explain.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(/^Comparing the last month against the one before \(Recent: 2026-10, 50 documents/),
    ).toBeTruthy();
    expect(screen.getByText('Counted per month, as chosen here (the run counted per week).')).toBeTruthy();
    expect(rowsOf('Falling terms, by momentum')[0]).toEqual([
      'outage',
      '-1.10',
      '0.5×',
      '2',
      '10',
      '7.0',
      '0.020',
      '12',
      'Show documents',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show documents: 2026-10' }));
    expect(onShowDocuments).toHaveBeenCalledWith({ kind: 'period', period: '2026-10', periodUnit: 'month' });
    fireEvent.change(select, { target: { value: 'week' } });
    expect(screen.getByRole('table', { name: 'Rising terms, by momentum' })).toBeTruthy();
  });

  it('lists the documents left out, how many for each reason and why each one, and offers each reason’s documents', () => {
    const onShowDocuments = jest.fn();
    render(
      <RunInsightsView
        insights={{
          ...narrativeInsights,
          documents: {
            received: 95,
            analysed: 90,
            leftOut: [
              { id: 'c-7', row: 7, reason: 'language', language: 'fr' },
              { id: 'c-9', row: 9, reason: 'empty' },
            ],
            leftOutByReason: { empty: 1, language: 4, articleLimit: 0, unreadable: 0 },
          },
        }}
        onShowDocuments={onShowDocuments}
      />,
    );
    expect(
      screen.getByText(
        '5 of 95 documents were left out of the analysis; left-out-documents.csv lists each with its row and why.',
      ),
    ).toBeTruthy();
    expect(rowsOf('Documents left out, by reason')).toEqual([
      ['another language', '4', 'Show documents'],
      ['no text', '1', 'Show documents'],
    ]);
    expect(rowsOf('The first 2 documents left out, by row')).toEqual([
      ['c-7', '7', 'It is in French, not in the language the workflow filters on.'],
      ['c-9', '9', 'It has no text.'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show documents: another language' }));
    expect(onShowDocuments).toHaveBeenCalledWith({ kind: 'leftOut', reason: 'language' });
  });

  it('says nothing of left-out documents when none was, and counts an old run’s from its list', () => {
    render(<RunInsightsView insights={narrativeInsights} />);
    expect(screen.queryByRole('heading', { name: 'Documents left out, by reason' })).toBeNull();
    cleanup();
    render(
      <RunInsightsView
        insights={{
          ...narrativeInsights,
          documents: {
            received: 92,
            analysed: 90,
            unreadable: 2,
            leftOut: [{ id: 'a', row: 4, reason: 'unreadable' }],
          },
        }}
      />,
    );
    expect(rowsOf('Documents left out, by reason')).toEqual([['unreadable', '2']]);
    expect(rowsOf('The first document left out, by row')).toEqual([['a', '4', 'It could not be read.']]);
  });

  it('puts a caveat beside sentiment where the text is not opinion, says how many documents had no opinion word, and gives terms their sentiment', () => {
    render(
      <RunInsightsView
        insights={{
          ...trendInsights,
          keywords: [
            { term: 'fix', documents: 40, sentiment: 0.31 },
            { term: 'crash', documents: 12, sentiment: -0.5 },
          ],
          sentiment: {
            average: 0.3,
            positive: 60,
            negative: 10,
            neutral: 48,
            withoutOpinion: 41,
            caveat: 'notOpinion',
          },
        }}
      />,
    );
    const card = screen.getByRole('heading', { name: 'Documents by sentiment' }).closest('section')!;
    expect(within(card).getByRole('note').textContent).toBe(
      'These documents mostly state facts (release notes, changelogs, technical text) rather than opinions: their sentiment comes from words such as “fix”, “error” or “unstable” and says little about how people feel.',
    );
    expect(within(card).getByText('41 documents without an opinion word (scored neutral).')).toBeTruthy();
    expect(rowsOf('Documents mentioning each keyword')).toEqual([
      ['fix', '40', '+0.31'],
      ['crash', '12', '-0.50'],
    ]);
    cleanup();
    render(<RunInsightsView insights={trendInsights} />);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText(/without an opinion word/)).toBeNull();
    expect(rowsOf('Documents mentioning each keyword')[0]).toEqual(['grid, "smart"', '1,234']);
  });

  it('lists names apart from numbers, dates and links, which it groups by kind; an old run’s names too', () => {
    render(
      <RunInsightsView
        insights={{
          ...narrativeInsights,
          names: [
            { value: 'Debian', documents: 12 },
            { value: 'Ada Lovelace', documents: 30 },
          ],
          entities: [
            { type: 'number', value: '2', documents: 50 },
            { type: 'url', value: 'https://example.org', documents: 4 },
            { type: 'number', value: '3.1', documents: 7 },
          ],
        }}
      />,
    );
    expect(rowsOf('Names in the text, by the documents naming them')).toEqual([
      ['Ada Lovelace', '30'],
      ['Debian', '12'],
    ]);
    expect(rowsOf('Numbers, dates, money, links… by kind')).toEqual([
      ['2', 'number', '50'],
      ['3.1', 'number', '7'],
      ['https://example.org', 'url', '4'],
    ]);
    // A table without a chart sits right under its card's heading: its caption names it for screen readers only,
    // not a second time on screen. A chart's table, folded away under the chart, keeps its caption shown.
    const captionOf = (name: string) =>
      screen.getByRole('table', { name }).querySelector('caption') as HTMLElement;
    expect(captionOf('Numbers, dates, money, links… by kind').textContent).toBe(
      'Numbers, dates, money, links… by kind',
    );
    expect(getComputedStyle(captionOf('Numbers, dates, money, links… by kind')).position).toBe('absolute');
    expect(getComputedStyle(captionOf('Names in the text, by the documents naming them')).position).toBe(
      'absolute',
    );
    expect(getComputedStyle(captionOf('Documents in each narrative')).position).not.toBe('absolute');
    cleanup();
    render(
      <RunInsightsView
        insights={{
          ...narrativeInsights,
          entities: [
            { type: 'name', value: 'Drop', documents: 9 },
            { type: 'date', value: '2024', documents: 3 },
          ],
        }}
      />,
    );
    expect(rowsOf('Names in the text, by the documents naming them')).toEqual([['Drop', '9']]);
    expect(rowsOf('Numbers, dates, money, links… by kind')).toEqual([['2024', 'date', '3']]);
    cleanup();
    render(<RunInsightsView insights={narrativeInsights} />);
    expect(screen.queryByRole('heading', { name: /^Names in the text/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: /^Numbers, dates/ })).toBeNull();
  });

  it('names each narrative by its phrase, with its examples and its terms counted in it and in all documents', () => {
    render(
      <RunInsightsView
        insights={{
          ...narrativeInsights,
          narratives: [
            {
              ...narrativeInsights.narratives![0]!,
              id: 2,
              label: 'cherry pick a commit',
              examples: ['We cherry pick a commit from upstream.', 'Cherry pick the fix.'],
              termCounts: [
                { term: 'cherry', documents: 40, narrativeDocuments: 28 },
                { term: 'commit', documents: 90, narrativeDocuments: 25 },
              ],
            },
          ],
        }}
      />,
    );
    expect(rowsOf('Documents in each narrative')[0]?.[0]).toBe('cherry pick a commit');
    expect(
      within(screen.getByRole('list', { name: 'Examples of “cherry pick a commit”' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['We cherry pick a commit from upstream.', 'Cherry pick the fix.']);
    expect(rowsOf('Terms of “cherry pick a commit”')).toEqual([
      ['cherry', '28', '40'],
      ['commit', '25', '90'],
    ]);
    cleanup();
    render(<RunInsightsView insights={narrativeInsights} />);
    expect(screen.queryByRole('table', { name: /^Terms of/ })).toBeNull();
  });
});
