import { errorCodes } from '@dcipher/shared/contract';
import { ApiError } from '../../http/api-error.js';

/** A plan needs a card to charge: none has been added (409). */
export class NoPaymentMethodError extends ApiError {
  constructor() {
    super(errorCodes.noPaymentMethod);
  }
}

/** Unknown, retired, custom or for the other customer type (404). */
export class PlanNotAvailableError extends ApiError {
  constructor(message?: string) {
    super(errorCodes.planNotAvailable, message ? { message } : {});
  }
}

/** The promo code does not apply: the reason, on the field it was typed in (400). */
export class PromoCodeInvalidError extends ApiError {
  constructor(message: string, field: string) {
    super(errorCodes.promoCodeInvalid, { message, issues: { [field]: message } });
  }
}

/** A subscription exists already, or not yet (409). */
export class SubscriptionConflictError extends ApiError {
  constructor(message: string) {
    super(errorCodes.subscriptionConflict, { message });
  }
}

/** No such invoice in the caller's organization (404). */
export class InvoiceNotFoundError extends ApiError {
  constructor() {
    super(errorCodes.notFound, { message: 'There is no such invoice in your organization.' });
  }
}
