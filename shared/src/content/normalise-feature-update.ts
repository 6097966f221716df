import { type ContentImage, firstImage } from './content-image.js';
import type { NormaliseOptions } from './normalise-article.js';
import { plainTextExcerpt } from './plain-text-excerpt.js';
import type { RawFeatureUpdate } from './raw-schemas.js';
import { renderMarkdown } from './render-markdown.js';

/** A product update (release notes), ready to render. */
export interface FeatureUpdate {
  slug: string;
  title: string;
  abstract: string;
  versionName: string;
  /** The body rendered from Markdown and sanitised: safe to inject. */
  html: string;
  excerpt: string;
  /** publishedAt, falling back to createdAt; undefined for a draft without either. */
  publishedAt?: string;
  /** Feature updates may have no image. */
  image?: ContentImage;
}

export function normaliseFeatureUpdate(raw: RawFeatureUpdate, options: NormaliseOptions = {}): FeatureUpdate {
  const abstract = raw.abstract?.trim() ?? '';
  const update: FeatureUpdate = {
    slug: raw.slug,
    title: raw.title,
    abstract,
    versionName: raw.versionName,
    html: renderMarkdown(raw.body),
    excerpt: plainTextExcerpt(abstract || raw.body),
  };
  const publishedAt = raw.publishedAt ?? raw.createdAt;
  if (publishedAt) update.publishedAt = publishedAt;
  const image = firstImage(raw.image, raw.title, options.mediaBaseUrl);
  if (image) update.image = image;
  return update;
}
