// The CMS's content types as Strapi 5's content-type builder describes them: the one declaration of the content
// model's fields. The Strapi project in infra/cms writes its schema.json files from it (scripts/write-content-types
// .mjs, checked by a test), gatsby-source-strapi reads the same from /api/content-type-builder/content-types to know
// each field's type, and the content tests check the raw schemas of @dcipher/shared/content against it.

const articleAttributes = {
  title: { type: 'string', required: true },
  abstract: { type: 'text' },
  content: { type: 'richtext' },
  slug: { type: 'uid', targetField: 'title', required: true },
  overridePublishedAt: { type: 'datetime' },
  image: { type: 'media', multiple: true, allowedTypes: ['images'] },
};

const collection = (singularName, pluralName, displayName, attributes) => ({
  uid: `api::${singularName}.${singularName}`,
  apiID: singularName,
  schema: {
    singularName,
    pluralName,
    displayName,
    kind: 'collectionType',
    draftAndPublish: true,
    attributes,
  },
});

export const strapiContentTypes = [
  collection('blog-post', 'blog-posts', 'Blog post', { ...articleAttributes, tags: { type: 'json' } }),
  collection('customer-success-story', 'customer-success-stories', 'Customer success story', {
    ...articleAttributes,
    tags: { type: 'json' },
    // The customer the story is about, by its name in Customers: the story shows that customer's logo.
    customerName: { type: 'string', required: true },
    // The result in a few words, shown large on the list and the story: "−40% time to final report".
    headlineFigure: { type: 'string', required: true, maxLength: 48 },
  }),
  collection('press-article', 'press-articles', 'Press article', articleAttributes),
  collection('feature-update', 'feature-updates', 'Feature update', {
    title: { type: 'string', required: true },
    abstract: { type: 'text' },
    body: { type: 'richtext' },
    versionName: { type: 'string', required: true },
    slug: { type: 'uid', targetField: 'title', required: true },
    image: { type: 'media', multiple: false, allowedTypes: ['images'] },
  }),
  collection('customer', 'customers', 'Customer', {
    name: { type: 'string', required: true },
    image: { type: 'media', multiple: false, allowedTypes: ['images'] },
    imageHeight: { type: 'integer' },
    priority: { type: 'integer', required: true },
  }),
];

/** Our collection names (the content service's paths) by Strapi singular name. */
export const collectionBySingularName = Object.fromEntries(
  strapiContentTypes.map(({ schema }) => [schema.singularName, schema.pluralName]),
);
