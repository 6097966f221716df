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

/**
 * The site's icon (static/favicon.svg, 284 bytes) in the page itself: the browser would otherwise fetch it while
 * the page first paints, a request Lighthouse's simulation counts as needed for that paint (docs/decisions/0084).
 */
const iconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>Dcipher</title><rect width="64" height="64" rx="14" fill="#3b3fd8"/><path d="M18 14h14c11 0 18 7 18 18s-7 18-18 18H18z" fill="none" stroke="#fff" stroke-width="6"/><circle cx="32" cy="32" r="5" fill="#f5a524"/></svg>';
export const iconHref = `data:image/svg+xml,${encodeURIComponent(iconSvg)}`;

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
      <link rel="icon" href={iconHref} type="image/svg+xml" />
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
