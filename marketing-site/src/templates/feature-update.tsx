import { formatDate } from '@dcipher/shared/format';
import { theme } from '@dcipher/shared/ui';
import { graphql, type HeadProps, Link, type PageProps } from 'gatsby';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { Layout } from '../components/layout';
import { Prose } from '../components/page-sections';
import { ResponsiveImage } from '../components/responsive-image';
import { Seo } from '../components/seo';

interface FeatureUpdate {
  title: string;
  abstract: string;
  html: string;
  displayDate: string;
  versionName: string;
  imageAlt: string | null;
  imageFile: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null;
}

type Data = { contentFeatureUpdate: FeatureUpdate };

export default function FeatureUpdatePage({ data }: PageProps<Data>) {
  const update = data.contentFeatureUpdate;
  const image = update.imageFile?.childImageSharp?.gatsbyImageData;
  return (
    <Layout>
      <article css={{ padding: '2.5rem clamp(1rem, 6vw, 5rem)', maxWidth: '60rem', margin: '0 auto' }}>
        <p css={{ margin: '0 0 1rem' }}>
          <Link to="/product-updates">← Product updates</Link>
        </p>
        <h1 css={{ fontSize: 'clamp(1.9rem, 4vw, 2.7rem)', lineHeight: 1.2, margin: '0 0 0.75rem' }}>
          {update.title}
        </h1>
        <p css={{ color: theme.colors.muted, margin: '0 0 1.5rem' }}>
          Version {update.versionName} · released{' '}
          <time dateTime={update.displayDate}>{formatDate(update.displayDate)}</time>
        </p>
        <p css={{ fontSize: '1.2rem', color: theme.colors.muted, maxWidth: '65ch' }}>{update.abstract}</p>
        {image ? (
          <ResponsiveImage
            image={image}
            alt={update.imageAlt ?? ''}
            loading="eager"
            css={{ borderRadius: '12px', margin: '1.5rem 0' }}
          />
        ) : null}
        <Prose>
          {/* CMS HTML is sanitised at build time (renderMarkdown in @dcipher/shared/content) */}
          <div dangerouslySetInnerHTML={{ __html: update.html }} />
        </Prose>
      </article>
    </Layout>
  );
}

export const Head = ({ data, location }: HeadProps<Data>) => {
  const image = data.contentFeatureUpdate.imageFile?.childImageSharp?.gatsbyImageData;
  return (
    <Seo
      title={`${data.contentFeatureUpdate.title} (${data.contentFeatureUpdate.versionName})`}
      description={data.contentFeatureUpdate.abstract.slice(0, 300)}
      pathname={location.pathname}
      type="article"
      {...(image ? { image: image.images.fallback?.src ?? '' } : {})}
    />
  );
};

export const query = graphql`
  query FeatureUpdatePage($id: String!) {
    contentFeatureUpdate(id: { eq: $id }) {
      title
      abstract
      html
      displayDate
      versionName
      imageAlt
      imageFile {
        childImageSharp {
          gatsbyImageData(width: 1200, layout: CONSTRAINED, placeholder: DOMINANT_COLOR)
        }
      }
    }
  }
`;
