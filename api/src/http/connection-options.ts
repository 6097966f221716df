import type { Server } from 'node:http';
import { errorCodes } from '@dcipher/shared/contract';
import type { FastifyHttpOptions, FastifyReply } from 'fastify';
import type { Config } from '../config.js';
import { sendError } from './register-error-handling.js';

/** Idle keep-alive connections: Fastify's default, above the 60 s idle timeout of common load balancers. */
export const keepAliveTimeoutMilliseconds = 72_000;

/** No API body comes near this (the largest, a contact message, is a few kilobytes); Fastify's default is 1 MiB. */
export const bodyLimitBytes = 100 * 1024;

/**
 * Who the client is and how long it may take (docs/decisions/0029). `request.ip`, which every per-IP limit counts,
 * is the connection's address unless that address is one of `TRUSTED_PROXIES`: only then is `X-Forwarded-For`
 * read (the right-most address no trusted proxy added), so a client cannot pick its own address by sending the
 * header. A client must send its whole request, headers and body, within `REQUEST_TIMEOUT_SECONDS` (408, then the
 * connection closes); Node checks this every `connectionsCheckingInterval`, by default only every 30 s. Idle
 * keep-alive connections stay open 72 s (Fastify's default), longer than a load balancer's usual 60 s, so the
 * balancer never reuses a connection the API has just closed.
 */
export function connectionOptions(
  config: Pick<Config, 'trustedProxies' | 'requestTimeoutSeconds'>,
): FastifyHttpOptions<Server> {
  const requestTimeout = config.requestTimeoutSeconds * 1000;
  return {
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    requestTimeout,
    keepAliveTimeout: keepAliveTimeoutMilliseconds,
    bodyLimit: bodyLimitBytes,
    // Path parameters hold emails (up to 254 characters) and tokens: longer ones are refused (414) unread.
    routerOptions: { maxParamLength: 512 },
    // The router's own refusals (a malformed or too long URL) answer in the API's error shape, never quoting it.
    frameworkErrors: (error, _request, reply) => {
      sendError(reply as unknown as FastifyReply, (error as { statusCode?: number }).statusCode ?? 400, {
        message: 'The request URL is not valid',
        code: errorCodes.validationFailed,
      });
    },
    http: {
      requestTimeout,
      headersTimeout: requestTimeout,
      connectionsCheckingInterval: Math.min(1000, requestTimeout / 2),
    },
  };
}
