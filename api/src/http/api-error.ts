import {
  type ErrorCode,
  type ErrorParams,
  errorCodes,
  errorMessage,
  errorStatus,
  type ValidationReason,
} from '@dcipher/shared/contract';
import type { FieldErrors } from '@dcipher/shared/validation';

export interface ApiErrorDetails<TCode extends ErrorCode> {
  /** The code's declared parameters (which reason, which tool, which domain): the message is rendered from them. */
  params?: ErrorParams<TCode>;
  /** The fields the error is about, each with the error's text (the client renders its own from the code). */
  issues?: FieldErrors;
  /** Response headers that belong to the answer (Retry-After). */
  headers?: Readonly<Record<string, string>>;
}

/** The details argument: required when the code's parameters are. */
type DetailsArgument<TCode extends ErrorCode> =
  undefined extends ErrorParams<TCode>
    ? [details?: ApiErrorDetails<TCode>]
    : [details: ApiErrorDetails<TCode> & { params: ErrorParams<TCode> }];

/**
 * An error the API answers on purpose. Its status and message come from the contract's catalogue by code and
 * parameters (docs/decisions/0023, 0058), so one code always means one status and the API's text is the one the
 * client renders.
 */
export class ApiError<TCode extends ErrorCode = ErrorCode> extends Error {
  readonly statusCode: number;
  readonly params?: ErrorParams<TCode>;
  readonly issues?: FieldErrors;
  readonly headers?: Readonly<Record<string, string>>;

  constructor(
    readonly code: TCode,
    ...[details]: DetailsArgument<TCode>
  ) {
    const { params, issues, headers } = (details ?? {}) as ApiErrorDetails<TCode>;
    super(errorMessage(code, params));
    this.name = new.target.name;
    this.statusCode = errorStatus(code);
    if (params !== undefined) this.params = params;
    if (issues) this.issues = issues;
    if (headers) this.headers = headers;
  }
}

/** A rule the API checks beyond the endpoint's schemas failed (`reason`), on `field` when it is about one. */
export class ValidationError extends ApiError<'VALIDATION_FAILED'> {
  constructor(reason: ValidationReason, field?: string) {
    const issues = field ? { [field]: errorMessage(errorCodes.validationFailed, { reason }) } : undefined;
    super(errorCodes.validationFailed, { params: { reason }, ...(issues && { issues }) });
  }
}

/**
 * Path, query or body did not match the endpoint's schemas: `issues` has the schema's message per field and the
 * message is the first of them. These texts are the shared schemas', which the client runs itself on what it sent.
 */
export class SchemaValidationError extends ApiError<'VALIDATION_FAILED'> {
  constructor(firstMessage: string, issues?: FieldErrors) {
    super(errorCodes.validationFailed, issues ? { issues } : {});
    this.message = firstMessage;
  }
}

/** No valid bearer token (missing, malformed, expired, forged, or its user is gone). */
export class UnauthorizedError extends ApiError<'UNAUTHORIZED'> {
  constructor() {
    super(errorCodes.unauthorized);
  }
}

/** The user's password has expired: a bearer endpoint not marked `allowedWithExpiredPassword` refuses them. */
export class PasswordChangeRequiredError extends ApiError<'PASSWORD_CHANGE_REQUIRED'> {
  constructor() {
    super(errorCodes.passwordChangeRequired);
  }
}

/** The organization requires two-step verification and the caller has not set it up (docs/decisions/0034). */
export class TwoStepSetupRequiredError extends ApiError<'TWO_STEP_SETUP_REQUIRED'> {
  constructor() {
    super(errorCodes.twoStepSetupRequired);
  }
}

/**
 * The permission policy refuses the caller what the endpoint needs (docs/decisions/0022), or another named
 * refusal; the parameters say which (`permissionRefusal` for the policy's).
 */
export class ForbiddenError extends ApiError<'FORBIDDEN'> {
  constructor(params: NonNullable<ErrorParams<'FORBIDDEN'>>) {
    super(errorCodes.forbidden, { params });
  }
}

/** The client went over a rate limit; `Retry-After` says in how many seconds it may try again. */
export class TooManyRequestsError extends ApiError<'TOO_MANY_REQUESTS'> {
  constructor(
    readonly retryAfterSeconds: number,
    params?: ErrorParams<'TOO_MANY_REQUESTS'>,
  ) {
    super(errorCodes.tooManyRequests, {
      ...(params && { params }),
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }
}
