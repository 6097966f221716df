import { ContentCard, type ContentCardProps } from './content-card';
import { Layout } from './layout';
import { CardGrid, PageHero, Section } from './page-sections';
import { Pagination } from './pagination';
import { StoryCard, type StoryCustomer } from './story-card';

/** What gatsby-node passes to every paginated content list (blog, stories, press, product updates). */
export interface ContentListContext {
  heading: string;
  intro: string;
  basePath: string;
  currentPage: number;
  pageCount: number;
}

/** "Blog", or "Blog, page 2" (the h1) / "Blog (page 2)" (the title) after the first page. */
export function listHeading(context: ContentListContext, style: 'heading' | 'title'): string {
  if (context.currentPage <= 1) return context.heading;
  return style === 'heading'
    ? `${context.heading}, page ${context.currentPage}`
    : `${context.heading} (page ${context.currentPage})`;
}

/** One page of a content list: heading, cards (the first row's images load eagerly), pagination. */
export function ContentListPage({
  context,
  cards,
  emptyText,
}: {
  context: ContentListContext;
  /** A card with `story` is a customer success story: logo and headline figure instead of picture and reading time. */
  cards: (ContentCardProps & {
    id: string;
    story?: { customer: StoryCustomer | null; headlineFigure: string | null };
  })[];
  emptyText: string;
}) {
  return (
    <Layout>
      <PageHero title={listHeading(context, 'heading')} lead={context.intro} />
      <Section>
        {cards.length === 0 ? (
          <p>{emptyText}</p>
        ) : (
          <CardGrid min="18rem">
            {cards.map(({ id, story, ...card }, index) =>
              story ? (
                <StoryCard key={id} {...card} {...story} />
              ) : (
                <ContentCard key={id} {...card} eager={index < 3} />
              ),
            )}
          </CardGrid>
        )}
        <Pagination
          basePath={context.basePath}
          currentPage={context.currentPage}
          pageCount={context.pageCount}
        />
      </Section>
    </Layout>
  );
}
