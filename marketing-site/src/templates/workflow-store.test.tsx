import { predefinedWorkflows } from '@dcipher/shared/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { type PageProps, useStaticQuery } from 'gatsby';
import { renderToStaticMarkup } from 'react-dom/server';
import { storePreviewOf } from '../build/store-preview.mjs';
import { expectNoAxeViolations } from '../test-support/axe';
import { finishedAt, insightsByWorkflow } from '../test-support/workflow-store-fixtures';
import HomePage, { type HomeContext } from './home';
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
  const lastRunOf = (id: string) => ({
    finishedAt,
    documentsAnalysed: insightsByWorkflow[id]!.documents.analysed,
    insights: insightsByWorkflow[id]!,
  });

  it("shows each workflow's headline finding and a small chart of its sample's last run (issue 36 point 2)", async () => {
    const context: WorkflowStoreContext = {
      workflows: predefinedWorkflows.map((workflow, index) => ({
        id: workflow.id,
        creditsPerThousandDocuments: 100,
        lastRunAt: index === 0 ? null : finishedAt,
        preview: index === 0 ? null : storePreviewOf(lastRunOf(workflow.id)),
      })),
    };
    render(<WorkflowStorePage {...({ pageContext: context } as PageProps<object, WorkflowStoreContext>)} />);
    const items = within(screen.getByRole('main')).getAllByRole('listitem');
    for (const [index, workflow] of predefinedWorkflows.entries()) {
      const item = items.find((candidate) => candidate.textContent?.includes(workflow.name))!;
      if (index === 0) {
        expect(within(item).queryByRole('img')).toBeNull();
        expect(item.textContent).toContain("Its sample's first run is being prepared");
        continue;
      }
      const preview = storePreviewOf(lastRunOf(workflow.id))!;
      if (preview.headline) expect(item.textContent).toContain(preview.headline);
      // The chart is the store page's own (an SVG of bars), named with its figures.
      const chart = within(item).getByRole('img', { name: /documents mentioning its top keywords/ });
      expect(chart.tagName.toLowerCase()).toBe('svg');
      expect(chart.querySelectorAll('.insights-bar')).toHaveLength(preview.keywords.length);
      const top = preview.keywords[0]!;
      expect(chart.getAttribute('aria-label')).toContain(`${top.term} ${top.documents}`);
    }
    await expectNoAxeViolations();
  });

  it('lists every predefined workflow with its analysis, price and a link to its page', () => {
    const context: WorkflowStoreContext = {
      workflows: predefinedWorkflows.map((workflow, index) => ({
        id: workflow.id,
        creditsPerThousandDocuments: 100 + index,
        lastRunAt: index === 0 ? null : finishedAt,
        preview: null,
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

  it('draws the rising terms’ momentum, the documents per period and each rising term apart, with tables of the same figures', () => {
    render(itemPage('brand-monitoring'));
    expect(
      screen.getByText(
        'The strongest rising term is “heat pump”: its share of the documents grew 2.7× (58 documents mention it).',
      ),
    ).toBeTruthy();
    const momentum = screen.getByRole('img', { name: 'Rising terms, by momentum' });
    expect(momentum.tagName.toLowerCase()).toBe('svg');
    expect(momentum.querySelectorAll('rect.visx-bar')).toHaveLength(2);
    expect(rowsOf('Rising terms, by momentum')).toEqual([
      ['heat pump', '+1.42', '2.7×', '58'],
      ['tariff', '+0.61', '1.5×', '22'],
    ]);
    expect(
      screen.getByRole('img', { name: 'Documents per week' }).querySelectorAll('rect.visx-bar'),
    ).toHaveLength(4);
    // Small multiples: one line per rising term, each in its own band.
    const multiples = screen.getByRole('img', { name: 'Documents mentioning each rising term, per week' });
    expect(multiples.querySelectorAll('path.visx-linepath')).toHaveLength(2);
    expect(rowsOf('Documents mentioning each rising term, per week')[3]).toEqual(['2026-W43', '20', '8']);
    expect(rowsOf('Falling terms, by momentum')).toEqual([['outage', '-0.90', '0.5×', '12']]);
    expect(rowsOf('Documents mentioning each keyword')).toEqual([['heat pump', '58']]);
    // The store page is public: no figure offers its documents.
    expect(screen.queryByRole('button', { name: /^Show documents/ })).toBeNull();
  });

  it('draws keywords and sentiment for a content analysis', () => {
    render(itemPage('review-analysis'));
    expect(screen.getByRole('img', { name: 'Documents mentioning each keyword' })).toBeTruthy();
    expect(rowsOf('Documents by sentiment')).toEqual([
      ['Positive', '70'],
      ['Neutral', '20'],
      ['Negative', '30'],
    ]);
    expect(screen.getByText(/On average the documents are positive \(\+0\.21/)).toBeTruthy();
    expect(rowsOf('Documents mentioning each key phrase')).toEqual([['easy to clean', '18']]);
    expect(rowsOf('Numbers, dates, money, links… by kind')).toEqual([['$249', 'money', '7']]);
  });

  it('draws narratives for a narrative analysis and sources and days for a news analysis', () => {
    render(itemPage('survey-coding'));
    expect(screen.getByRole('img', { name: 'Documents in each narrative' })).toBeTruthy();
    expect(rowsOf('Documents in each narrative')[0]).toEqual([
      'fewer meetings · focus time',
      '40',
      '44%',
      '-0.20',
      'meetings, focus, time',
    ]);
    expect(screen.getByRole('list', { name: 'Examples of “fewer meetings · focus time”' }).textContent).toBe(
      'Fewer meetings would give me time to focus.',
    );
    cleanup();
    render(itemPage('news-briefing'));
    expect(screen.getByRole('img', { name: 'Documents from each source' })).toBeTruthy();
    expect(rowsOf('Documents from each source')).toEqual([
      ['Energy Daily', '25', '+0.12'],
      ['Grid Watch', '20', '-0.30'],
    ]);
    expect(
      screen.getByRole('img', { name: 'Documents per day' }).querySelectorAll('rect.visx-bar'),
    ).toHaveLength(2);
  });

  it('is drawn at build time: the server-rendered HTML has the charts’ SVG, as wide as the page’s column', () => {
    const html = renderToStaticMarkup(itemPage('brand-monitoring'));
    expect(html).toMatch(/<svg role="img" aria-label="Rising terms, by momentum" data-chart="" width="100%"/);
    expect(html).toContain('class="visx-bar"');
    expect(html).toContain('class="visx-linepath"');
    expect(html).not.toContain('viewBox="0 0 440');
  });

  it('says the sample’s first run is being prepared when it has none, with no chart and Try it still there', () => {
    render(itemPage('news-briefing', false));
    expect(screen.getByText('The first run of this sample is being prepared.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Try it' })).toBeTruthy();
  });
});

describe('the home page', () => {
  beforeEach(() => {
    (useStaticQuery as jest.Mock).mockReturnValue({ allContentCustomerLogo: { nodes: [] } });
  });

  it('presents the workflow store: a few workflows with what their samples found, each linked, and the store (issue 36 point 2)', async () => {
    const highlights = predefinedWorkflows.slice(0, 3).map((workflow) => ({
      id: workflow.id,
      preview: storePreviewOf({
        finishedAt,
        documentsAnalysed: insightsByWorkflow[workflow.id]!.documents.analysed,
        insights: insightsByWorkflow[workflow.id]!,
      }),
    }));
    const context: HomeContext = { storeHighlights: highlights };
    render(<HomePage {...({ pageContext: context } as PageProps<object, HomeContext>)} />);
    const section = screen
      .getByRole('heading', { level: 2, name: 'Ready-made workflows, already run for you' })
      .closest('section') as HTMLElement;
    for (const { id } of highlights) {
      const workflow = predefinedWorkflows.find((candidate) => candidate.id === id)!;
      expect(
        within(section)
          .getByRole('link', { name: new RegExp(`^See what it found ?: ${workflow.name}$`) })
          .getAttribute('href'),
      ).toBe(`/workflow-store/${id}`);
    }
    expect(
      within(section).getAllByRole('img', { name: /documents mentioning its top keywords/ }),
    ).toHaveLength(3);
    expect(
      within(section).getByRole('link', { name: 'Browse the workflow store' }).getAttribute('href'),
    ).toBe('/workflow-store');
    await expectNoAxeViolations();
  });

  it('leaves the section out when the build has no store', () => {
    render(
      <HomePage
        {...({ pageContext: { storeHighlights: [] } } as unknown as PageProps<object, HomeContext>)}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Browse the workflow store' })).toBeNull();
  });
});
