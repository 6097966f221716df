import { type ErrorCode, errorCodes, errorDefinitions } from '@dcipher/shared/contract';
import { type FieldErrors, tooManyRequestsMessage } from '@dcipher/shared/validation';

export interface ApiErrorDetails {
  /** A more specific text of the same meaning than the code's (which field, which card, which tool). */
  message?: string;
  issues?: FieldErrors;
  /** Response headers that belong to the answer (Retry-After). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * An error the API answers on purpose. Its status and default message come from the contract's
 * `errorDefinitions` by code (docs/decisions/0023), so one code always means one status.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly issues?: FieldErrors;
  readonly headers?: Readonly<Record<string, string>>;

  constructor(
    readonly code: ErrorCode,
    { message, issues, headers }: ApiErrorDetails = {},
  ) {
    const definition = errorDefinitions[code];
    super(message ?? definition.message);
    this.name = new.target.name;
    this.statusCode = definition.status;
    if (issues) this.issues = issues;
    if (headers) this.headers = headers;
  }
}

/** Path, query or body did not match the endpoint's schema; `issues` has one message per field. */
export class ValidationError extends ApiError {
  constructor(message: string, issues?: FieldErrors) {
    super(errorCodes.validationFailed, { message, ...(issues && { issues }) });
  }
}

/** No valid bearer token (missing, malformed, expired, forged, or its user is gone). */
export class UnauthorizedError extends ApiError {
  constructor() {
    super(errorCodes.unauthorized);
  }
}

/** The user's password has expired: a bearer endpoint not marked `allowedWithExpiredPassword` refuses them. */
export class PasswordChangeRequiredError extends ApiError {
  constructor() {
    super(errorCodes.passwordChangeRequired);
  }
}

/** The organization requires two-step verification and the caller has not set it up (docs/decisions/0034). */
export class TwoStepSetupRequiredError extends ApiError {
  constructor() {
    super(errorCodes.twoStepSetupRequired);
  }
}

/**
 * The permission policy refuses the caller what the endpoint needs (docs/decisions/0022); the message says what,
 * from `permissionDeniedMessage`.
 */
export class ForbiddenError extends ApiError {
  constructor(message: string) {
    super(errorCodes.forbidden, { message });
  }
}

/** The client went over a rate limit; `Retry-After` says in how many seconds it may try again. */
export class TooManyRequestsError extends ApiError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = tooManyRequestsMessage,
  ) {
    super(errorCodes.tooManyRequests, { message, headers: { 'retry-after': String(retryAfterSeconds) } });
  }
}
