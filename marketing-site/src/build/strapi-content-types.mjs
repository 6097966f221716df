// The CMS's content types as Strapi 5's content-type builder describes them. The Strapi project defines these
// collections; gatsby-source-strapi reads them from /api/content-type-builder/content-types to know each field's
// type, and the content tests use them to normalise through the plugin's own code.

const articleAttributes = {
  title: { type: 'string', required: true },
  abstract: { type: 'text' },
  content: { type: 'richtext' },
  slug: { type: 'uid', targetField: 'title', required: true },
  overridePublishedAt: { type: 'datetime' },
  image: { type: 'media', multiple: true, allowedTypes: ['images'] },
};

const collection = (singularName, pluralName, attributes) => ({
  uid: `api::${singularName}.${singularName}`,
  apiID: singularName,
  schema: {
    singularName,
    pluralName,
    displayName: singularName,
    kind: 'collectionType',
    draftAndPublish: true,
    attributes,
  },
});

export const strapiContentTypes = [
  collection('blog-post', 'blog-posts', { ...articleAttributes, tags: { type: 'json' } }),
  collection('customer-success-story', 'customer-success-stories', {
    ...articleAttributes,
    tags: { type: 'json' },
  }),
  collection('press-article', 'press-articles', articleAttributes),
  collection('feature-update', 'feature-updates', {
    title: { type: 'string', required: true },
    abstract: { type: 'text' },
    body: { type: 'richtext' },
    versionName: { type: 'string', required: true },
    slug: { type: 'uid', targetField: 'title', required: true },
    image: { type: 'media', multiple: false, allowedTypes: ['images'] },
  }),
  collection('customer', 'customers', {
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
