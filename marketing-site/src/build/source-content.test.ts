/** @jest-environment node */
import { createHash } from 'node:crypto';
import { normaliseCollections, readSnapshot, validateCollections } from './source-content.mjs';
import { strapiContentTypes } from './strapi-content-types.mjs';
import { rawCollectionsFromStrapiNodes } from './strapi-nodes.mjs';

// gatsby-source-strapi's own cleaning and node creation, as it runs them on a Strapi 5 answer.
const { cleanData } = require('gatsby-source-strapi/dist/clean-data');
const { createNodes } = require('gatsby-source-strapi/dist/normalize');

type GatsbyNode = Record<string, unknown> & { id: string; internal: { type: string } };

/** Runs the plugin's pipeline over the snapshot's entries (which are Strapi 5 answers), as if it had fetched them. */
async function nodesFromPlugin() {
  const snapshot = await readSnapshot();
  const nodes = new Map<string, GatsbyNode>();
  const context = {
    schemas: strapiContentTypes,
    createNodeId: (key: string) => createHash('sha256').update(key).digest('hex'),
    createContentDigest: (value: unknown) => createHash('md5').update(JSON.stringify(value)).digest('hex'),
    getNode: (id: string) => nodes.get(id),
  };
  for (const { uid, schema } of strapiContentTypes) {
    for (const entry of snapshot[schema.pluralName] ?? []) {
      const cleaned = cleanData(entry, { ...context, contentTypeUid: uid }, 5);
      for (const node of createNodes(cleaned, context, uid) as GatsbyNode[]) nodes.set(node.id, node);
    }
  }
  return {
    getNode: (id: string) => nodes.get(id),
    getNodesByType: (type: string) => [...nodes.values()].filter((node) => node.internal.type === type),
  };
}

describe('content sources', () => {
  it('gatsby-source-strapi nodes and the bundled snapshot produce the same normalised content', async () => {
    const fromPlugin = normaliseCollections(
      validateCollections(rawCollectionsFromStrapiNodes(await nodesFromPlugin())),
    );
    const fromSnapshot = normaliseCollections(await readSnapshot());
    expect(fromPlugin.articles.length).toBeGreaterThanOrEqual(36);
    expect(fromPlugin.customers).toHaveLength(12);
    const byPath = <T extends { path: string }>(items: T[]) =>
      [...items].sort((a, b) => a.path.localeCompare(b.path));
    expect(byPath(fromPlugin.articles)).toEqual(byPath(fromSnapshot.articles));
    expect(byPath(fromPlugin.featureUpdates)).toEqual(byPath(fromSnapshot.featureUpdates));
    expect(fromPlugin.customers).toEqual(fromSnapshot.customers);
  });

  it('gives every article a path by kind and slug, and sanitised HTML', async () => {
    const { articles } = normaliseCollections(await readSnapshot());
    for (const article of articles) {
      expect(article.path).toMatch(/^\/(blog|customer-success-stories|press-room)\/[a-z0-9-]+$/);
      expect(article.html).not.toMatch(/<script|javascript:|onerror=/i);
    }
  });
});
