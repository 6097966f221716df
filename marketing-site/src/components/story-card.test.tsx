import { cleanup, render, screen, within } from '@testing-library/react';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import ArticlePage from '../templates/article';
import { ContentListPage } from './content-list';
import type { StoryCustomer } from './story-card';

afterEach(cleanup);

const logo: IGatsbyImageData = {
  layout: 'fixed',
  width: 140,
  height: 52,
  images: { fallback: { src: '/static/logo-kestrelby-research.png' }, sources: [] },
};
const kestrelby: StoryCustomer = {
  name: 'Kestrelby Research',
  imageAlt: 'Kestrelby Research logo',
  renderWidth: 140,
  renderHeight: 48,
  imageFile: { childImageSharp: { gatsbyImageData: logo } },
};
const cover: IGatsbyImageData = {
  layout: 'constrained',
  width: 600,
  height: 315,
  images: { fallback: { src: '/static/story-cover.jpg' }, sources: [] },
};
const context = {
  heading: 'Customer success stories',
  intro: 'How teams use Dcipher.',
  basePath: '/customer-success-stories',
  currentPage: 1,
  pageCount: 1,
};
const card = {
  id: 'story-1',
  path: '/customer-success-stories/kestrelby-research-agency-productivity',
  title: 'Kestrelby Research delivers qualitative projects 40 percent faster',
  abstract: 'A boutique research agency uses report templates.',
  displayDate: '2025-12-03T08:00:00.000Z',
  meta: '3 min read',
  image: cover,
  imageAlt: 'Abstract illustration: a flowing streamgraph',
};

describe('a customer success story in the list', () => {
  it("leads with the customer's logo and the headline figure, not a cover picture and a reading time", () => {
    render(
      <ContentListPage
        context={context}
        emptyText="None yet"
        cards={[{ ...card, story: { customer: kestrelby, headlineFigure: '−40% time to final report' } }]}
      />,
    );
    const story = screen.getByRole('article');
    const logoImage = within(story).getByRole('img', { name: 'Kestrelby Research logo' });
    expect(logoImage.getAttribute('src')).toBe('/static/logo-kestrelby-research.png');
    expect(within(story).getAllByRole('img')).toHaveLength(1);
    expect(within(story).getByText('−40% time to final report').tagName).toBe('P');
    expect(within(story).getByRole('link', { name: card.title }).getAttribute('href')).toBe(card.path);
    expect(story.textContent).toContain('Kestrelby Research · 03 Dec 2025');
    expect(story.textContent).not.toContain('min read');
  });

  it('a blog post in the same list keeps its picture and reading time', () => {
    render(<ContentListPage context={context} emptyText="None yet" cards={[card]} />);
    const post = screen.getByRole('article');
    expect(within(post).getByRole('img', { name: card.imageAlt }).getAttribute('src')).toBe(
      '/static/story-cover.jpg',
    );
    expect(post.textContent).toContain('3 min read');
  });
});

describe('a customer success story page', () => {
  it("shows the customer's logo and the headline figure above the story", () => {
    const props = {
      data: {
        contentArticle: {
          kind: 'customer-success-story',
          title: card.title,
          abstract: card.abstract,
          html: '<p>The story.</p>',
          displayDate: card.displayDate,
          tags: [],
          readingMinutes: 3,
          imageAlt: null,
          imageFile: null,
          headlineFigure: '−40% time to final report',
          customerLogo: kestrelby,
        },
      },
      pageContext: { listPath: '/customer-success-stories', listHeading: 'Customer success stories' },
    };
    // biome-ignore lint/suspicious/noExplicitAny: the page reads only data and pageContext of Gatsby's page props
    render(<ArticlePage {...(props as any)} />);
    const result = screen.getByRole('complementary', { name: 'The result' });
    expect(within(result).getByRole('img', { name: 'Kestrelby Research logo' })).toBeDefined();
    expect(result.textContent).toContain('−40% time to final report');
    // Before the story itself.
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.compareDocumentPosition(result) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      result.compareDocumentPosition(screen.getByText('The story.')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});
