import { predefinedWorkflows } from '@dcipher/shared/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { PageProps } from 'gatsby';
import { renderToStaticMarkup } from 'react-dom/server';
import { finishedAt, insightsByWorkflow } from '../test-support/workflow-store-fixtures';
import WorkflowStorePage, { type WorkflowStoreContext } from './workflow-store';
import WorkflowStoreItemPage, { type WorkflowStoreItemContext } from './workflow-store-item';

afterEach(cleanup);

const itemPage = (id: string, ran = true) => {
  const context: WorkflowStoreItemContext = {
    id,
    creditsPerThousandDocuments: 120,
    lastRun: ran
      ? {
          finishedAt,
          documentsAnalysed: insightsByWorkflow[id]!.documents.analysed,
          insights: insightsByWorkflow[id]!,
        }
      : null,
  };
  return (
    <WorkflowStoreItemPage {...({ pageContext: context } as PageProps<object, WorkflowStoreItemContext>)} />
  );
};

/** The rows of a table, each as its cells' text. */
const rowsOf = (caption: string) =>
  within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the workflow store list', () => {
  it('lists every predefined workflow with its analysis, price and a link to its page', () => {
    const context: WorkflowStoreContext = {
      workflows: predefinedWorkflows.map((workflow, index) => ({
        id: workflow.id,
        creditsPerThousandDocuments: 100 + index,
        lastRunAt: index === 0 ? null : finishedAt,
      })),
    };
    render(<WorkflowStorePage {...({ pageContext: context } as PageProps<object, WorkflowStoreContext>)} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Workflow store');
    const items = within(screen.getByRole('main')).getAllByRole('listitem');
    expect(items).toHaveLength(predefinedWorkflows.length);
    const brand = items.find((item) => item.textContent?.includes('Brand monitoring'))!;
    expect(brand.textContent).toContain('Trend detection');
    expect(brand.textContent).toContain('102 credits per 1,000 documents past your plan');
    expect(brand.textContent).toContain('20 Nov 2026');
    expect(
      within(brand)
        .getByRole('link', { name: /^See it ?: Brand monitoring$/ })
        .getAttribute('href'),
    ).toBe('/workflow-store/brand-monitoring');
    expect(items[0]?.textContent).toContain('Its first run is being prepared');
  });
});

describe('a workflow store page', () => {
  it('says what the workflow does, its inputs with kinds and defaults, its data and its price, with Try it to sign-up', () => {
    render(itemPage('brand-monitoring'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Brand monitoring');
    expect(screen.getByText(/Follows the posts that mention your brand/)).toBeTruthy();
    expect(screen.getByText('Rising and falling terms with their momentum')).toBeTruthy();
    expect(rowsOf('The inputs of Brand monitoring')).toEqual([
      ['Brand names to follow', 'Text', 'Empty', expect.stringContaining('Comma-separated')],
      ['Rank trends by', 'A choice', 'Momentum', expect.stringContaining('Momentum:')],
      ['Count trends per', 'A choice', 'Automatic', expect.stringContaining('Automatic:')],
      ['Language', 'A choice', 'Any language', 'Only documents in this language are analysed.'],
    ]);
    expect(screen.getByText('Social media posts')).toBeTruthy();
    expect(screen.getByText('120 credits per 1,000 documents')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try it' }).getAttribute('href')).toBe(
      '/signup?workflow=brand-monitoring',
    );
  });

  it('draws the rising terms’ momentum and the mentions per period, with tables of the same figures', () => {
    render(itemPage('brand-monitoring'));
    const momentum = screen.getByRole('img', {
      name: /^Rising terms: the momentum of the 2 fastest-rising terms/,
    });
    expect(momentum.tagName.toLowerCase()).toBe('svg');
    expect(momentum.querySelectorAll('rect')).toHaveLength(2);
    expect(rowsOf('Rising terms with their documents and momentum')).toEqual([
      ['heat pump', '58', '+1.42'],
      ['tariff', '22', '+0.61'],
      ['new customers', '5', 'not measured'],
    ]);
    const lines = screen.getByRole('img', {
      name: /^Mentions per week: all documents and the top rising terms/,
    });
    expect(lines.querySelectorAll('path.visx-linepath')).toHaveLength(4);
    expect(rowsOf('Documents per week, all and with the top rising terms')[3]).toEqual([
      '2026-W43',
      '30',
      '20',
      '8',
      '5',
    ]);
    expect(rowsOf('Falling terms with their documents and momentum')).toEqual([['outage', '12', '-0.90']]);
    expect(rowsOf('Keywords by the documents they are found in')).toEqual([['heat pump', '58']]);
  });

  it('draws keywords and sentiment for a content analysis', () => {
    render(itemPage('review-analysis'));
    expect(
      screen.getByRole('img', { name: 'Keywords: the 3 terms found in the most documents' }),
    ).toBeTruthy();
    expect(rowsOf('Documents by sentiment')).toEqual([
      ['Positive', '70'],
      ['Neutral', '20'],
      ['Negative', '30'],
    ]);
    expect(screen.getByText(/On average the documents are positive \(\+0\.21/)).toBeTruthy();
    expect(rowsOf('Key phrases by the documents they are found in')).toEqual([['easy to clean', '18']]);
    expect(rowsOf('Things named, by the documents they are found in')).toEqual([['$249', 'money', '7']]);
  });

  it('draws narratives for a narrative analysis and sources and days for a news analysis', () => {
    render(itemPage('survey-coding'));
    expect(
      screen.getByRole('img', { name: 'Narratives: the share of the documents in each of 2 narratives' }),
    ).toBeTruthy();
    expect(rowsOf('Narratives with their terms, size, share and sentiment')[0]).toEqual([
      'fewer meetings · focus time',
      'meetings, focus, time',
      '40',
      '44%',
      '-0.20',
      '“Fewer meetings would give me time to focus.”',
    ]);
    cleanup();
    render(itemPage('news-briefing'));
    expect(screen.getByRole('img', { name: 'Sources: documents from each of 2 sources' })).toBeTruthy();
    expect(rowsOf('Documents and sentiment per source')).toEqual([
      ['Energy Daily', '25', '+0.12'],
      ['Grid Watch', '20', '-0.30'],
    ]);
    expect(
      screen.getByRole('img', { name: 'Documents per day over 2 days' }).querySelectorAll('rect'),
    ).toHaveLength(2);
  });

  it('is drawn at build time: the server-rendered HTML has the charts’ SVG', () => {
    const html = renderToStaticMarkup(itemPage('brand-monitoring'));
    expect(html).toMatch(/<svg role="img" aria-label="Rising terms: the momentum/);
    expect(html).toContain('class="visx-bar"');
    expect(html).toContain('class="visx-linepath"');
  });

  it('says the sample’s first run is being prepared when it has none, with no chart and Try it still there', () => {
    render(itemPage('news-briefing', false));
    expect(screen.getByText('The first run of this sample is being prepared.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Try it' })).toBeTruthy();
  });
});
