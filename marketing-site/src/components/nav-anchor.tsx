import type { CSSObject } from '@emotion/react';
import { Link } from 'gatsby';
import type { ReactNode } from 'react';
import type { NavLink } from './site-links';

/** A Gatsby link for site pages, a plain anchor for files and other sites. */
export function NavAnchor({ link, css, children }: { link: NavLink; css?: CSSObject; children?: ReactNode }) {
  if (link.external) {
    const offSite = /^https?:/.test(link.to);
    return (
      <a href={link.to} css={css} {...(offSite ? { rel: 'noopener noreferrer' } : {})}>
        {children ?? link.label}
      </a>
    );
  }
  return (
    <Link to={link.to} css={css}>
      {children ?? link.label}
    </Link>
  );
}
