import type { FastifyInstance } from 'fastify';

/**
 * Headers every API answer carries (issue 11; docs/decisions/0031): JSON is never sniffed as something else,
 * rendered in a frame, or given a referrer; no answer is kept by a browser or proxy cache unless its route says so
 * (the public keys do), so nothing a signed-in user saw stays behind; HSTS where the API is served over TLS.
 * A route that sets one of these itself (the dev mailbox's HTML pages, the JWKS cache time) keeps its own.
 */
export function registerSecurityHeaders(app: FastifyInstance, { production }: { production: boolean }): void {
  const defaults: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'cross-origin-resource-policy': 'same-site',
    'cache-control': 'no-store',
    ...(production && { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }),
  };
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(defaults)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
