import { graphql, type HeadProps, type PageProps } from 'gatsby';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { ContentCard } from '../components/content-card';
import { Layout } from '../components/layout';
import { CardGrid, PageHero, Section } from '../components/page-sections';
import { Pagination } from '../components/pagination';
import { Seo } from '../components/seo';

interface ListContext {
  heading: string;
  intro: string;
  basePath: string;
  currentPage: number;
  pageCount: number;
}

interface ArticleSummary {
  id: string;
  path: string;
  title: string;
  abstract: string;
  displayDate: string;
  readingMinutes: number;
  imageAlt: string | null;
  imageFile: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null;
}

type Data = { allContentArticle: { nodes: ArticleSummary[] } };

/** Blog, customer success stories and press room: one paginated list template. */
export default function ArticleListPage({ data, pageContext }: PageProps<Data, ListContext>) {
  const articles = data.allContentArticle.nodes;
  return (
    <Layout>
      <PageHero
        title={
          pageContext.currentPage > 1
            ? `${pageContext.heading}, page ${pageContext.currentPage}`
            : pageContext.heading
        }
        lead={pageContext.intro}
      />
      <Section>
        {articles.length === 0 ? (
          <p>
            Nothing has been published here yet. Check back soon, or read our other stories in the meantime.
          </p>
        ) : (
          <CardGrid min="18rem">
            {articles.map((article, index) => (
              <ContentCard
                key={article.id}
                path={article.path}
                title={article.title}
                abstract={article.abstract}
                displayDate={article.displayDate}
                meta={`${article.readingMinutes} min read`}
                image={article.imageFile?.childImageSharp?.gatsbyImageData}
                imageAlt={article.imageAlt}
                eager={index < 3}
              />
            ))}
          </CardGrid>
        )}
        <Pagination
          basePath={pageContext.basePath}
          currentPage={pageContext.currentPage}
          pageCount={pageContext.pageCount}
        />
      </Section>
    </Layout>
  );
}

export const Head = ({ location, pageContext }: HeadProps<Data, ListContext>) => (
  <Seo
    title={
      pageContext.currentPage > 1
        ? `${pageContext.heading} (page ${pageContext.currentPage})`
        : pageContext.heading
    }
    description={pageContext.intro}
    pathname={location.pathname}
  >
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
      }
    }
  }
`;
