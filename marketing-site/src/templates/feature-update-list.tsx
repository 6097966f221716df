import { graphql, type HeadProps, type PageProps } from 'gatsby';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { type ContentListContext, ContentListPage, listHeading } from '../components/content-list';
import { Seo } from '../components/seo';

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

export default function FeatureUpdateListPage({ data, pageContext }: PageProps<Data, ContentListContext>) {
  return (
    <ContentListPage
      context={pageContext}
      emptyText="No product updates have been published yet."
      cards={data.allContentFeatureUpdate.nodes.map((item) => ({
        id: item.id,
        path: item.path,
        title: item.title,
        abstract: item.abstract,
        displayDate: item.displayDate,
        meta: `Version ${item.versionName}`,
        image: item.imageFile?.childImageSharp?.gatsbyImageData,
        imageAlt: item.imageAlt,
      }))}
    />
  );
}

export const Head = ({ location, pageContext }: HeadProps<Data, ContentListContext>) => (
  <Seo
    title={listHeading(pageContext, 'title')}
    description={pageContext.intro}
    pathname={location.pathname}
  ></Seo>
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
