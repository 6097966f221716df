import * as v from 'valibot';
import {
  RawBlogPostSchema,
  RawCustomerSchema,
  RawFeatureUpdateSchema,
  RawPressArticleSchema,
  strapiListResponseSchema,
} from './raw-schemas.js';

const blogPost = {
  id: 3,
  documentId: 'abc',
  title: 'Title',
  abstract: 'Abstract',
  content: '# Markdown',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
  publishedAt: '2025-01-02T00:00:00.000Z',
  locale: null,
  overridePublishedAt: null,
  slug: 'title',
  tags: ['a'],
  image: [{ id: 1, url: '/uploads/a.jpg', alternativeText: null, width: 1200, height: 630, formats: {} }],
};

describe('raw CMS schemas', () => {
  it('accept a Strapi 5 blog post, keeping unknown fields', () => {
    const parsed = v.parse(RawBlogPostSchema, blogPost);
    expect(parsed).toMatchObject({ slug: 'title', updatedAt: '2025-01-02T00:00:00.000Z' });
  });

  it('accept null or missing optional fields as a CMS sends them', () => {
    const lenient = {
      ...blogPost,
      abstract: null,
      content: null,
      publishedAt: null,
      tags: null,
      image: null,
      overridePublishedAt: undefined,
    };
    expect(v.safeParse(RawBlogPostSchema, lenient).success).toBe(true);
  });

  it('accept a date-only override', () => {
    expect(v.safeParse(RawBlogPostSchema, { ...blogPost, overridePublishedAt: '2024-12-01' }).success).toBe(
      true,
    );
  });

  it('refuse entries without the fields the site needs', () => {
    expect(v.safeParse(RawBlogPostSchema, { ...blogPost, slug: '' }).success).toBe(false);
    expect(v.safeParse(RawBlogPostSchema, { ...blogPost, createdAt: 'yesterday' }).success).toBe(false);
    expect(v.safeParse(RawBlogPostSchema, { ...blogPost, tags: 'a,b' }).success).toBe(false);
  });

  it('accept a press article (no tags) and a feature update without an image', () => {
    const { tags: _tags, ...pressArticle } = blogPost;
    expect(v.safeParse(RawPressArticleSchema, pressArticle).success).toBe(true);
    const update = {
      title: 'T',
      abstract: 'A',
      body: 'B',
      publishedAt: '2026-01-01T00:00:00.000Z',
      versionName: 'v4.2',
      slug: 'v4-2',
    };
    expect(v.safeParse(RawFeatureUpdateSchema, update).success).toBe(true);
  });

  it('accept a customer with a single media file and no imageHeight', () => {
    const customer = { name: 'Acme', priority: 1, imageHeight: null, image: { url: '/uploads/acme.png' } };
    expect(v.safeParse(RawCustomerSchema, customer).success).toBe(true);
    expect(v.safeParse(RawCustomerSchema, { ...customer, priority: '1' }).success).toBe(false);
  });

  it('read the Strapi 5 list envelope', () => {
    const answer = {
      data: [blogPost],
      meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
    };
    expect(v.parse(strapiListResponseSchema(RawBlogPostSchema), answer).data).toHaveLength(1);
  });
});
