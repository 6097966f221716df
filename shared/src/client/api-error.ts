import type { ErrorCode } from '../contract/errors.js';
import { missingParameterMessage } from '../validation/messages.js';

/**
 * An error answer from the API, or no answer at all. `message` is the catalogue's text for the code and its
 * parameters (with "Server error" as fallback), ready to show; `issues` holds per-field messages for forms, rendered
 * the same way; `params` are the code's declared parameters (docs/decisions/0058).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** One of the contract's codes; undefined when the answer had none or one this client does not know. */
    readonly code: ErrorCode | undefined,
    readonly issues: Record<string, string> = {},
    readonly params?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A required parameter was missing: the client refuses before sending anything. */
export class RequiredParameterError extends Error {
  readonly code = 'REQUIRED_PARAMETER';
  constructor(
    readonly parameter: string,
    readonly operation: string,
  ) {
    super(missingParameterMessage(parameter, operation));
    this.name = 'RequiredParameterError';
  }
}
