import { errorCodes, errorMessage } from '@dcipher/shared/contract';
import { ApiError } from '../../http/api-error.js';

/**
 * The promo code does not apply: the reason, on the field it was typed in (400). Payments redeems the code when it
 * records a payment; subscriptions checks it when it prices one.
 */
export class PromoCodeInvalidError extends ApiError<'PROMO_CODE_INVALID'> {
  constructor(
    reason: 'invalid' | 'expired' | 'usedUp' | 'notForPlan' | 'alreadyUsed' | 'firstPlanOnly',
    field: string,
  ) {
    const params = reason === 'invalid' ? undefined : { reason };
    super(errorCodes.promoCodeInvalid, {
      ...(params && { params }),
      issues: { [field]: errorMessage(errorCodes.promoCodeInvalid, params) },
    });
  }
}
