import { STATUS_CODES } from 'node:http';
import { type ErrorBody, errorCodes, errorDefinitions } from '@dcipher/shared/contract';
import { invalidRequestMessage } from '@dcipher/shared/validation';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from './api-error.js';

/** Messages for what Fastify rejects before a handler runs (body parsing), by Fastify error code. */
const requestFormatMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be sent as JSON (Content-Type: application/json)',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
};

/**
 * Fastify's other refusals keep their status but never their text, which may quote the request (a bad URL is
 * echoed in FST_ERR_BAD_URL's): a fixed message per code, else the generic one.
 */
const otherRefusalMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_BAD_URL: 'The request URL is not valid',
  FST_ERR_ASYNC_CONSTRAINT: 'The request URL is not valid',
};

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  body: Omit<ErrorBody, 'statusCode' | 'error'>,
) {
  const answer: ErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', ...body };
  return reply.code(statusCode).send(answer);
}

/**
 * Every error leaves the API in one shape, `{ statusCode, error, message, code?, issues? }`: ApiErrors as they
 * are, malformed requests as 400, unknown routes as 404 and anything unexpected as a 500 "Server error" whose
 * details go only to the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.statusCode, {
        message: error.message,
        ...(error.code && { code: error.code }),
        ...(error.issues && { issues: error.issues }),
      });
    }

    const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
    const formatMessage = typeof code === 'string' ? requestFormatMessages[code] : undefined;
    if (formatMessage) {
      return sendError(reply, errorDefinitions.VALIDATION_FAILED.status, {
        message: formatMessage,
        code: errorCodes.validationFailed,
      });
    }
    // Fastify's other refusals of a request (too large, bad URL, timeout...).
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      const message = (typeof code === 'string' && otherRefusalMessages[code]) || invalidRequestMessage;
      return sendError(reply, statusCode, { message });
    }

    request.log.error({ err: error }, 'request failed');
    const { status, message } = errorDefinitions.INTERNAL;
    return sendError(reply, status, { message, code: errorCodes.internal });
  });

  app.setNotFoundHandler((_request, reply) =>
    sendError(reply, errorDefinitions.NOT_FOUND.status, {
      message: errorDefinitions.NOT_FOUND.message,
      code: errorCodes.notFound,
    }),
  );
}
