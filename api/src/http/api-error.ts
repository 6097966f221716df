import { type ErrorCode, errorCodes } from '@dcipher/shared/contract';
import { errorCatalogue, type FieldErrors, tooManyRequestsMessage } from '@dcipher/shared/validation';

/** An error the API answers on purpose: its status, message and code go to the client as they are. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: ErrorCode,
    readonly issues?: FieldErrors,
    /** Response headers that belong to the answer (Retry-After). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Path, query or body did not match the endpoint's schema; `issues` has one message per field. */
export class ValidationError extends ApiError {
  constructor(message: string, issues?: FieldErrors) {
    super(400, message, errorCodes.validationFailed, issues);
  }
}

/** No valid bearer token (missing, malformed, expired, forged, or its user is gone). */
export class UnauthorizedError extends ApiError {
  constructor() {
    super(401, 'Unauthorized', errorCodes.unauthorized);
  }
}

/** The user's password has expired: a bearer endpoint not marked `allowedWithExpiredPassword` refuses them. */
export class PasswordChangeRequiredError extends ApiError {
  constructor() {
    super(403, errorCatalogue.passwordExpired, errorCodes.passwordChangeRequired);
  }
}

/**
 * The permission policy refuses the caller what the endpoint needs (docs/decisions/0022); the message says what,
 * from `permissionDeniedMessage`.
 */
export class ForbiddenError extends ApiError {
  constructor(message: string) {
    super(403, message, errorCodes.forbidden);
  }
}

/** The client went over a rate limit; `Retry-After` says in how many seconds it may try again. */
export class TooManyRequestsError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, tooManyRequestsMessage, errorCodes.tooManyRequests, undefined, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}
