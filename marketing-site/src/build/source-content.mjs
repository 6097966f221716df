// Content for the site's pages, from one of two sources that produce the same entries:
// - by default the bundled snapshot in content/snapshot/ (Strapi 5 REST answers saved as JSON, images beside them);
// - with CMS_URL (and CMS_TOKEN) set, Strapi 5 through gatsby-source-strapi (configured in gatsby-config.mjs),
//   whose nodes strapi-nodes.mjs turns back into the same raw entries.
// Both go through the same raw schemas and normalisation (@dcipher/shared/content) and become the same Gatsby
// node types, so pages never know which ran. See docs/decisions/0006-content-sourcing.md.
import { readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  contentEntrySchemas,
  logoRenderSize,
  normaliseBlogPost,
  normaliseCustomerSuccessStory,
  normaliseCustomers,
  normaliseFeatureUpdate,
  normalisePressArticle,
  strapiListResponseSchema,
} from '@dcipher/shared/content';
import * as v from 'valibot';
import { rawCollectionsFromStrapiNodes } from './strapi-nodes.mjs';

const siteRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const snapshotDir = join(siteRoot, 'content', 'snapshot');

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
    intro: 'News about Dcipher: funding, partnerships, awards and product launches.',
  },
  'feature-update': {
    basePath: '/product-updates',
    heading: 'Product updates',
    intro: 'What is new in Dcipher, release by release.',
  },
};

export const contentTypeDefs = `
  type ContentArticle implements Node @dontInfer {
    kind: String!
    slug: String!
    path: String!
    title: String!
    abstract: String!
    html: String!
    excerpt: String!
    displayDate: Date! @dateformat
    tags: [String!]!
    readingMinutes: Int!
    imageAlt: String
    imageFile: File @link(from: "imageFileId")
  }
  type ContentFeatureUpdate implements Node @dontInfer {
    slug: String!
    path: String!
    title: String!
    abstract: String!
    html: String!
    excerpt: String!
    displayDate: Date! @dateformat
    versionName: String!
    imageAlt: String
    imageFile: File @link(from: "imageFileId")
  }
  type ContentCustomerLogo implements Node @dontInfer {
    name: String!
    priority: Int!
    imageHeight: Int!
    imageAlt: String!
    renderWidth: Int
    renderHeight: Int!
    imageFile: File @link(from: "imageFileId")
  }
`;

/** Raw entries of every collection from the bundled snapshot, validated like a CMS answer. */
export async function readSnapshot(directory = snapshotDir) {
  const collections = {};
  for (const [collection, schema] of Object.entries(contentEntrySchemas)) {
    const payload = JSON.parse(await readFile(join(directory, `${collection}.json`), 'utf8'));
    collections[collection] = v.parse(strapiListResponseSchema(schema), payload).data;
  }
  return collections;
}

/** Validates raw entries like a CMS answer, whichever source they came from. */
export function validateCollections(collections) {
  return Object.fromEntries(
    Object.entries(contentEntrySchemas).map(([collection, schema]) => [
      collection,
      v.parse(v.array(schema), collections[collection] ?? []),
    ]),
  );
}

/** Normalised items, ready to become nodes. Media URLs stay as the source gave them (resolved when downloaded). */
export function normaliseCollections(collections) {
  const articles = [
    ...collections['blog-posts'].map((raw) => normaliseBlogPost(raw)),
    ...collections['customer-success-stories'].map((raw) => normaliseCustomerSuccessStory(raw)),
    ...collections['press-articles'].map((raw) => normalisePressArticle(raw)),
  ].map((article) => ({ ...article, path: `${contentRoutes[article.kind].basePath}/${article.slug}` }));
  const featureUpdates = collections['feature-updates'].map((raw) => {
    const update = normaliseFeatureUpdate(raw);
    return {
      ...update,
      displayDate: update.publishedAt ?? raw.createdAt ?? new Date(0).toISOString(),
      path: `${contentRoutes['feature-update'].basePath}/${update.slug}`,
    };
  });
  const customers = normaliseCustomers(collections.customers);
  return { articles, featureUpdates, customers };
}

function assertUniquePaths(items) {
  const seen = new Set();
  for (const item of items) {
    if (seen.has(item.path))
      throw new Error(`Two content items share the path ${item.path}: slugs must be unique`);
    seen.add(item.path);
  }
}

/**
 * Gatsby's sourceNodes for content: reads the configured source, normalises it, finds one File node per image
 * (from the snapshot's uploads folder, or the file gatsby-source-strapi downloaded) and creates the Content* nodes.
 */
export async function sourceContent(gatsbyApi, { fromCms, snapshotDirectory = snapshotDir }) {
  const { actions, createNodeId, createContentDigest, getCache, reporter } = gatsbyApi;
  const { createFileNodeFromBuffer } = await import('gatsby-source-filesystem');
  reporter.info(
    fromCms
      ? 'Content: from the CMS (gatsby-source-strapi)'
      : `Content: from the snapshot in ${snapshotDirectory}`,
  );
  const collections = fromCms
    ? validateCollections(rawCollectionsFromStrapiNodes(gatsbyApi))
    : await readSnapshot(snapshotDirectory);
  const { articles, featureUpdates, customers } = normaliseCollections(collections);
  assertUniquePaths([...articles, ...featureUpdates]);

  // Files gatsby-source-strapi already downloaded, by the media URL the CMS gave.
  const downloaded = new Map(
    Object.values(collections)
      .flat()
      .flatMap((entry) => [entry.image ?? []].flat())
      .filter((media) => media?.localFileId)
      .map((media) => [media.url, media.localFileId]),
  );
  const fileNodes = new Map();
  async function imageFileId(image) {
    if (!image) return undefined;
    if (fromCms) return downloaded.get(image.url);
    if (!fileNodes.has(image.url)) {
      const name =
        image.url
          .split('/')
          .pop()
          ?.replace(/\.[^.]+$/, '') || 'image';
      const buffer = readFile(join(snapshotDirectory, image.url.replace(/^\/+/, '')));
      const node = buffer.then((contents) =>
        createFileNodeFromBuffer({
          buffer: contents,
          name,
          ext: extname(image.url),
          createNode: actions.createNode,
          createNodeId,
          getCache,
        }),
      );
      fileNodes.set(
        image.url,
        node.then(({ id }) => id),
      );
    }
    return fileNodes.get(image.url);
  }

  const create = (type, key, fields) => {
    const node = { ...fields, id: createNodeId(`${type}-${key}`), parent: null, children: [] };
    node.internal = { type, contentDigest: createContentDigest(node) };
    actions.createNode(node);
  };
  for (const article of articles) {
    create('ContentArticle', article.path, {
      kind: article.kind,
      slug: article.slug,
      path: article.path,
      title: article.title,
      abstract: article.abstract,
      html: article.html,
      excerpt: article.excerpt,
      displayDate: article.displayDate,
      tags: article.tags,
      readingMinutes: article.readingMinutes,
      imageAlt: article.image?.alt ?? null,
      imageFileId: await imageFileId(article.image),
    });
  }
  for (const update of featureUpdates) {
    create('ContentFeatureUpdate', update.path, {
      slug: update.slug,
      path: update.path,
      title: update.title,
      abstract: update.abstract,
      html: update.html,
      excerpt: update.excerpt,
      displayDate: update.displayDate,
      versionName: update.versionName,
      imageAlt: update.image?.alt ?? null,
      imageFileId: await imageFileId(update.image),
    });
  }
  for (const customer of customers) {
    create('ContentCustomerLogo', customer.name, {
      name: customer.name,
      priority: customer.priority,
      imageHeight: customer.imageHeight,
      imageAlt: customer.image.alt,
      // The size it is drawn at inside the 140x52 box, worked out here so pages ship no content code.
      renderWidth: logoRenderSize(customer).width ?? null,
      renderHeight: logoRenderSize(customer).height,
      imageFileId: await imageFileId(customer.image),
    });
  }
  reporter.info(
    `Content: ${articles.length} articles, ${featureUpdates.length} product updates, ${customers.length} customers`,
  );
}
