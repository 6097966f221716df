import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import proxyAddr from 'proxy-addr';

/** What an edge's request id may look like to be adopted; anything else is replaced by our own. */
const acceptedRequestId = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Request ids (docs/decisions/0063): the id a trusted proxy (nginx, `TRUSTED_PROXIES`) generated at the edge and
 * sent as `X-Request-Id`, so one id follows a request from the edge's log to ours; else a new UUID. A client that
 * is not a trusted proxy cannot choose the id.
 */
export function requestIdGenerator(trustedProxies: readonly string[]): (request: IncomingMessage) => string {
  const trusted = trustedProxies.length > 0 ? proxyAddr.compile([...trustedProxies]) : undefined;
  return (request) => {
    const header = request.headers['x-request-id'];
    const fromEdge =
      trusted !== undefined &&
      typeof header === 'string' &&
      acceptedRequestId.test(header) &&
      trusted(request.socket.remoteAddress ?? '', 0);
    return fromEdge ? header : randomUUID();
  };
}

/**
 * One log line per request, when it is answered (Fastify's own two lines, received and completed, are off): the
 * request id, method, route pattern (never the URL, whose query may hold one-time tokens), status and duration. Every
 * answer carries `X-Request-Id`.
 */
export function registerRequestLogging(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        statusCode: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        remoteAddress: request.ip,
      },
      'request',
    );
  });
}
