import * as v from 'valibot';
import { passwordTooLong, passwordTooShort, validationMessages } from './messages.js';

/** The one place the password bounds live (the spec leaves the numbers to us). */
export const passwordPolicy = { minLength: 12, maxLength: 128 } as const;

/**
 * A password being chosen (sign-up, reset, change): the spec's messages, in the order a person fixes them.
 * Every failing rule is reported so a form can list what is still missing.
 */
export const newPassword = v.pipe(
  v.string(validationMessages.required),
  v.nonEmpty(validationMessages.required),
  v.minLength(passwordPolicy.minLength, passwordTooShort(passwordPolicy.minLength)),
  v.maxLength(passwordPolicy.maxLength, passwordTooLong(passwordPolicy.maxLength)),
  v.regex(/\d/, validationMessages.passwordRequiresNumber),
  v.regex(/\p{Ll}/u, validationMessages.passwordRequiresLowercase),
  v.regex(/\p{Lu}/u, validationMessages.passwordRequiresUppercase),
  v.regex(/[^\p{L}\p{N}\s]/u, validationMessages.passwordRequiresSymbol),
);

/** Every rule a candidate password still breaks, for a live checklist under the field. */
export function passwordProblems(candidate: string): string[] {
  const result = v.safeParse(newPassword, candidate);
  return result.success ? [] : result.issues.map((issue) => issue.message);
}
