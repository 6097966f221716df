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

interface UpdateSummary {
  id: string;
  path: string;
  title: string;
  abstract: string;
  displayDate: string;
  versionName: string;
  imageAlt: string | null;
  imageFile: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null;
}

type Data = { allContentFeatureUpdate: { nodes: UpdateSummary[] } };

export default function FeatureUpdateListPage({ data, pageContext }: PageProps<Data, ListContext>) {
  const updates = data.allContentFeatureUpdate.nodes;
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
        {updates.length === 0 ? (
          <p>No product updates have been published yet.</p>
        ) : (
          <CardGrid min="18rem">
            {updates.map((update, index) => (
              <ContentCard
                key={update.id}
                path={update.path}
                title={update.title}
                abstract={update.abstract}
                displayDate={update.displayDate}
                meta={`Version ${update.versionName}`}
                image={update.imageFile?.childImageSharp?.gatsbyImageData}
                imageAlt={update.imageAlt}
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
  />
);

export const query = graphql`
  query FeatureUpdateList($skip: Int!, $limit: Int!) {
    allContentFeatureUpdate(sort: { displayDate: DESC }, skip: $skip, limit: $limit) {
      nodes {
        id
        path
        title
        abstract
        displayDate
        versionName
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
