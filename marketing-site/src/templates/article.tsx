import { formatDate } from '@dcipher/shared/format';
import { theme } from '@dcipher/shared/ui';
import { graphql, type HeadProps, Link, type PageProps } from 'gatsby';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { Layout } from '../components/layout';
import { Prose } from '../components/page-sections';
import { ResponsiveImage } from '../components/responsive-image';
import { Seo } from '../components/seo';
import { HeadlineFigure, type StoryCustomer, StoryLogo } from '../components/story-card';

interface ArticleContext {
  listPath: string;
  listHeading: string;
}

interface Article {
  kind: string;
  title: string;
  abstract: string;
  html: string;
  displayDate: string;
  tags: string[];
  readingMinutes: number;
  imageAlt: string | null;
  imageFile: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null;
  headlineFigure: string | null;
  customerLogo: StoryCustomer | null;
}

type Data = { contentArticle: Article };

/** One blog post, customer success story or press article. The HTML was sanitised when the content was sourced. */
export default function ArticlePage({ data, pageContext }: PageProps<Data, ArticleContext>) {
  const article = data.contentArticle;
  const image = article.imageFile?.childImageSharp?.gatsbyImageData;
  return (
    <Layout>
      <article css={{ padding: '2.5rem clamp(1rem, 6vw, 5rem)', maxWidth: '60rem', margin: '0 auto' }}>
        <p css={{ margin: '0 0 1rem' }}>
          <Link to={pageContext.listPath}>← {pageContext.listHeading}</Link>
        </p>
        <h1 css={{ fontSize: 'clamp(1.9rem, 4vw, 2.7rem)', lineHeight: 1.2, margin: '0 0 0.75rem' }}>
          {article.title}
        </h1>
        <p css={{ color: theme.colors.muted, margin: '0 0 1.5rem' }}>
          <time dateTime={article.displayDate}>{formatDate(article.displayDate)}</time> ·{' '}
          {article.readingMinutes} min read
        </p>
        {article.kind === 'customer-success-story' && (article.customerLogo || article.headlineFigure) ? (
          <aside
            aria-label="The result"
            css={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: '1rem 2rem',
              padding: '1.25rem 1.5rem',
              margin: '0 0 1.5rem',
              borderRadius: '12px',
              background: theme.colors.canvas,
              borderLeft: `4px solid ${theme.colors.brand}`,
            }}
          >
            {article.customerLogo ? <StoryLogo customer={article.customerLogo} /> : null}
            {article.headlineFigure ? <HeadlineFigure>{article.headlineFigure}</HeadlineFigure> : null}
          </aside>
        ) : null}
        <p css={{ fontSize: '1.2rem', color: theme.colors.muted, maxWidth: '65ch' }}>{article.abstract}</p>
        {image ? (
          <ResponsiveImage
            image={image}
            alt={article.imageAlt ?? ''}
            loading="eager"
            css={{ borderRadius: '12px', margin: '1.5rem 0' }}
          />
        ) : null}
        <Prose>
          {/* CMS HTML is sanitised at build time (renderMarkdown in @dcipher/shared/content) */}
          <div dangerouslySetInnerHTML={{ __html: article.html }} />
        </Prose>
        {article.tags.length > 0 ? (
          <ul
            aria-label="Tags"
            css={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: '0.5rem',
              listStyle: 'none',
              padding: 0,
              marginTop: '2rem',
            }}
          >
            {article.tags.map((tag) => (
              <li
                key={tag}
                css={{
                  background: theme.colors.canvas,
                  borderRadius: '999px',
                  padding: '0.25rem 0.75rem',
                  fontSize: '0.9rem',
                }}
              >
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
      </article>
    </Layout>
  );
}

export const Head = ({ data, location }: HeadProps<Data, ArticleContext>) => {
  const image = data.contentArticle.imageFile?.childImageSharp?.gatsbyImageData;
  return (
    <Seo
      title={data.contentArticle.title}
      description={data.contentArticle.abstract.slice(0, 300)}
      pathname={location.pathname}
      type="article"
      {...(image ? { image: image.images.fallback?.src ?? '' } : {})}
    />
  );
};

export const query = graphql`
  query ArticlePage($id: String!) {
    contentArticle(id: { eq: $id }) {
      kind
      title
      abstract
      html
      displayDate
      tags
      readingMinutes
      imageAlt
      imageFile {
        childImageSharp {
          gatsbyImageData(width: 1200, aspectRatio: 1.905, layout: CONSTRAINED, placeholder: DOMINANT_COLOR)
        }
      }
      headlineFigure
      customerLogo {
        ...CustomerLogoFields
      }
    }
  }
`;
