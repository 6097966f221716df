import {
  austria,
  belgium,
  bulgaria,
  type Country as CheckedCountry,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  norway,
  poland,
  portugal,
  romania,
  serbia,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
  switzerland,
  unitedKingdom,
} from 'jsvat';

/**
 * The countries whose VAT numbers are checked (jsvat's rules: format and check digits), by ISO code: every EU
 * member state, where a valid number decides reverse charge, and the European countries outside it jsvat knows,
 * so typos there are caught too. A number for any other country is kept as typed: it changes no VAT.
 */
const checkedCountries: ReadonlyMap<string, CheckedCountry> = new Map(
  [
    austria,
    belgium,
    bulgaria,
    croatia,
    cyprus,
    czechRepublic,
    denmark,
    estonia,
    finland,
    france,
    germany,
    greece,
    hungary,
    ireland,
    italy,
    latvia,
    lithuania,
    luxembourg,
    malta,
    netherlands,
    norway,
    poland,
    portugal,
    romania,
    serbia,
    slovakiaRepublic,
    slovenia,
    spain,
    sweden,
    switzerland,
    unitedKingdom,
  ].map((country) => [country.codes[0] as string, country]),
);

/** The prefix a country's VAT numbers start with: its ISO code, except Greece's "EL". */
export function vatNumberPrefixOf(country: string): string {
  const code = country.toUpperCase();
  return code === 'GR' ? 'EL' : code;
}

/**
 * What is wrong with a VAT number for a billing country, or `undefined` when nothing is:
 * - `prefix`: it does not start with the country's prefix (another country's number, or none);
 * - `invalid`: the prefix is right but the format or the check digits are not.
 * The number is compared as the contract normalises it (letters and digits, upper case). An empty number is no
 * problem here: it is optional, and without one no reverse charge applies.
 */
export function vatNumberProblem(
  country: string,
  vatNumber: string | null | undefined,
): 'prefix' | 'invalid' | undefined {
  const number = (vatNumber ?? '').replace(/[\s.\-/]/g, '').toUpperCase();
  if (number === '') return undefined;
  const rules = checkedCountries.get(country.toUpperCase());
  if (!rules) return undefined;
  if (!number.startsWith(vatNumberPrefixOf(country))) return 'prefix';
  return checkVAT(number, [rules]).isValid ? undefined : 'invalid';
}

/** A VAT number that is valid (format and check digits) for the billing country: what reverse charge needs. */
export function isValidVatNumberFor(country: string, vatNumber: string | null | undefined): boolean {
  const number = (vatNumber ?? '').trim();
  return number !== '' && checkedCountries.has(country.toUpperCase()) && !vatNumberProblem(country, number);
}
