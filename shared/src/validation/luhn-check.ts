/**
 * Whether a string of digits passes the Luhn (mod 10) check every payment card number carries: from the right,
 * every second digit is doubled (less 9 when above 9) and the sum must end in 0. Catches one mistyped digit and
 * most swapped neighbours before anything is sent to a payment gateway.
 */
export function passesLuhnCheck(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
