import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { CmsUnreachableError, cmsContentDigest, withCmsContentDigest } from './cms-content.mjs';

/** A loopback Strapi 5 answering the content API as documented, with a token it accepts. */
function startCms() {
  const state = { updatedAt: '2026-11-20T10:00:00.000Z', token: 'good-token' };
  const server = createServer((request, response) => {
    const send = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${state.token}`) {
      return send(403, { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden' } });
    }
    const url = new URL(request.url, 'http://cms.test');
    if (url.pathname === '/api/content-type-builder/content-types') return send(200, { data: [] });
    if (url.pathname === '/api/upload/files') return send(200, []);
    if (url.pathname === '/api/blog-posts') {
      return send(200, {
        data: [{ id: 1, documentId: 'abc', updatedAt: state.updatedAt, publishedAt: state.updatedAt }],
        meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 1 } },
      });
    }
    return send(200, { data: [], meta: { pagination: { page: 1, pageSize: 100, pageCount: 0, total: 0 } } });
  });
  return { server, state };
}

describe('the CMS as the site build reads it', () => {
  let cms;
  let cmsUrl;
  before(async () => {
    cms = startCms();
    await new Promise((resolve) => cms.server.listen(0, '127.0.0.1', resolve));
    cmsUrl = `http://127.0.0.1:${cms.server.address().port}`;
  });
  after(() => cms.server.close());

  it('digests what is published, so a change in the CMS changes the build cache key', async () => {
    const first = await cmsContentDigest({ cmsUrl, token: 'good-token' });
    assert.equal(await cmsContentDigest({ cmsUrl, token: 'good-token' }), first);
    cms.state.updatedAt = '2026-11-25T09:00:00.000Z';
    assert.notEqual(await cmsContentDigest({ cmsUrl, token: 'good-token' }), first);
    const env = await withCmsContentDigest({ CMS_URL: cmsUrl, CMS_TOKEN: 'good-token' });
    assert.match(env.CMS_CONTENT_DIGEST, /^[0-9a-f]{64}$/);
    assert.deepEqual(await withCmsContentDigest({ PATH: '/bin' }), { PATH: '/bin' }, 'no CMS, no digest');
  });

  it('stops with the URL and the cause when the token is refused, naming the permissions it needs', async () => {
    await assert.rejects(
      cmsContentDigest({ cmsUrl, token: 'read-only-token' }),
      (error) =>
        error instanceof CmsUnreachableError &&
        error.message.startsWith(
          `The CMS at ${cmsUrl} refused CMS_TOKEN (403 for /api/content-type-builder/content-types)`,
        ) &&
        error.message.includes('read on the content-type builder'),
    );
    await assert.rejects(cmsContentDigest({ cmsUrl }), /refused the build without CMS_TOKEN/);
  });

  it('stops with the URL and the cause when nothing answers', async () => {
    // A port nothing listens on: taken, then let go.
    const closed = createServer();
    await new Promise((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${closed.address().port}`;
    await new Promise((resolve) => closed.close(resolve));
    await assert.rejects(
      cmsContentDigest({ cmsUrl: deadUrl, token: 'good-token' }),
      (error) =>
        error instanceof CmsUnreachableError &&
        error.message === `Cannot reach the CMS at ${deadUrl} (CMS_URL): ECONNREFUSED`,
    );
  });
});
