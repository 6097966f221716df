import { errorCodes } from '@dcipher/shared/contract';
import { ApiError } from '../../http/api-error.js';

/** The reset link is older than 1 hour: the page offers to ask for a new one. */
export class ResetLinkExpiredError extends ApiError<'RESET_LINK_EXPIRED'> {
  constructor() {
    super(errorCodes.resetLinkExpired);
  }
}

/** The reset link is unknown, already used, or replaced by a newer one. */
export class ResetLinkInvalidError extends ApiError<'RESET_LINK_INVALID'> {
  constructor() {
    super(errorCodes.resetLinkInvalid);
  }
}
