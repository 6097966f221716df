import { createContentClient } from './content-client.js';
import { ContentServiceError } from './content-service-error.js';

interface Recorded {
  url: string;
  authorization: string | null;
}

function fakeCms(answer: (url: string) => { status: number; body?: unknown }) {
  const requests: Recorded[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({ url: request.url, authorization: request.headers.get('authorization') });
    const { status, body } = answer(request.url);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { requests, fetch: fetchImpl as typeof fetch };
}

const post = (slug: string) => ({
  id: 1,
  documentId: `doc-${slug}`,
  title: `Post ${slug}`,
  abstract: 'Abstract',
  content: 'Content',
  createdAt: '2025-05-01T10:00:00.000Z',
  publishedAt: '2025-05-02T10:00:00.000Z',
  overridePublishedAt: null,
  slug,
  tags: null,
  image: null,
});

const strapiList = (data: unknown[], page = 1, pageCount = 1) => ({
  data,
  meta: { pagination: { page, pageSize: 100, pageCount, total: data.length } },
});

const noop = () => {};

describe('content client, spec REST flavour', () => {
  it('lists a collection with the publication state and the bearer token', async () => {
    const cms = fakeCms(() => ({ status: 200, body: [post('a'), post('b')] }));
    const client = createContentClient({
      baseUrl: 'https://cms.test',
      token: 'cms-token',
      flavour: 'rest',
      fetch: cms.fetch,
      onUnauthorized: noop,
    });
    const posts = await client.list('blog-posts');
    expect(posts.map((entry) => entry.slug)).toEqual(['a', 'b']);
    expect(cms.requests).toEqual([
      { url: 'https://cms.test/blog-posts?_publicationState=live', authorization: 'Bearer cms-token' },
    ]);
  });

  it('keeps a base URL path and sorts customers', async () => {
    const cms = fakeCms(() => ({ status: 200, body: [] }));
    const client = createContentClient({
      baseUrl: 'https://cms.test/content/',
      flavour: 'rest',
      fetch: cms.fetch,
      onUnauthorized: noop,
    });
    await client.list('customers', 'preview');
    expect(cms.requests).toEqual([
      {
        url: 'https://cms.test/content/customers?_publicationState=preview&_sort=priority:ASC',
        authorization: null,
      },
    ]);
  });

  it('finds one entry by slug, and undefined for an empty list', async () => {
    const cms = fakeCms((url) => ({ status: 200, body: url.includes('slug_eq=a') ? [post('a')] : [] }));
    const client = createContentClient({
      baseUrl: 'https://cms.test',
      flavour: 'rest',
      fetch: cms.fetch,
      onUnauthorized: noop,
    });
    expect((await client.bySlug('blog-posts', 'a'))?.title).toBe('Post a');
    expect(await client.bySlug('blog-posts', 'missing', 'preview')).toBeUndefined();
    expect(cms.requests.map((request) => request.url)).toEqual([
      'https://cms.test/blog-posts?_publicationState=live&slug_eq=a',
      'https://cms.test/blog-posts?_publicationState=preview&slug_eq=missing',
    ]);
  });
});

describe('content client, Strapi 5 flavour', () => {
  it('asks for published entries with media, page by page', async () => {
    const cms = fakeCms((url) =>
      url.includes('pagination[page]=1')
        ? { status: 200, body: strapiList([post('a')], 1, 2) }
        : { status: 200, body: strapiList([post('b')], 2, 2) },
    );
    const client = createContentClient({
      baseUrl: 'https://cms.test',
      flavour: 'strapi5',
      fetch: cms.fetch,
      onUnauthorized: noop,
    });
    const posts = await client.list('blog-posts');
    expect(posts.map((entry) => entry.slug)).toEqual(['a', 'b']);
    expect(cms.requests.map((request) => request.url)).toEqual([
      'https://cms.test/api/blog-posts?status=published&populate=*&pagination[page]=1&pagination[pageSize]=100',
      'https://cms.test/api/blog-posts?status=published&populate=*&pagination[page]=2&pagination[pageSize]=100',
    ]);
  });

  it('finds one entry by slug with a filter', async () => {
    const cms = fakeCms(() => ({ status: 200, body: strapiList([post('my-post')]) }));
    const client = createContentClient({
      baseUrl: 'https://cms.test',
      flavour: 'strapi5',
      fetch: cms.fetch,
      onUnauthorized: noop,
    });
    expect((await client.bySlug('blog-posts', 'my-post', 'preview'))?.slug).toBe('my-post');
    expect(cms.requests[0]?.url).toBe(
      'https://cms.test/api/blog-posts?status=draft&filters[slug][$eq]=my-post&populate=*',
    );
  });

  it('gives undefined when the filtered list is empty', async () => {
    const cms = fakeCms(() => ({ status: 200, body: strapiList([]) }));
    const client = createContentClient({
      baseUrl: 'https://cms.test',
      flavour: 'strapi5',
      fetch: cms.fetch,
      onUnauthorized: noop,
    });
    expect(await client.bySlug('press-articles', 'nothing')).toBeUndefined();
  });
});

describe('content client errors', () => {
  it('calls onUnauthorized on a 401 and throws a clear error', async () => {
    const cms = fakeCms(() => ({ status: 401, body: { error: { status: 401, name: 'UnauthorizedError' } } }));
    const onUnauthorized = jest.fn();
    const client = createContentClient({
      baseUrl: 'https://cms.test',
      token: 'expired',
      flavour: 'strapi5',
      fetch: cms.fetch,
      onUnauthorized,
    });
    const failure = client.list('customers');
    await expect(failure).rejects.toBeInstanceOf(ContentServiceError);
    await expect(failure).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    await expect(failure).rejects.toThrow(
      'The content service refused the request for customers (401 Unauthorized)',
    );
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('calls onUnauthorized on a 401 for one entry too', async () => {
    const cms = fakeCms(() => ({ status: 401 }));
    const onUnauthorized = jest.fn();
    const client = createContentClient({
      baseUrl: 'https://cms.test',
      flavour: 'rest',
      fetch: cms.fetch,
      onUnauthorized,
    });
    await expect(client.bySlug('blog-posts', 'a')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('throws an HTTP error for other failures, without onUnauthorized', async () => {
    const cms = fakeCms(() => ({ status: 503 }));
    const onUnauthorized = jest.fn();
    const client = createContentClient({
      baseUrl: 'https://cms.test',
      flavour: 'rest',
      fetch: cms.fetch,
      onUnauthorized,
    });
    await expect(client.list('blog-posts')).rejects.toMatchObject({ code: 'HTTP_ERROR', status: 503 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('refuses an entry that does not match the schema, naming the field', async () => {
    const cms = fakeCms(() => ({ status: 200, body: [post('a'), { ...post('b'), title: 42 }] }));
    const client = createContentClient({
      baseUrl: 'https://cms.test',
      flavour: 'rest',
      fetch: cms.fetch,
      onUnauthorized: noop,
    });
    await expect(client.list('blog-posts')).rejects.toThrow('Invalid blog-posts entry at index 1: title:');
  });

  it('refuses an answer that is not a list', async () => {
    const cms = fakeCms(() => ({ status: 200, body: { message: 'hello' } }));
    const client = createContentClient({
      baseUrl: 'https://cms.test',
      flavour: 'strapi5',
      fetch: cms.fetch,
      onUnauthorized: noop,
    });
    await expect(client.list('blog-posts')).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('reports a network failure', async () => {
    const failingFetch = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const client = createContentClient({
      baseUrl: 'https://cms.test',
      flavour: 'rest',
      fetch: failingFetch,
      onUnauthorized: noop,
    });
    await expect(client.list('blog-posts')).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
  });
});
