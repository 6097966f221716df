import { errorCodes } from '@dcipher/shared/contract';
import { errorCatalogue } from '@dcipher/shared/validation';
import { ApiError } from '../../http/api-error.js';

/** The verification token is unknown, already used, replaced by a newer link, or malformed. */
export class EmailVerificationFailedError extends ApiError {
  constructor() {
    super(400, errorCatalogue.emailVerificationFailed, errorCodes.verificationFailed);
  }
}

/** The verification link is older than its 24 hours; the screen offers to send a new one. */
export class EmailVerificationLinkExpiredError extends ApiError {
  constructor() {
    super(400, errorCatalogue.emailVerificationExpired, errorCodes.verificationLinkExpired);
  }
}
