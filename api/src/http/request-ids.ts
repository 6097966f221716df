import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import proxyAddr from 'proxy-addr';

/** What an edge's request id may look like to be adopted; anything else is replaced by our own. */
const acceptedRequestId = /^[A-Za-z0-9._:-]{8,128}$/;

/** The header nginx proves itself with when `TRUSTED_PROXY_SECRET` is set (docs/decisions/0095). */
export const proxySecretHeader = 'x-dcipher-proxy-secret';

/** What only a trusted proxy may tell: the client's address and protocol, and the request id made at the edge. */
const forwardedHeaders = [
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-request-id',
];

const sameSecret = (presented: unknown, secret: Buffer) => {
  if (typeof presented !== 'string') return false;
  const given = Buffer.from(presented);
  return given.length === secret.length && timingSafeEqual(given, secret);
};

/**
 * Request ids (docs/decisions/0063): the id a trusted proxy (nginx, `TRUSTED_PROXIES`) generated at the edge and
 * sent as `X-Request-Id`, so one id follows a request from the edge's log to ours; else a new UUID. A client that
 * is not a trusted proxy cannot choose the id.
 *
 * This is the first code that sees each request, so it also decides whether the forwarded headers are believed
 * (docs/decisions/0095): with `proxySecret` (`TRUSTED_PROXY_SECRET`), a connection from a trusted proxy's address is
 * believed only when it carries the secret nginx adds (`X-Dcipher-Proxy-Secret`), since any local process shares
 * nginx's address on one machine; otherwise its forwarded headers are dropped before Fastify reads `request.ip`,
 * and the connection's address is the client's. The secret header itself is always dropped, never logged.
 */
export function requestIdGenerator(
  trustedProxies: readonly string[],
  proxySecret?: string,
): (request: IncomingMessage) => string {
  const trusted = trustedProxies.length > 0 ? proxyAddr.compile([...trustedProxies]) : undefined;
  const secret = proxySecret ? Buffer.from(proxySecret) : undefined;
  return (request) => {
    const presented = request.headers[proxySecretHeader];
    delete request.headers[proxySecretHeader];
    const fromTrustedAddress = trusted?.(request.socket.remoteAddress ?? '', 0) === true;
    const believed = fromTrustedAddress && (secret === undefined || sameSecret(presented, secret));
    if (fromTrustedAddress && !believed) {
      for (const name of forwardedHeaders) delete request.headers[name];
    }
    const header = request.headers['x-request-id'];
    const fromEdge = believed && typeof header === 'string' && acceptedRequestId.test(header);
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
