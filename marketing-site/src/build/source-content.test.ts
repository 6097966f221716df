/** @jest-environment node */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strapiContentTypes } from '@dcipher/shared/content-model';
import sharp from 'sharp';
import {
  localiseInlineImages,
  normaliseCollections,
  readSnapshot,
  snapshotDir,
  validateCollections,
  writeInlineMedia,
} from './source-content.mjs';
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

describe('customer success stories', () => {
  it('each names a customer in Customers (whose logo it shows) and has a headline figure', async () => {
    const { articles, customers } = normaliseCollections(await readSnapshot());
    const stories = articles.filter((article) => article.kind === 'customer-success-story');
    expect(stories.length).toBeGreaterThanOrEqual(12);
    const names = new Set(customers.map((customer) => customer.name));
    for (const story of stories) {
      expect(names.has(story.customerName ?? '')).toBe(true);
      expect(story.headlineFigure).toMatch(/\d/);
      expect(story.headlineFigure?.length).toBeLessThanOrEqual(48);
    }
  });

  it('stop the build when a story names a customer that is not in Customers', async () => {
    const snapshot = await readSnapshot();
    const [first, ...rest] = snapshot['customer-success-stories'] ?? [];
    const collections = {
      ...snapshot,
      'customer-success-stories': [{ ...(first as object), customerName: 'Nobody Ltd' }, ...rest],
    };
    expect(() => normaliseCollections(collections)).toThrow(/"Nobody Ltd", which is not in Customers/);
  });
});

describe('images inside rich text', () => {
  const image = 'blog-eu-hosting-and-data-privacy-at-dcipher.jpg';

  it('are served by the site under a content-hashed name, with their alt text, from the snapshot', async () => {
    const html = await localiseInlineImages(
      `<p>Before</p><img src="/uploads/${image}" alt="Our data centre" />`,
      {
        fromCms: false,
      },
    );
    const served = /src="(\/media\/[0-9a-f]{12}-[^"]+)"/.exec(html)?.[1];
    expect(served).toMatch(new RegExp(`^/media/[0-9a-f]{12}-${image.replace(/\./g, '\\.')}$`));
    expect(html).toContain('alt="Our data centre"');
    const publicDir = mkdtempSync(join(tmpdir(), 'site-public-'));
    await writeInlineMedia(publicDir);
    expect(readFileSync(join(publicDir, served!.slice(1)))).toEqual(
      readFileSync(join(snapshotDir, 'uploads', image)),
    );
  });

  it('are downloaded from the CMS (with the token) when it is the source, without their metadata, and other images are left alone', async () => {
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#c04020' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Jane Editor' } })
      .toBuffer();
    const seen: string[] = [];
    const cms = createServer((request, response) => {
      seen.push(`${request.url} ${request.headers.authorization}`);
      if (request.url === '/uploads/inline.jpg') {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.end(photo);
      } else if (request.url === '/uploads/cut.jpg') {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.end(photo.subarray(0, 200));
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
    const cmsUrl = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
    try {
      const html = await localiseInlineImages(
        '<img src="/uploads/inline.jpg" alt="Chart" /><img src="https://images.example/a.png" alt="" />',
        { fromCms: true, cmsUrl, token: 'read-token' },
      );
      expect(html).toMatch(/<img src="\/media\/[0-9a-f]{12}-inline\.jpg" alt="Chart" \/>/);
      expect(html).toContain('src="https://images.example/a.png"');
      expect(seen).toEqual(['/uploads/inline.jpg Bearer read-token']);
      // The photo is served without where and by whom it was taken, its picture unchanged (docs/decisions/0156).
      const publicDir = mkdtempSync(join(tmpdir(), 'site-public-'));
      await writeInlineMedia(publicDir);
      const served = readFileSync(join(publicDir, /src="\/(media\/[^"]+)"/.exec(html)?.[1] ?? 'none'));
      expect(photo.includes('Jane Editor')).toBe(true);
      expect(served.includes('Jane Editor')).toBe(false);
      expect((await sharp(served).metadata()).exif).toBeUndefined();
      expect(await sharp(served).raw().toBuffer()).toEqual(await sharp(photo).raw().toBuffer());
      await expect(
        localiseInlineImages('<img src="/uploads/cut.jpg" alt="" />', { fromCms: true, cmsUrl, token: 't' }),
      ).rejects.toThrow(
        'Cannot publish the image /uploads/cut.jpg used in the text: it is not a whole JPEG image: upload it again',
      );
      await expect(
        localiseInlineImages('<img src="/uploads/missing.png" alt="" />', {
          fromCms: true,
          cmsUrl,
          token: 't',
        }),
      ).rejects.toThrow(`The CMS answered 404 for the image ${cmsUrl}/uploads/missing.png used in the text`);
    } finally {
      cms.close();
    }
    expect(existsSync(snapshotDir)).toBe(true);
  });
});
