import { errorCodes } from '@dcipher/shared/contract';
import { ApiError } from '../../http/api-error.js';

/** The reactivation link is unknown, already used, expired or malformed: the catalogue's one message. */
export class TrialReactivationFailedError extends ApiError<'TRIAL_REACTIVATION_FAILED'> {
  constructor() {
    super(errorCodes.trialReactivationFailed);
  }
}

/** The organization's subscription or free trial is still active: nothing to reactivate. */
export class SubscriptionAlreadyActiveError extends ApiError<'SUBSCRIPTION_ALREADY_ACTIVE'> {
  constructor() {
    super(errorCodes.subscriptionAlreadyActive);
  }
}
