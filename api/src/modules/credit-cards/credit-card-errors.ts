import { errorCodes } from '@dcipher/shared/contract';
import type { CardDeclineReason } from '../../adapters/payments/payment-gateway.js';
import { ApiError, ValidationError } from '../../http/api-error.js';

/** No such card in the organization: deleted already, or another organization's. */
export class PaymentMethodNotFoundError extends ApiError<'NOT_FOUND'> {
  constructor() {
    super(errorCodes.notFound, { params: { reason: 'paymentMethod' } });
  }
}

/** The gateway refused the card: 402, with the customer-facing reason. */
export class CardDeclinedApiError extends ApiError<'CARD_DECLINED'> {
  constructor(reason?: CardDeclineReason) {
    super(errorCodes.cardDeclined, reason ? { params: { reason } } : {});
  }
}

/** The organization's last card, while a paid plan renews with it (409). */
export class CardRequiredError extends ApiError<'CARD_REQUIRED'> {
  constructor() {
    super(errorCodes.cardRequired);
  }
}

/** DELETE /billing without billing details of the organization's own (404). */
export class BillingDetailsNotFoundError extends ApiError<'NOT_FOUND'> {
  constructor() {
    super(errorCodes.notFound, { params: { reason: 'billingDetails' } });
  }
}

/** The VAT number checker (VIES) knows no such number: 400 on `vatNumber`, and no reverse charge (0057). */
export class VatNumberNotRegisteredError extends ValidationError {
  constructor() {
    super('vatNumberNotRegistered', 'vatNumber');
  }
}

/** The VAT number checker could not answer now (503): nothing is saved, the person tries again later. */
export class VatCheckUnavailableError extends ApiError<'VAT_CHECK_UNAVAILABLE'> {
  constructor() {
    super(errorCodes.vatCheckUnavailable);
  }
}
