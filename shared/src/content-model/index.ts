import { companyFacts } from '../domain/index.js';

// The content model, declared once (docs/decisions/0061): the CMS's content types as Strapi 5's content-type builder
// describes them, and where each kind of item lives on the site. The Strapi project in infra/cms writes its
// schema.json files from it (scripts/write-content-types.mjs, checked by a test), gatsby-source-strapi reads the same
// from /api/content-type-builder/content-types to know each field's type, the content tests check the raw schemas of
// @dcipher/shared/content against it, and the publisher's preview server routes drafts by it. It lives here, not in
// the site, so the site and infra both read it without importing each other.

/** A field of a content type, as Strapi's content-type builder declares it. */
export interface StrapiAttribute {
  type: 'string' | 'text' | 'richtext' | 'uid' | 'datetime' | 'media' | 'json' | 'integer';
  required?: boolean;
  targetField?: string;
  multiple?: boolean;
  allowedTypes?: string[];
  maxLength?: number;
}

export interface StrapiContentType {
  uid: string;
  apiID: string;
  schema: {
    singularName: string;
    pluralName: string;
    displayName: string;
    kind: 'collectionType';
    draftAndPublish: boolean;
    attributes: Record<string, StrapiAttribute>;
  };
}

const articleAttributes: Record<string, StrapiAttribute> = {
  title: { type: 'string', required: true },
  abstract: { type: 'text' },
  content: { type: 'richtext' },
  slug: { type: 'uid', targetField: 'title', required: true },
  overridePublishedAt: { type: 'datetime' },
  image: { type: 'media', multiple: true, allowedTypes: ['images'] },
};

const collection = (
  singularName: string,
  pluralName: string,
  displayName: string,
  attributes: Record<string, StrapiAttribute>,
): StrapiContentType => ({
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

export const strapiContentTypes: readonly StrapiContentType[] = [
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
export const collectionBySingularName: Readonly<Record<string, string>> = Object.fromEntries(
  strapiContentTypes.map(({ schema }) => [schema.singularName, schema.pluralName]),
);

/** Where each kind of item lives on the site. */
export const contentRoutes = {
  'blog-post': {
    basePath: '/blog',
    heading: 'Blog',
    intro: 'Methods, product thinking and lessons from teams who turn text into decisions with Dcipher.',
  },
  'customer-success-story': {
    basePath: '/customer-success-stories',
    heading: 'Customer success stories',
    intro:
      'How research, CX and strategy teams use Dcipher to find what matters in their data, and what it changed for them.',
  },
  'press-article': {
    basePath: '/press-room',
    heading: 'Press room',
    intro: `News about Dcipher: funding, partnerships, awards and product launches. Journalists can reach ${companyFacts.pressContact.name}, ${companyFacts.pressContact.role}, at ${companyFacts.pressContact.email}.`,
  },
  'feature-update': {
    basePath: '/product-updates',
    heading: 'Product updates',
    intro: 'What is new in Dcipher, release by release.',
  },
} as const satisfies Record<string, { basePath: `/${string}`; heading: string; intro: string }>;
