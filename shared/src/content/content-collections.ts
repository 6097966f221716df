import type * as v from 'valibot';
import {
  RawBlogPostSchema,
  RawCustomerSchema,
  RawCustomerSuccessStorySchema,
  RawFeatureUpdateSchema,
  RawPressArticleSchema,
} from './raw-schemas.js';

/** The content service's collections (product-spec section 7), by their path segment. */
export const contentEntrySchemas = {
  'blog-posts': RawBlogPostSchema,
  customers: RawCustomerSchema,
  'customer-success-stories': RawCustomerSuccessStorySchema,
  'feature-updates': RawFeatureUpdateSchema,
  'press-articles': RawPressArticleSchema,
} as const;

export type ContentCollection = keyof typeof contentEntrySchemas;
export const contentCollections = Object.keys(contentEntrySchemas) as ContentCollection[];

/** The raw entry type a collection answers with. */
export type RawEntryOf<TCollection extends ContentCollection> = v.InferOutput<
  (typeof contentEntrySchemas)[TCollection]
>;

/** `live` is what visitors see; `preview` includes drafts, for editors. */
export type PublicationState = 'live' | 'preview';
