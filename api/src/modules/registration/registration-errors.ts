import { errorCodes } from '@dcipher/shared/contract';
import { ApiError } from '../../http/api-error.js';

/** The verification token is unknown, already used, replaced by a newer link, or malformed. */
export class EmailVerificationFailedError extends ApiError<'VERIFICATION_FAILED'> {
  constructor() {
    super(errorCodes.verificationFailed);
  }
}

/** The verification link is older than its 24 hours; the screen offers to send a new one. */
export class EmailVerificationLinkExpiredError extends ApiError<'VERIFICATION_LINK_EXPIRED'> {
  constructor() {
    super(errorCodes.verificationLinkExpired);
  }
}
