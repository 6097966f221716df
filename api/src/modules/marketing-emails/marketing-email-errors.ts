import { errorCodes } from '@dcipher/shared/contract';
import { ApiError } from '../../http/api-error.js';

/**
 * The unsubscribe link's token is well-formed but not the one for its address: forged, or the address was
 * changed. (A missing or malformed token is a 400 from the contract's schema, with the same message.)
 */
export class UnsubscribeLinkInvalidError extends ApiError<'UNSUBSCRIBE_LINK_INVALID'> {
  constructor() {
    super(errorCodes.unsubscribeLinkInvalid);
  }
}
