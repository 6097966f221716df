// The publisher's HTTP server (docs/decisions/0045, 0056, 0123): Strapi's webhook intake (signed with the shared
// secret; a draft's event rebuilds the preview, a published change the live site), `POST /rebuild`, `POST /rollback`,
// `GET /status.json` and the status page.
import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { kindsWithJobs, listDeadBuilds } from './build-jobs.mjs';
import { requestBuild } from './build-queue.mjs';
import { liveRelease, rollback } from './releases.mjs';
import { statusPage } from './status-page.mjs';

/** Events that change only the drafts: they rebuild the preview, not the live site. */
const draftEvents = new Set(['entry.create', 'entry.draft-discard']);

/** Events that can change the site. A draft's update changes nothing published, so it does not rebuild. */
const rebuildingEvents = new Set([
  'entry.publish',
  'entry.unpublish',
  'entry.update',
  'entry.delete',
  'media.update',
  'media.delete',
  'trigger-test',
]);

/** Whether a request carries the webhook secret as `Authorization: Bearer …` (compared in constant time). */
const authorised = (webhookSecret, header) => {
  const expected = Buffer.from(`Bearer ${webhookSecret}`);
  const given = Buffer.from(String(header ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** A webhook's event: what it queues (202), or why it is refused. */
async function intake(context, path, body, send) {
  if (path === '/rollback') {
    const id = await rollback(context);
    return id ? send(200, { live: id }) : send(409, { error: 'There is no earlier release to go back to.' });
  }
  let event = 'manual';
  if (path === '/webhooks/strapi') {
    let payload;
    try {
      payload = JSON.parse(body || '{}');
    } catch {
      return send(400, { error: 'The body is not JSON.' });
    }
    event = String(payload.event ?? '');
    const draft =
      draftEvents.has(event) || (event === 'entry.update' && payload.entry && !payload.entry.publishedAt);
    if (draft) {
      // Saving a draft changes nothing the site shows: only the preview.
      if (!context.previewBuild) return send(202, { ignored: 'draft' });
      await requestBuild(context, event, 'preview');
      return send(202, { queued: ['preview'] });
    }
    if (!rebuildingEvents.has(event)) return send(202, { ignored: event });
  }
  // What is published is already in the drafts' preview (a published entry's draft is the same).
  await requestBuild(context, event, 'live');
  return send(202, { queued: ['live'] });
}

export function createPublisherServer(context) {
  return createServer(async (request, response) => {
    const send = (status, body, type = 'application/json; charset=utf-8') => {
      response.writeHead(status, {
        'Content-Type': type,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      response.end(type.startsWith('application/json') ? JSON.stringify(body) : body);
    };
    try {
      const path = new URL(request.url ?? '/', 'http://publisher').pathname;
      if (
        request.method === 'POST' &&
        (path === '/webhooks/strapi' || path === '/rebuild' || path === '/rollback')
      ) {
        if (!authorised(context.webhookSecret, request.headers.authorization))
          return send(401, { error: 'The webhook secret is missing or wrong.' });
        let body = '';
        for await (const chunk of request) {
          body += chunk;
          if (body.length > 1_000_000) return send(413, { error: 'Too large' });
        }
        return await intake(context, path, body, send);
      }
      if (request.method === 'GET' && path === '/status.json') {
        return send(200, {
          live: await liveRelease(context),
          building: Boolean(context.running),
          waiting: await kindsWithJobs(context.jobs, context.kindsBuilt),
          builds: context.builds.slice(-20).reverse(),
          dead: await listDeadBuilds(context.jobs),
        });
      }
      if (request.method === 'GET' && path === '/')
        return send(200, await statusPage(context), 'text/html; charset=utf-8');
      return send(404, { error: 'Not found' });
    } catch (error) {
      context.log.error({ err: error }, 'the publisher failed to answer');
      if (!response.headersSent) send(500, { error: 'The publisher failed; see its log.' });
    }
  });
}
