import { errorCodes } from '@dcipher/shared/contract';
import { errorCatalogue } from '@dcipher/shared/validation';
import { ApiError } from '../../http/api-error.js';

/** The reset link is older than 1 hour: the page offers to ask for a new one. */
export class ResetLinkExpiredError extends ApiError {
  constructor() {
    super(400, errorCatalogue.resetLinkExpired, errorCodes.resetLinkExpired);
  }
}

/** The reset link is unknown, already used, or replaced by a newer one. */
export class ResetLinkInvalidError extends ApiError {
  constructor() {
    super(400, errorCatalogue.resetLinkInvalid, errorCodes.resetLinkInvalid);
  }
}
