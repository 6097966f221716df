import type { ContentCollection, PublicationState } from './content-collections.js';

export interface ContentPathOptions {
  publicationState: PublicationState;
  /** Asks for the one entry with this slug; the answer is still a list. */
  slug?: string;
}

export interface StrapiPathOptions extends ContentPathOptions {
  /** 1-based page; when given, pages of `strapiPageSize` entries are asked for. */
  page?: number;
}

/** Strapi 5's default maximum page size (`api.rest.maxLimit`). */
export const strapiPageSize = 100;

// Keys and fixed values are written as the CMS documents them (`filters[slug][$eq]`, `populate=*`,
// `priority:asc`): browsers and fetch send them unchanged. Only caller-provided values (the slug) are encoded, so
// a slug can never add or change a query parameter.
function joinQuery(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([key, value]) => `${key}=${value}`).join('&');
}

/**
 * The spec's REST content service path (product-spec section 7), e.g.
 * `/blog-posts?_publicationState=live&slug_eq=my-post`. Customers are sorted ascending by priority.
 */
export function contentPath(collection: ContentCollection, options: ContentPathOptions): string {
  const pairs: Array<readonly [string, string]> = [['_publicationState', options.publicationState]];
  if (options.slug !== undefined) pairs.push(['slug_eq', encodeURIComponent(options.slug)]);
  if (collection === 'customers') pairs.push(['_sort', 'priority:ASC']);
  return `/${collection}?${joinQuery(pairs)}`;
}

/**
 * The Strapi 5 equivalent of `contentPath`, e.g.
 * `/api/blog-posts?status=published&filters[slug][$eq]=my-post&populate=*`.
 */
export function strapiPath(collection: ContentCollection, options: StrapiPathOptions): string {
  const pairs: Array<readonly [string, string]> = [
    ['status', options.publicationState === 'live' ? 'published' : 'draft'],
  ];
  if (options.slug !== undefined) pairs.push(['filters[slug][$eq]', encodeURIComponent(options.slug)]);
  pairs.push(['populate', '*']);
  if (collection === 'customers') pairs.push(['sort', 'priority:asc']);
  if (options.page !== undefined) {
    pairs.push(['pagination[page]', String(options.page)], ['pagination[pageSize]', String(strapiPageSize)]);
  }
  return `/api/${collection}?${joinQuery(pairs)}`;
}
