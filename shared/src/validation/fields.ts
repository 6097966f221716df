import * as v from 'valibot';
import { tooLong, validationMessages } from './messages.js';

export const emailMaxLength = 254;
export const nameMaxLength = 100;

/** A required, trimmed text field with the spec's messages. */
export const requiredText = (maxLength: number) =>
  v.pipe(
    v.string(validationMessages.required),
    v.trim(),
    v.nonEmpty(validationMessages.required),
    v.maxLength(maxLength, tooLong(maxLength)),
  );

/**
 * An optional, trimmed text field: left out, or left empty in a form, both mean "not given" (`undefined`), so
 * the API stores nothing rather than an empty string.
 */
export const optionalText = (maxLength: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(maxLength, tooLong(maxLength)),
      v.transform((value) => (value === '' ? undefined : value)),
    ),
  );

export const emailField = v.pipe(
  v.string(validationMessages.required),
  v.trim(),
  v.nonEmpty(validationMessages.required),
  v.maxLength(emailMaxLength, tooLong(emailMaxLength)),
  v.email(validationMessages.invalidEmail),
  v.toLowerCase(),
);

/** A password as typed at sign-in: required only; the policy applies where a password is chosen. */
export const enteredPassword = v.pipe(
  v.string(validationMessages.required),
  v.nonEmpty(validationMessages.required),
  v.maxLength(1024, tooLong(1024)),
);

/**
 * A key the caller makes once per intended charge or record (docs/decisions/0039): a retried or repeated request with
 * the same key is answered as the first, and charges or counts nothing more.
 */
export const idempotencyKeyField = v.pipe(
  v.string(validationMessages.required),
  v.regex(/^[A-Za-z0-9_-]{16,100}$/, 'Please send an idempotency key of 16 to 100 letters, digits, - or _.'),
);

export const phoneMaxLength = 50;
export const invalidPhoneMessage = 'Please enter a valid phone number, such as +45 70 70 17 17.';

/**
 * An optional phone number (spec section 5: optional; its format is not given): digits with the usual separators
 * (spaces, dots, dashes, brackets, slashes) and an optional leading +, at least 6 digits. "abc" is not a number.
 */
export const phoneField = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(phoneMaxLength, tooLong(phoneMaxLength)),
    v.check(
      (value) => value === '' || (/^\+?[\d\s().\-/]+$/.test(value) && (value.match(/\d/g) ?? []).length >= 6),
      invalidPhoneMessage,
    ),
    v.transform((value) => (value === '' ? undefined : value)),
  ),
);
