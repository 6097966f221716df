import { contentPath, strapiPath } from './content-path.js';

describe('contentPath (the spec REST service)', () => {
  it('lists a collection in a publication state', () => {
    expect(contentPath('blog-posts', { publicationState: 'live' })).toBe(
      '/blog-posts?_publicationState=live',
    );
    expect(contentPath('press-articles', { publicationState: 'preview' })).toBe(
      '/press-articles?_publicationState=preview',
    );
  });

  it('asks for one entry by slug', () => {
    expect(contentPath('blog-posts', { publicationState: 'live', slug: 'my-post' })).toBe(
      '/blog-posts?_publicationState=live&slug_eq=my-post',
    );
    expect(contentPath('feature-updates', { publicationState: 'preview', slug: 'v4-2' })).toBe(
      '/feature-updates?_publicationState=preview&slug_eq=v4-2',
    );
  });

  it('sorts customers ascending by priority', () => {
    expect(contentPath('customers', { publicationState: 'live' })).toBe(
      '/customers?_publicationState=live&_sort=priority:ASC',
    );
  });

  it('encodes the slug so it cannot add parameters', () => {
    expect(contentPath('customer-success-stories', { publicationState: 'live', slug: 'a b&_limit=1' })).toBe(
      '/customer-success-stories?_publicationState=live&slug_eq=a%20b%26_limit%3D1',
    );
  });
});

describe('strapiPath (Strapi 5)', () => {
  it('lists published entries with their media', () => {
    expect(strapiPath('blog-posts', { publicationState: 'live' })).toBe(
      '/api/blog-posts?status=published&populate=*',
    );
  });

  it('lists drafts in preview', () => {
    expect(strapiPath('feature-updates', { publicationState: 'preview' })).toBe(
      '/api/feature-updates?status=draft&populate=*',
    );
  });

  it('filters by slug', () => {
    expect(strapiPath('blog-posts', { publicationState: 'live', slug: 'my-post' })).toBe(
      '/api/blog-posts?status=published&filters[slug][$eq]=my-post&populate=*',
    );
  });

  it('sorts customers ascending by priority', () => {
    expect(strapiPath('customers', { publicationState: 'live' })).toBe(
      '/api/customers?status=published&populate=*&sort=priority:asc',
    );
  });

  it('asks for a page of 100 entries', () => {
    expect(strapiPath('customers', { publicationState: 'live', page: 2 })).toBe(
      '/api/customers?status=published&populate=*&sort=priority:asc&pagination[page]=2&pagination[pageSize]=100',
    );
  });

  it('encodes the slug so it cannot add filters', () => {
    expect(strapiPath('press-articles', { publicationState: 'preview', slug: 'x&filters[id][$gt]=0' })).toBe(
      '/api/press-articles?status=draft&filters[slug][$eq]=x%26filters%5Bid%5D%5B%24gt%5D%3D0&populate=*',
    );
  });
});
