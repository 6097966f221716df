import { errorCodes } from '@dcipher/shared/contract';
import { paymentMessages } from '@dcipher/shared/validation';
import { ApiError } from '../../http/api-error.js';

/** No such card in the organization: deleted already, or another organization's. */
export class PaymentMethodNotFoundError extends ApiError {
  constructor() {
    super(errorCodes.notFound, { message: paymentMessages.notFound });
  }
}

/** The gateway refused the card: 402, with the customer-facing reason. */
export class CardDeclinedApiError extends ApiError {
  constructor(message: string) {
    super(errorCodes.cardDeclined, { message });
  }
}

/** The organization's last card, while a paid plan renews with it (409). */
export class CardRequiredError extends ApiError {
  constructor() {
    super(errorCodes.cardRequired);
  }
}

/** DELETE /billing without billing details of the organization's own (404). */
export class BillingDetailsNotFoundError extends ApiError {
  constructor() {
    super(errorCodes.notFound, {
      message: 'Your organization has no billing details yet: add a card or set them.',
    });
  }
}
