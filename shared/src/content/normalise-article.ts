import { companyFacts } from '../domain/company-facts.js';
import { type ContentImage, firstImage } from './content-image.js';
import { plainTextExcerpt } from './plain-text-excerpt.js';
import type { RawBlogPost, RawCustomerSuccessStory, RawPressArticle } from './raw-schemas.js';
import { readingMinutes } from './reading-minutes.js';
import { renderMarkdown } from './render-markdown.js';

export type ArticleKind = 'blog-post' | 'customer-success-story' | 'press-article';

/** A blog post, customer success story or press article, ready to render. */
export interface Article {
  kind: ArticleKind;
  slug: string;
  title: string;
  abstract: string;
  /** The content rendered from Markdown and sanitised: safe to inject. */
  html: string;
  /** Plain text, at most 160 characters, from the abstract (or the content when there is none). */
  excerpt: string;
  readingMinutes: number;
  createdAt: string;
  /** When the entry was published; falls back to createdAt (drafts seen in preview have no publishedAt). */
  publishedAt: string;
  /** The date to show and to sort by: overridePublishedAt, else publishedAt, else createdAt. */
  displayDate: string;
  /** Press articles have no tags: always []. */
  tags: string[];
  image?: ContentImage;
  /** Customer success stories: the customer's name as in Customers (its logo is shown with the story). */
  customerName?: string;
  /** Customer success stories: the result in a few words, shown large. */
  headlineFigure?: string;
}

export interface NormaliseOptions {
  /** Base URL for media URLs the CMS answers relative (`/uploads/...`); without it they stay relative. */
  mediaBaseUrl?: string;
}

type DatedEntry = Pick<RawBlogPost, 'createdAt' | 'publishedAt' | 'overridePublishedAt'>;

/** publishedAt, falling back to createdAt (product-spec section 3). */
export function publishedDate(entry: Pick<DatedEntry, 'createdAt' | 'publishedAt'>): string {
  return entry.publishedAt ?? entry.createdAt;
}

/**
 * overridePublishedAt, when set, is the date shown and sorted by: editors set it to back-date items migrated from
 * the old site or to date embargoed news by its announcement rather than by when it was entered in the CMS.
 * The CMS's own publishedAt is then only bookkeeping.
 */
export function displayDate(entry: DatedEntry): string {
  return entry.overridePublishedAt ?? publishedDate(entry);
}

function normaliseEntry(
  kind: ArticleKind,
  raw: RawBlogPost | RawPressArticle,
  tags: string[],
  options: NormaliseOptions,
): Article {
  const abstract = raw.abstract?.trim() ?? '';
  const article: Article = {
    kind,
    slug: raw.slug,
    title: raw.title,
    abstract,
    html: renderMarkdown(raw.content),
    excerpt: plainTextExcerpt(abstract || raw.content),
    readingMinutes: readingMinutes(raw.content),
    createdAt: raw.createdAt,
    publishedAt: publishedDate(raw),
    displayDate: displayDate(raw),
    tags,
  };
  const image = firstImage(raw.image, raw.title, options.mediaBaseUrl);
  if (image) article.image = image;
  return article;
}

/** Tags default to [] when the CMS has none (a JSON field left empty is null). */
export function normaliseTags(tags: readonly string[] | null | undefined): string[] {
  return (tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== '');
}

export function normaliseBlogPost(raw: RawBlogPost, options: NormaliseOptions = {}): Article {
  return normaliseEntry('blog-post', raw, normaliseTags(raw.tags), options);
}

export function normaliseCustomerSuccessStory(
  raw: RawCustomerSuccessStory,
  options: NormaliseOptions = {},
): Article {
  const story = normaliseEntry('customer-success-story', raw, normaliseTags(raw.tags), options);
  const customerName = raw.customerName?.trim();
  const headlineFigure = raw.headlineFigure?.trim();
  if (customerName) story.customerName = customerName;
  if (headlineFigure) story.headlineFigure = headlineFigure;
  return story;
}

/** An entry's own closing section, replaced by the standard one (entries written before it existed have one). */
const ownAboutSection = /^#{1,6}[ \t]*About Dcipher[ \t]*$/im;

/**
 * A press release's content followed by the standard "About Dcipher" paragraph and press contact, from the
 * company facts: editors write only the news, and a new press contact or boilerplate reaches every release at
 * the next build. A section the entry brings itself (from "About Dcipher" on) is dropped for the standard one.
 */
export function pressReleaseContent(content: string | null | undefined): string {
  const text = content ?? '';
  const own = ownAboutSection.exec(text);
  const news = (own ? text.slice(0, own.index) : text).trimEnd();
  const { name, role, email } = companyFacts.pressContact;
  return [
    news,
    `### About ${companyFacts.name}`,
    companyFacts.boilerplate,
    `Press contact: ${name}, ${role}, [${email}](mailto:${email})`,
  ]
    .filter((block) => block !== '')
    .join('\n\n')
    .concat('\n');
}

export function normalisePressArticle(raw: RawPressArticle, options: NormaliseOptions = {}): Article {
  return normaliseEntry('press-article', { ...raw, content: pressReleaseContent(raw.content) }, [], options);
}
