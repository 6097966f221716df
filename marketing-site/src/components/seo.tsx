import { defaultDescription, pageTitle } from '@dcipher/shared/domain';
import { graphql, useStaticQuery } from 'gatsby';

export interface SeoProps {
  title?: string;
  description?: string;
  /** The page's path, for the canonical URL and og:url. */
  pathname: string;
  /** An absolute or site-relative image for social cards. */
  image?: string;
  type?: 'website' | 'article';
  /** Keep this page out of search results (forms' thank-you pages, maintenance). */
  noIndex?: boolean;
  children?: React.ReactNode;
}

/** Head tags: "Dcipher" or "Dcipher | {title}", description, canonical URL, Open Graph and Twitter cards. */
export function Seo({
  title,
  description = defaultDescription,
  pathname,
  image,
  type = 'website',
  noIndex,
  children,
}: SeoProps) {
  const { site } = useStaticQuery<{ site: { siteMetadata: { siteUrl: string } } }>(graphql`
    query SeoSiteUrl {
      site {
        siteMetadata {
          siteUrl
        }
      }
    }
  `);
  const siteUrl = site.siteMetadata.siteUrl.replace(/\/$/, '');
  const fullTitle = pageTitle(title);
  const canonical = `${siteUrl}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}`;
  const imageUrl = image
    ? /^https?:/.test(image)
      ? image
      : `${siteUrl}${image}`
    : `${siteUrl}/social-card.png`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <meta name="theme-color" content="#3b3fd8" />
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:site_name" content="Dcipher" />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={imageUrl} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      {children}
    </>
  );
}
