import type { RawMediaField } from './raw-schemas.js';

/** An image ready for an `<img>`: an absolute (or site-relative) URL, and always an alt text. */
export interface ContentImage {
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

const hasScheme = /^[a-z][a-z\d+.-]*:/i;

/**
 * A media URL made absolute against the media base URL (the CMS answers `/uploads/...` for files it stores
 * itself). Without a base URL a relative URL stays relative, for a site that serves the files itself. Only
 * http(s) URLs are accepted: anything else (data:, javascript:) gives undefined.
 */
export function absoluteMediaUrl(url: string, mediaBaseUrl?: string): string | undefined {
  const trimmed = url.trim();
  if (trimmed === '') return undefined;
  if (trimmed.startsWith('//')) return `https:${trimmed}`;
  if (hasScheme.test(trimmed)) return /^https?:\/\//i.test(trimmed) ? trimmed : undefined;
  if (!mediaBaseUrl) return trimmed;
  return `${mediaBaseUrl.replace(/\/+$/, '')}/${trimmed.replace(/^\/+/, '')}`;
}

/**
 * The FIRST image of a media field (a list, or a single file), or undefined when there is none or its URL is not
 * usable. Its alt text falls back to `fallbackAlt` (the item's title or name): every image has alt text.
 */
export function firstImage(
  field: RawMediaField,
  fallbackAlt: string,
  mediaBaseUrl?: string,
): ContentImage | undefined {
  const media = Array.isArray(field) ? field[0] : field;
  if (!media) return undefined;
  const url = absoluteMediaUrl(media.url, mediaBaseUrl);
  if (!url) return undefined;
  const image: ContentImage = { url, alt: media.alternativeText?.trim() || fallbackAlt };
  if (typeof media.width === 'number') image.width = media.width;
  if (typeof media.height === 'number') image.height = media.height;
  return image;
}
