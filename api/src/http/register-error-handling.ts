import { STATUS_CODES } from 'node:http';
import {
  declaredErrorCodes,
  type ErrorBody,
  errorCodes,
  errorMessage,
  errorStatus,
  type ValidationReason,
} from '@dcipher/shared/contract';
import { invalidRequestMessage } from '@dcipher/shared/validation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

/** What Fastify rejects before a handler runs (body parsing), by Fastify error code: the catalogue's reasons. */
const requestFormatReasons: Record<string, ValidationReason> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'emptyBody',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'notJson',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'contentLengthMismatch',
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
  body: Omit<ErrorBody, 'statusCode' | 'error' | 'requestId'>,
) {
  const answer: ErrorBody = {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    ...body,
    // What the log line of this request says, so a customer's report can be found in the logs.
    requestId: reply.request.id,
  };
  return reply.code(statusCode).send(answer);
}

/** A code the route's contract endpoint does not declare (docs/decisions/0058); routes outside it are not checked. */
function isUndeclared(request: FastifyRequest, error: ApiError): boolean {
  const endpoint = request.routeOptions.config?.endpoint;
  return endpoint !== undefined && !declaredErrorCodes(endpoint).has(error.code);
}

export interface ErrorHandlingOptions {
  /**
   * Answer a code the endpoint does not declare as a 500, so the test that provokes it fails (tests); otherwise it
   * is answered as it is and logged as an error, for the contract to be mended.
   */
  refuseUndeclaredCodes: boolean;
}

/**
 * Every error leaves the API in one shape, `{ statusCode, error, message, code?, params?, issues? }`: ApiErrors
 * as they are (their message rendered by the contract's catalogue from code and parameters), malformed requests
 * as 400, unknown routes as 404 and anything unexpected as a 500 "Server error" whose details go only to the log.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  { refuseUndeclaredCodes }: ErrorHandlingOptions,
): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      if (isUndeclared(request, error)) {
        const operation = request.routeOptions.config.endpoint?.operation;
        request.log.error(
          { code: error.code, operation },
          `${operation} answered ${error.code}, which its contract endpoint does not declare in \`errors\``,
        );
        if (refuseUndeclaredCodes) {
          return sendError(reply, errorStatus(errorCodes.internal), {
            message: `Undeclared error code ${error.code} answered by ${operation}`,
            code: errorCodes.internal,
          });
        }
      }
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.statusCode, {
        message: error.message,
        code: error.code,
        ...(error.params !== undefined && { params: error.params }),
        ...(error.issues && { issues: error.issues }),
      });
    }

    const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
    const formatReason = typeof code === 'string' ? requestFormatReasons[code] : undefined;
    if (formatReason) {
      const params = { reason: formatReason };
      return sendError(reply, errorStatus(errorCodes.validationFailed), {
        message: errorMessage(errorCodes.validationFailed, params),
        code: errorCodes.validationFailed,
        params,
      });
    }
    // Fastify's other refusals of a request (too large, bad URL, timeout...).
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      const message = (typeof code === 'string' && otherRefusalMessages[code]) || invalidRequestMessage;
      return sendError(reply, statusCode, { message });
    }

    request.log.error({ err: error }, 'request failed');
    return sendError(reply, errorStatus(errorCodes.internal), {
      message: errorMessage(errorCodes.internal),
      code: errorCodes.internal,
    });
  });

  app.setNotFoundHandler((_request, reply) =>
    sendError(reply, errorStatus(errorCodes.notFound), {
      message: errorMessage(errorCodes.notFound),
      code: errorCodes.notFound,
    }),
  );
}
