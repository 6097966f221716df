// Content for the site's pages, from one of two sources that produce the same entries:
// - by default the bundled snapshot in content/snapshot/ (Strapi 5 REST answers saved as JSON, images beside them);
// - with CMS_URL (and CMS_TOKEN) set, Strapi 5 through gatsby-source-strapi (configured in gatsby-config.mjs),
//   whose nodes strapi-nodes.mjs turns back into the same raw entries.
// Both go through the same raw schemas and normalisation (@dcipher/shared/content) and become the same Gatsby
// node types, so pages never know which ran. See docs/decisions/0006-content-sourcing.md.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
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
import { contentRoutes } from '@dcipher/shared/content-model';
import * as v from 'valibot';
import { withoutImageMetadata } from './image-metadata.mjs';
import { rawCollectionsFromStrapiNodes } from './strapi-nodes.mjs';

const siteRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const snapshotDir = join(siteRoot, 'content', 'snapshot');

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
    "Customer success stories: the result in a few words, and the customer (its logo) the story is about."
    headlineFigure: String
    customerName: String
    customerLogo: ContentCustomerLogo @link(from: "customerLogoId")
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
  const customerNames = new Set(customers.map((customer) => customer.name));
  for (const article of articles) {
    if (article.customerName && !customerNames.has(article.customerName))
      throw new Error(
        `The customer success story "${article.slug}" is about "${article.customerName}", which is not in Customers: its logo cannot be shown`,
      );
  }
  return { articles, featureUpdates, customers };
}

/** Images found inside rich text, by the path the site serves them at; written to public/ after the build. */
const inlineMedia = new Map();

/** Where inline images are served from (public/media/<hash>-<name>). */
export const inlineMediaBasePath = '/media';

/**
 * Images an editor put inside the text from the media library keep the CMS's relative path (`/uploads/x.png`),
 * which the site does not serve: each is downloaded (from the CMS, or read from the snapshot's uploads) and served
 * by the site under a content-hashed name, its alt text kept, and without its metadata (where, when and by whom a
 * photo was taken: image-metadata.mjs, docs/decisions/0156). A missing or damaged image stops the build naming it.
 */
export async function localiseInlineImages(
  html,
  { fromCms, cmsUrl, token, snapshotDirectory = snapshotDir },
) {
  const cmsOrigin = cmsUrl ? new URL(cmsUrl).origin : undefined;
  const sources = [...html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/g)].map((match) => match[1]);
  let result = html;
  for (const source of new Set(sources)) {
    const decoded = source.replace(/&amp;/g, '&');
    const relative = decoded.startsWith('/uploads/')
      ? decoded
      : cmsOrigin && decoded.startsWith(`${cmsOrigin}/uploads/`)
        ? decoded.slice(cmsOrigin.length)
        : undefined;
    if (!relative) continue;
    let contents;
    if (fromCms) {
      const url = `${cmsOrigin}${relative}`;
      let response;
      try {
        response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      } catch (error) {
        throw new Error(
          `Cannot download the image ${url} used in the text: ${error?.cause?.code ?? error.message}`,
        );
      }
      if (!response.ok)
        throw new Error(`The CMS answered ${response.status} for the image ${url} used in the text`);
      contents = Buffer.from(await response.arrayBuffer());
    } else {
      contents = await readFile(join(snapshotDirectory, relative.replace(/^\/+/, '')));
    }
    try {
      contents = await withoutImageMetadata(contents);
    } catch (error) {
      throw new Error(`Cannot publish the image ${relative} used in the text: ${error.message}`);
    }
    const name = `${createHash('sha256').update(contents).digest('hex').slice(0, 12)}-${basename(relative.split('?')[0])}`;
    const servedAt = `${inlineMediaBasePath}/${name}`;
    inlineMedia.set(servedAt, contents);
    result = result.split(`src="${source}"`).join(`src="${servedAt}"`);
  }
  return result;
}

/** Writes the inline images found while sourcing into the built site (called after the build). */
export async function writeInlineMedia(publicDir) {
  for (const [servedAt, contents] of inlineMedia) {
    const target = join(publicDir, servedAt.replace(/^\/+/, ''));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, contents);
  }
  return inlineMedia.size;
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
  const mediaOptions = {
    fromCms,
    cmsUrl: process.env.CMS_URL,
    token: process.env.CMS_TOKEN,
    snapshotDirectory,
  };
  for (const item of [...articles, ...featureUpdates])
    item.html = await localiseInlineImages(item.html, mediaOptions);

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
      headlineFigure: article.headlineFigure ?? null,
      customerName: article.customerName ?? null,
      customerLogoId: article.customerName
        ? createNodeId(`ContentCustomerLogo-${article.customerName}`)
        : undefined,
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
