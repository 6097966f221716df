export {
  type ContentApiFlavour,
  type ContentClient,
  type ContentClientOptions,
  createContentClient,
  type SluggedContentCollection,
} from './content-client.js';
export {
  type ContentCollection,
  contentCollections,
  contentEntrySchemas,
  type PublicationState,
  type RawEntryOf,
} from './content-collections.js';
export { absoluteMediaUrl, type ContentImage, firstImage } from './content-image.js';
export {
  type ContentPathOptions,
  contentPath,
  type StrapiPathOptions,
  strapiPageSize,
  strapiPath,
} from './content-path.js';
export { ContentServiceError, type ContentServiceErrorCode } from './content-service-error.js';
export { findBySlug } from './find-by-slug.js';
export { markdownToPlainText } from './markdown-to-plain-text.js';
export { newestFirst } from './newest-first.js';
export {
  type Article,
  type ArticleKind,
  displayDate,
  type NormaliseOptions,
  normaliseBlogPost,
  normaliseCustomerSuccessStory,
  normalisePressArticle,
  normaliseTags,
  pressReleaseContent,
  publishedDate,
} from './normalise-article.js';
export {
  byPriority,
  type CustomerLogo,
  logoRenderSize,
  normaliseCustomer,
  normaliseCustomers,
  type RenderSize,
} from './normalise-customer.js';
export { type FeatureUpdate, normaliseFeatureUpdate } from './normalise-feature-update.js';
export { plainTextExcerpt } from './plain-text-excerpt.js';
export * from './raw-schemas.js';
export { readingMinutes, wordsPerMinute } from './reading-minutes.js';
export { renderMarkdown } from './render-markdown.js';
export { sanitiseContentHtml } from './sanitise-content-html.js';
