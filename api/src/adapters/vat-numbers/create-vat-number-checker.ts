import type { VatValidationSettings } from '../../config.js';
import { OfflineVatNumberChecker } from './offline-vat-number-checker.js';
import type { VatNumberChecker } from './vat-number-checker.js';
import { ViesVatNumberChecker } from './vies-vat-number-checker.js';

/** The configured VAT number checker (`VAT_VALIDATION`): offline by default, VIES in production if chosen. */
export function createVatNumberChecker(settings: VatValidationSettings): VatNumberChecker {
  switch (settings.kind) {
    case 'offline':
      return new OfflineVatNumberChecker();
    case 'vies':
      return new ViesVatNumberChecker(settings.apiUrl);
  }
}
