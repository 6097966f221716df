import { errorCodes } from '@dcipher/shared/contract';
import { ApiError } from '../../http/api-error.js';

/** A plan needs a card to charge: none has been added (409). */
export class NoPaymentMethodError extends ApiError<'NO_PAYMENT_METHOD'> {
  constructor() {
    super(errorCodes.noPaymentMethod);
  }
}

/** Unknown, retired, custom or for the other customer type (404). */
export class PlanNotAvailableError extends ApiError<'PLAN_NOT_AVAILABLE'> {
  constructor(reason?: 'customerTypeMismatch') {
    super(errorCodes.planNotAvailable, reason ? { params: { reason } } : {});
  }
}

/** A subscription exists already, or not yet, or no plan picked during the trial waits to start (409). */
export class SubscriptionConflictError extends ApiError<'SUBSCRIPTION_CONFLICT'> {
  constructor(
    reason: 'alreadySubscribed' | 'notSubscribed' | 'nothingToPay' | 'noPlanForAddOn' | 'noTrialPlan',
  ) {
    super(errorCodes.subscriptionConflict, { params: { reason } });
  }
}

/** No such invoice in the caller's organization (404). */
export class InvoiceNotFoundError extends ApiError<'NOT_FOUND'> {
  constructor() {
    super(errorCodes.notFound, { params: { reason: 'invoice' } });
  }
}
