/**
 * Whether a VAT number is one a business really holds, asked when billing details are saved (docs/decisions/0057).
 * The contract has already checked it against the billing country (prefix, format, check digits); a checker may
 * ask more. `unavailable`: the checker could not answer now, so nothing is decided.
 */
export type VatNumberVerdict = 'valid' | 'invalid' | 'unavailable';

export interface VatNumberChecker {
  readonly name: 'offline' | 'vies';
  /** `country` is the billing country's ISO code, `vatNumber` the normalised number with its prefix. */
  check(country: string, vatNumber: string): Promise<VatNumberVerdict>;
}
