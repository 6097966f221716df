import { euStandardVatRates, vatNumberPrefixOf, vatNumberProblem } from '@dcipher/shared/domain';
import type { VatNumberChecker, VatNumberVerdict } from './vat-number-checker.js';

/** The European Commission's VIES REST API. */
/** VIES waits on the member state's own service; past this the answer is "try later", not a hung request. */
const viesTimeoutMilliseconds = 10_000;

/** What `GET /ms/{countryCode}/vat/{number}` answers (the fields read here). */
interface ViesAnswer {
  isValid?: unknown;
  /** `VALID`, `INVALID`, or why there is no answer: `MS_UNAVAILABLE`, `TIMEOUT`, `SERVICE_UNAVAILABLE`… */
  userError?: unknown;
}

/**
 * VIES (`VAT_VALIDATION=vies`): an EU number that passes its format and check digits is looked up in the member
 * state's register, so a made-up but well-formed number is refused too. Numbers of countries outside the EU get
 * the offline check alone (VIES does not hold them). No answer, an error status or an unusable body is
 * `unavailable`: the caller refuses to decide rather than guess either way.
 */
export class ViesVatNumberChecker implements VatNumberChecker {
  readonly name = 'vies';
  readonly #baseUrl: string;

  /** The REST API's root (`VIES_API_URL`, by default the European Commission's). */
  constructor(baseUrl: string) {
    this.#baseUrl = baseUrl.replace(/\/+$/, '');
  }

  async check(country: string, vatNumber: string): Promise<VatNumberVerdict> {
    if (vatNumberProblem(country, vatNumber)) return 'invalid';
    const code = country.toUpperCase();
    if (euStandardVatRates[code] === undefined) return 'valid';
    const prefix = vatNumberPrefixOf(code);
    const number = vatNumber.toUpperCase().slice(prefix.length);
    let answer: ViesAnswer;
    try {
      const response = await fetch(
        `${this.#baseUrl}/ms/${encodeURIComponent(prefix)}/vat/${encodeURIComponent(number)}`,
        { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(viesTimeoutMilliseconds) },
      );
      if (!response.ok) return 'unavailable';
      answer = (await response.json()) as ViesAnswer;
    } catch {
      return 'unavailable';
    }
    if (answer?.isValid === true) return 'valid';
    if (answer?.isValid === false && (answer.userError === 'INVALID' || answer.userError === undefined)) {
      return 'invalid';
    }
    return 'unavailable';
  }
}
