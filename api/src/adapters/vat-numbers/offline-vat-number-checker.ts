import { vatNumberProblem } from '@dcipher/shared/domain';
import type { VatNumberChecker, VatNumberVerdict } from './vat-number-checker.js';

/**
 * The embedded default: the country's format and check digits (jsvat, through `@dcipher/shared/domain`), the
 * same rule the contract and `vatRateFor` apply. It cannot tell a well-formed number nobody holds.
 */
export class OfflineVatNumberChecker implements VatNumberChecker {
  readonly name = 'offline';

  async check(country: string, vatNumber: string): Promise<VatNumberVerdict> {
    return vatNumberProblem(country, vatNumber) ? 'invalid' : 'valid';
  }
}
