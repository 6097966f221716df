import { errorCodes } from '@dcipher/shared/contract';
import { errorCatalogue, subscriptionAlreadyActiveMessage } from '@dcipher/shared/validation';
import { ApiError } from '../../http/api-error.js';

/** The reactivation link is unknown, already used, expired or malformed: the catalogue's one message. */
export class TrialReactivationFailedError extends ApiError {
  constructor() {
    super(400, errorCatalogue.trialReactivationFailed, errorCodes.trialReactivationFailed);
  }
}

/** The organization's subscription or free trial is still active: nothing to reactivate. */
export class SubscriptionAlreadyActiveError extends ApiError {
  constructor() {
    super(409, subscriptionAlreadyActiveMessage, errorCodes.subscriptionAlreadyActive);
  }
}
