import { graphql, type HeadProps, type PageProps } from 'gatsby';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { type ContentListContext, ContentListPage, listHeading } from '../components/content-list';
import { Seo } from '../components/seo';
import type { StoryCustomer } from '../components/story-card';

interface ArticleSummary {
  id: string;
  kind: string;
  path: string;
  title: string;
  abstract: string;
  displayDate: string;
  readingMinutes: number;
  imageAlt: string | null;
  imageFile: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null;
  headlineFigure: string | null;
  customerLogo: StoryCustomer | null;
}

type Data = { allContentArticle: { nodes: ArticleSummary[] } };

/** Blog, customer success stories and press room: one paginated list template. */
export default function ArticleListPage({ data, pageContext }: PageProps<Data, ContentListContext>) {
  return (
    <ContentListPage
      context={pageContext}
      emptyText="Nothing has been published here yet. Check back soon, or read our other stories in the meantime."
      cards={data.allContentArticle.nodes.map((item) => ({
        id: item.id,
        path: item.path,
        title: item.title,
        abstract: item.abstract,
        displayDate: item.displayDate,
        meta: `${item.readingMinutes} min read`,
        image: item.imageFile?.childImageSharp?.gatsbyImageData,
        imageAlt: item.imageAlt,
        ...(item.kind === 'customer-success-story'
          ? { story: { customer: item.customerLogo, headlineFigure: item.headlineFigure } }
          : {}),
      }))}
    />
  );
}

export const Head = ({ location, pageContext }: HeadProps<Data, ContentListContext>) => (
  <Seo title={listHeading(pageContext, 'title')} description={pageContext.intro} pathname={location.pathname}>
    {pageContext.basePath === '/blog' ? (
      <link rel="alternate" type="application/rss+xml" title="Dcipher blog" href="/rss.xml" />
    ) : null}
  </Seo>
);

export const query = graphql`
  query ArticleList($kind: String!, $skip: Int!, $limit: Int!) {
    allContentArticle(filter: { kind: { eq: $kind } }, sort: { displayDate: DESC }, skip: $skip, limit: $limit) {
      nodes {
        id
        kind
        path
        title
        abstract
        displayDate
        readingMinutes
        imageAlt
        imageFile {
          childImageSharp {
            gatsbyImageData(width: 600, aspectRatio: 1.905, layout: CONSTRAINED, placeholder: DOMINANT_COLOR)
          }
        }
        headlineFigure
        customerLogo {
          ...CustomerLogoFields
        }
      }
    }
  }
`;
