import { theme } from '@dcipher/shared/ui';
import { Link } from 'gatsby';

/** Numbered pages of a list: /blog, /blog/2, /blog/3 … */
export function Pagination({
  basePath,
  currentPage,
  pageCount,
}: {
  basePath: string;
  currentPage: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  const pathOf = (page: number) => (page === 1 ? basePath : `${basePath}/${page}`);
  const linkStyle = {
    display: 'inline-block',
    minWidth: '2.5rem',
    padding: '0.5rem 0.75rem',
    textAlign: 'center' as const,
    borderRadius: theme.radius,
    border: `1px solid ${theme.colors.border}`,
    color: theme.colors.ink,
    textDecoration: 'none',
    '&[aria-current="page"]': {
      background: theme.colors.brand,
      color: theme.colors.onBrand,
      borderColor: theme.colors.brand,
    },
    '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
  };
  return (
    <nav aria-label="Pagination" css={{ marginTop: '2.5rem' }}>
      <ul
        css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', listStyle: 'none', padding: 0, margin: 0 }}
      >
        {currentPage > 1 ? (
          <li>
            <Link to={pathOf(currentPage - 1)} rel="prev" css={linkStyle}>
              Previous
            </Link>
          </li>
        ) : null}
        {Array.from({ length: pageCount }, (_, index) => index + 1).map((page) => (
          <li key={page}>
            <Link
              to={pathOf(page)}
              css={linkStyle}
              aria-current={page === currentPage ? 'page' : undefined}
              aria-label={`Page ${page}`}
            >
              {page}
            </Link>
          </li>
        ))}
        {currentPage < pageCount ? (
          <li>
            <Link to={pathOf(currentPage + 1)} rel="next" css={linkStyle}>
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
