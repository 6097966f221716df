import { theme } from '@dcipher/shared/ui';
import { Link } from 'gatsby';
import { useEffect, useId, useState } from 'react';
import { queryFromPath, type SearchEntry, searchPages } from './site-search';

type IndexState = { state: 'loading' } | { state: 'ready'; entries: SearchEntry[] } | { state: 'failed' };

/**
 * A search of the site's pages for the not-found page: it starts with the words of the address that was not
 * found, and the index (a small JSON file the build writes) is fetched only here.
 */
export function SiteSearchForm({ pathname }: { pathname: string }) {
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState<IndexState>({ state: 'loading' });
  const inputId = useId();

  useEffect(() => {
    setQuery(queryFromPath(pathname));
  }, [pathname]);

  useEffect(() => {
    let current = true;
    fetch('/search-index.json')
      .then((response) =>
        response.ok ? response.json() : Promise.reject(new Error(String(response.status))),
      )
      .then(
        (entries: SearchEntry[]) => current && setIndex({ state: 'ready', entries }),
        () => current && setIndex({ state: 'failed' }),
      );
    return () => {
      current = false;
    };
  }, []);

  const results = index.state === 'ready' ? searchPages(index.entries, query) : [];
  const summary =
    index.state === 'loading'
      ? ''
      : index.state === 'failed'
        ? 'The search is not available right now. The links below still work.'
        : query.trim() === ''
          ? ''
          : results.length === 0
            ? `No pages match “${query.trim()}”.`
            : `${results.length} ${results.length === 1 ? 'page matches' : 'pages match'} “${query.trim()}”.`;

  return (
    <div css={{ display: 'block', maxWidth: '36rem', margin: '0 auto 2rem', textAlign: 'left' }}>
      {/* biome-ignore lint/a11y/useSemanticElements: React 18 warns about <search>, unknown to older browsers; a form with role="search" is the same landmark */}
      <form role="search" aria-label="Search the site" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} css={{ display: 'block', fontWeight: 600, marginBottom: '0.35rem' }}>
          Search the site's pages
        </label>
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          maxLength={100}
          autoComplete="off"
          css={{
            font: 'inherit',
            width: '100%',
            boxSizing: 'border-box',
            minHeight: '44px',
            padding: '0.6rem 0.75rem',
            borderRadius: theme.radius,
            border: `1px solid ${theme.colors.border}`,
            '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 1 },
          }}
        />
      </form>
      <p role="status" css={{ color: theme.colors.muted, minHeight: '1.5em', margin: '0.5rem 0' }}>
        {summary}
      </p>
      {results.length > 0 ? (
        <ul
          aria-label="Matching pages"
          css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '0.5rem' }}
        >
          {results.map((result) => (
            <li key={result.path}>
              <Link to={result.path} css={{ fontWeight: 600 }}>
                {result.title}
              </Link>
              {result.description ? (
                <p css={{ margin: '0.15rem 0 0', color: theme.colors.muted, fontSize: '0.95rem' }}>
                  {result.description}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
