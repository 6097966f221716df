import { type ErrorCode, errorCodes } from '@dcipher/shared/contract';
import type { FieldErrors } from '@dcipher/shared/validation';

/** An error the API answers on purpose: its status, message and code go to the client as they are. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: ErrorCode,
    readonly issues?: FieldErrors,
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
