import { Link } from 'gatsby';
import type { ReactNode } from 'react';
import type { NavLink } from './site-links';

/**
 * A Gatsby link for site pages, a plain anchor for files and other sites. Styled with the `css` prop by its callers:
 * Emotion turns that into a `className`, which must reach the element (it used not to, and every header and footer
 * link showed as a default blue underlined browser link).
 */
export function NavAnchor({
  link,
  className,
  children,
  onClick,
}: {
  link: NavLink;
  className?: string;
  children?: ReactNode;
  onClick?: () => void;
}) {
  if (link.external) {
    const offSite = /^https?:/.test(link.to);
    return (
      <a
        href={link.to}
        className={className}
        onClick={onClick}
        {...(offSite ? { rel: 'noopener noreferrer' } : {})}
      >
        {children ?? link.label}
      </a>
    );
  }
  return (
    <Link to={link.to} className={className} onClick={onClick}>
      {children ?? link.label}
    </Link>
  );
}
