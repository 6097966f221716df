import * as v from 'valibot';

// The entries as the CMS answers them (Strapi 5 REST: flat entries, no `attributes` wrapper). The schemas are as
// lenient as the CMS is: optional text fields may come back null, unknown fields (locale, updatedAt, formats...)
// are kept, and a media field may be a list or a single file depending on how the field was configured.

/** A date-time or date string the CMS sends (ISO 8601); anything `Date.parse` cannot read is refused. */
export const CmsDateSchema = v.pipe(
  v.string(),
  v.check((value) => !Number.isNaN(Date.parse(value)), 'Expected an ISO 8601 date'),
);

export const RawMediaSchema = v.looseObject({
  url: v.pipe(v.string(), v.minLength(1)),
  alternativeText: v.nullish(v.string()),
  width: v.nullish(v.number()),
  height: v.nullish(v.number()),
});
export type RawMedia = v.InferOutput<typeof RawMediaSchema>;

/** A media field: Strapi answers a list for "multiple media" fields and one file for "single media" fields. */
export const RawMediaFieldSchema = v.nullish(v.union([v.array(RawMediaSchema), RawMediaSchema]));
export type RawMediaField = v.InferOutput<typeof RawMediaFieldSchema>;

const entryIdentity = {
  id: v.optional(v.union([v.number(), v.string()])),
  documentId: v.optional(v.string()),
};

const slugSchema = v.pipe(v.string(), v.minLength(1));

export const RawBlogPostSchema = v.looseObject({
  ...entryIdentity,
  title: v.string(),
  abstract: v.nullish(v.string()),
  /** Markdown (Strapi "richtext"). */
  content: v.nullish(v.string()),
  createdAt: CmsDateSchema,
  publishedAt: v.nullish(CmsDateSchema),
  overridePublishedAt: v.nullish(CmsDateSchema),
  slug: slugSchema,
  /** A JSON field holding a list of strings. */
  tags: v.nullish(v.array(v.string())),
  image: RawMediaFieldSchema,
});
export type RawBlogPost = v.InferOutput<typeof RawBlogPostSchema>;

/** A blog post's fields, and the customer it is about (by name) with the result in a few words. */
export const RawCustomerSuccessStorySchema = v.looseObject({
  ...RawBlogPostSchema.entries,
  /** The customer's name as in the Customers collection, whose logo the story shows. */
  customerName: v.nullish(v.string()),
  /** The result in a few words: "−40% time to final report". */
  headlineFigure: v.nullish(v.string()),
});
export type RawCustomerSuccessStory = v.InferOutput<typeof RawCustomerSuccessStorySchema>;

export const RawPressArticleSchema = v.looseObject({
  ...entryIdentity,
  title: v.string(),
  abstract: v.nullish(v.string()),
  content: v.nullish(v.string()),
  createdAt: CmsDateSchema,
  publishedAt: v.nullish(CmsDateSchema),
  overridePublishedAt: v.nullish(CmsDateSchema),
  slug: slugSchema,
  image: RawMediaFieldSchema,
});
export type RawPressArticle = v.InferOutput<typeof RawPressArticleSchema>;

export const RawFeatureUpdateSchema = v.looseObject({
  ...entryIdentity,
  title: v.string(),
  abstract: v.nullish(v.string()),
  /** Markdown. */
  body: v.nullish(v.string()),
  createdAt: v.optional(CmsDateSchema),
  publishedAt: v.nullish(CmsDateSchema),
  versionName: v.string(),
  slug: slugSchema,
  image: RawMediaFieldSchema,
});
export type RawFeatureUpdate = v.InferOutput<typeof RawFeatureUpdateSchema>;

export const RawCustomerSchema = v.looseObject({
  ...entryIdentity,
  name: v.string(),
  image: RawMediaFieldSchema,
  imageHeight: v.nullish(v.number()),
  priority: v.number(),
});
export type RawCustomer = v.InferOutput<typeof RawCustomerSchema>;

export const StrapiPaginationSchema = v.looseObject({
  page: v.number(),
  pageSize: v.number(),
  pageCount: v.number(),
  total: v.number(),
});

/** Strapi 5's answer to a collection request: `{ data: [...], meta: { pagination } }`. */
export function strapiListResponseSchema<TEntry extends v.GenericSchema>(entrySchema: TEntry) {
  return v.looseObject({
    data: v.array(entrySchema),
    meta: v.optional(v.looseObject({ pagination: v.optional(StrapiPaginationSchema) })),
  });
}
