// The marketing site builds from a bundled content snapshot when no CMS is configured. This test reads every
// snapshot file through the raw schemas and the normalisation, so a broken snapshot fails CI here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import { type ContentCollection, contentCollections, contentEntrySchemas } from './content-collections.js';
import {
  type Article,
  normaliseBlogPost,
  normaliseCustomerSuccessStory,
  normalisePressArticle,
} from './normalise-article.js';
import { normaliseCustomers } from './normalise-customer.js';
import { normaliseFeatureUpdate } from './normalise-feature-update.js';
import {
  type RawBlogPost,
  type RawCustomer,
  type RawFeatureUpdate,
  type RawMediaField,
  type RawPressArticle,
  strapiListResponseSchema,
} from './raw-schemas.js';

const snapshotDir = resolve(__dirname, '../../../marketing-site/content/snapshot');
const uploadsDir = join(snapshotDir, 'uploads');
const latestDate = Date.parse('2026-11-20T23:59:59.999Z');
const kebabCase = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function readCollection<TCollection extends ContentCollection>(collection: TCollection) {
  const payload: unknown = JSON.parse(readFileSync(join(snapshotDir, `${collection}.json`), 'utf8'));
  return v.parse(strapiListResponseSchema(contentEntrySchemas[collection]), payload);
}

const blogPosts = readCollection('blog-posts').data as RawBlogPost[];
const stories = readCollection('customer-success-stories').data as RawBlogPost[];
const pressArticles = readCollection('press-articles').data as RawPressArticle[];
const featureUpdates = readCollection('feature-updates').data as RawFeatureUpdate[];
const customers = readCollection('customers').data as RawCustomer[];

const articles: Article[] = [
  ...blogPosts.map((entry) => normaliseBlogPost(entry)),
  ...stories.map((entry) => normaliseCustomerSuccessStory(entry)),
  ...pressArticles.map((entry) => normalisePressArticle(entry)),
];

const mediaOf = (field: RawMediaField) => (Array.isArray(field) ? field : field ? [field] : []);

describe('bundled content snapshot', () => {
  it.each(contentCollections)('%s is a Strapi 5 list answer with at least 12 valid entries', (collection) => {
    const answer = readCollection(collection);
    expect(answer.data.length).toBeGreaterThanOrEqual(12);
    expect(answer.meta?.pagination?.total).toBe(answer.data.length);
  });

  it('has unique kebab-case slugs per collection', () => {
    for (const entries of [blogPosts, stories, pressArticles, featureUpdates]) {
      const slugs = entries.map((entry) => entry.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const slug of slugs) expect(slug).toMatch(kebabCase);
    }
  });

  it('has no date after 2026-11-20', () => {
    const dates = [...blogPosts, ...stories, ...pressArticles, ...featureUpdates, ...customers].flatMap(
      (entry) =>
        [entry.createdAt, entry.publishedAt, entry.overridePublishedAt].filter(
          (date): date is string => typeof date === 'string',
        ),
    );
    for (const date of dates) expect(Date.parse(date)).toBeLessThanOrEqual(latestDate);
  });

  it('normalises every article with an image that has alt text, and real copy', () => {
    for (const article of articles) {
      expect(article.image?.url).toMatch(/^\/uploads\/[a-z0-9-]+\.jpg$/);
      expect(article.image?.alt).not.toBe('');
      expect(article.abstract.length).toBeGreaterThan(40);
      expect(article.html).toContain('<p>');
      expect(article.html).not.toMatch(/<script|javascript:|onerror=/i);
      expect(article.excerpt.length).toBeLessThanOrEqual(160);
      expect(article.readingMinutes).toBeGreaterThanOrEqual(1);
    }
  });

  it('has blog posts of 300 to 600 words', () => {
    for (const post of blogPosts) {
      const words = post.content?.split(/\s+/).length ?? 0;
      expect(words).toBeGreaterThanOrEqual(300);
      expect(words).toBeLessThanOrEqual(600);
    }
  });

  it('has one blog post carrying script, a javascript: link and an onerror image, which normalisation removes', () => {
    const hostile = blogPosts.filter((post) => post.content?.includes('<script>alert(1)</script>'));
    expect(hostile).toHaveLength(1);
    const [raw] = hostile as [RawBlogPost];
    expect(raw.content).toContain('<a href="javascript:alert(1)">');
    expect(raw.content).toContain('<img src=x onerror=alert(1)>');
    const { html } = normaliseBlogPost(raw);
    expect(html).not.toMatch(/<script|alert\(1\)|javascript:|onerror|<img/i);
    expect(html).toContain('in this document</a>');
  });

  it('exercises the normalisation rules', () => {
    expect(blogPosts.filter((post) => post.publishedAt === null)).toHaveLength(1);
    expect(blogPosts.filter((post) => post.overridePublishedAt).length).toBeGreaterThanOrEqual(2);
    expect(pressArticles.filter((article) => article.overridePublishedAt).length).toBeGreaterThanOrEqual(2);
    expect(stories.filter((story) => story.tags === null).length).toBeGreaterThanOrEqual(2);
    expect(featureUpdates.filter((update) => mediaOf(update.image).length > 0).length).toBeGreaterThan(0);
    expect(featureUpdates.filter((update) => mediaOf(update.image).length === 0).length).toBeGreaterThan(0);
    expect(customers.filter((customer) => customer.imageHeight === null)).toHaveLength(1);
    const priorities = customers.map((customer) => customer.priority);
    expect(priorities).not.toEqual([...priorities].sort((first, second) => first - second));
  });

  it('normalises feature updates with a version name, and optional images', () => {
    for (const update of featureUpdates.map((entry) => normaliseFeatureUpdate(entry))) {
      expect(update.versionName).toMatch(/^(v\d+\.\d+|\d{4}\.\d{2})$/);
      expect(update.publishedAt).toBeDefined();
      expect(update.html).toContain('<li>');
      if (update.image) expect(update.image.alt).not.toBe('');
    }
  });

  it('normalises 12 customer logos sorted by priority', () => {
    const logos = normaliseCustomers(customers);
    expect(logos).toHaveLength(12);
    const priorities = logos.map((logo) => logo.priority);
    expect(priorities).toEqual([...priorities].sort((first, second) => first - second));
    for (const logo of logos) {
      expect(logo.image).toMatchObject({ width: 280, height: 104 });
      expect(logo.image.url).toMatch(/^\/uploads\/logo-[a-z0-9-]+\.png$/);
    }
  });

  it('has every referenced image in uploads, with its real size, and no unreferenced file', () => {
    const entries = [...blogPosts, ...stories, ...pressArticles, ...featureUpdates, ...customers];
    const referenced = entries.flatMap((entry) => mediaOf(entry.image));
    for (const media of referenced) {
      const file = join(uploadsDir, media.url.replace(/^\/uploads\//, ''));
      expect(existsSync(file)).toBe(true);
      const bytes = statSync(file).size;
      if (media.url.endsWith('.jpg')) {
        expect([media.width, media.height]).toEqual([1200, 630]);
        expect(bytes).toBeLessThanOrEqual(60 * 1024);
      } else {
        expect([media.width, media.height]).toEqual([280, 104]);
      }
    }
    const files = readdirSync(uploadsDir);
    expect(files.sort()).toEqual(referenced.map((media) => media.url.replace(/^\/uploads\//, '')).sort());
    const totalBytes = files.reduce((sum, file) => sum + statSync(join(uploadsDir, file)).size, 0);
    expect(totalBytes).toBeLessThanOrEqual(3 * 1024 * 1024);
  });
});
