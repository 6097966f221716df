/** @jest-environment node */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { normaliseCollections, readCms, readSnapshot, snapshotDir } from './source-content.mjs';

// A Strapi 5 stand-in on loopback that answers the REST API from the snapshot files (which are Strapi 5 answers).
let server: Server;
let baseUrl: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer(async (request, response) => {
    requests.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://localhost');
    const collection = url.pathname.replace(/^\/api\//, '');
    if (request.headers.authorization !== 'Bearer read-token') {
      response.writeHead(401).end(JSON.stringify({ error: { status: 401 } }));
      return;
    }
    try {
      const body = await readFile(join(snapshotDir, `${collection}.json`));
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('content sources', () => {
  it('the CMS path and the snapshot path produce the same normalised content', async () => {
    const fromCms = normaliseCollections(await readCms({ cmsUrl: baseUrl, token: 'read-token' }));
    const fromSnapshot = normaliseCollections(await readSnapshot());
    expect(fromCms).toEqual(fromSnapshot);
    expect(fromSnapshot.articles.length).toBeGreaterThanOrEqual(36);
    expect(
      requests.some((url) => url.startsWith('/api/blog-posts?') && url.includes('status=published')),
    ).toBe(true);
  });

  it('gives every article a path by kind and slug, and sanitised HTML', async () => {
    const { articles } = normaliseCollections(await readSnapshot());
    for (const article of articles) {
      expect(article.path).toMatch(/^\/(blog|customer-success-stories|press-room)\/[a-z0-9-]+$/);
      expect(article.html).not.toMatch(/<script|javascript:|onerror=/i);
    }
  });

  it('refuses a CMS that rejects the token, saying which setting to fix', async () => {
    await expect(readCms({ cmsUrl: baseUrl, token: 'wrong' })).rejects.toThrow(/CMS_TOKEN/);
  });
});
