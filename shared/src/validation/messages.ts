// The user-facing messages of product-spec sections 5 and 8, word for word. `{0}` placeholders become arguments.

export const validationMessages = {
  required: 'This field is required',
  invalidEmail: 'Please enter a valid email address',
  invalidUrl: 'URL is not valid',
  invalidCardNumber: 'Invalid Card Number',
  invalidCvc: 'Invalid CVC Number',
  invalidExpiry: 'Invalid Expire Date',
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordSameAsCurrent: 'New password must be different than the current password',
  passwordRequiresNumber: 'Password requires a number',
  passwordRequiresLowercase: 'Password requires a lowercase letter',
  passwordRequiresUppercase: 'Password requires an uppercase letter',
  passwordRequiresSymbol: 'Password requires a symbol',
  captcha: 'Please verify that you are a human',
} as const;

export const tooLong = (max: number) => `Your input exceeds the maximum allowed length of ${max} characters`;
export const passwordTooShort = (min: number) => `Password must contain at least ${min} characters`;
export const passwordTooLong = (max: number) => `Password must contain at most ${max} characters`;

export const errorCatalogue = {
  invalidUsernamePassword: 'Invalid username/password combination',
  invalidEmail: 'Invalid email',
  emailNotVerified: 'Email is not verified',
  invalidEmailOrPassword: 'Invalid email or password',
  accountSuspended: 'Your account has been suspended due to unusual activity. Please contact support.',
  serverError: 'Server error',
  emailVerificationFailed: 'Unexpected error while validating email',
  emailVerificationExpired: 'The verification link has expired. We can send you a new one.',
  trialReactivationFailed: 'Unexpected error while reactivating your free trial',
  notFound: 'Sorry, the page you are looking for cannot be found.',
  maintenance: 'Scheduled maintenance in progress. We will be back in a couple of hours.',
  passwordExpired: 'Your password has expired. Set a new one.',
  // Password recovery and change: not in the spec, which shows no texts for them.
  resetLinkExpired: 'This password reset link has expired. Ask for a new one.',
  resetLinkInvalid: 'This password reset link is not valid any more. Ask for a new one.',
  currentPasswordIncorrect: 'The current password is not correct.',
} as const;

/** Shown when no answer came back at all (offline, server down): not a server message, so not "Server error". */
export const networkErrorMessage = 'We could not reach Dcipher. Check your connection and try again.';

/**
 * The API's answer to a client over a rate limit (429). The spec has no rate limiting and so no text for it; a
 * known message, so the client shows it instead of "Server error".
 */
export const tooManyRequestsMessage = 'Too many requests. Please wait a few minutes and try again.';

/**
 * The API's answers about payment methods, and the VAT number's format. The spec has no text for them; known
 * messages, so the client shows them instead of "Server error".
 */
export const paymentMessages = {
  cardDeclined: 'Your card was declined. Try another card.',
  insufficientFunds: 'Your card has insufficient funds. Try another card.',
  changeForbidden: 'You do not have permission to change the payment method.',
  notFound: 'This payment method no longer exists.',
  invalidVatNumber: 'Please enter a valid VAT number',
} as const;

/**
 * Sign-in attempts for one account are being delayed after repeated failures (429). In seconds under two
 * minutes, in whole minutes above.
 */
export const tooManySignInAttempts = (waitSeconds: number) =>
  waitSeconds < 120
    ? `Too many attempts. Please wait ${waitSeconds} seconds and try again.`
    : `Too many attempts. Please wait ${Math.ceil(waitSeconds / 60)} minutes and try again.`;

export const missingParameterMessage = (parameter: string, operation: string) =>
  `Required parameter ${parameter} was null or undefined when calling ${operation}.`;

const templatedMessages = [
  /^Your input exceeds the maximum allowed length of \d+ characters$/,
  /^Password must contain at (least|most) \d+ characters$/,
  /^Required parameter \S+ was null or undefined when calling \S+\.$/,
  /^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/,
];

const knownMessages = new Set<string>([
  ...Object.values(validationMessages),
  ...Object.values(errorCatalogue),
  tooManyRequestsMessage,
  ...Object.values(paymentMessages),
]);

/** Maps a message from the server onto the catalogue; anything unknown becomes "Server error". */
export function toCatalogueMessage(serverMessage: unknown): string {
  if (typeof serverMessage !== 'string') return errorCatalogue.serverError;
  if (knownMessages.has(serverMessage)) return serverMessage;
  if (templatedMessages.some((pattern) => pattern.test(serverMessage))) return serverMessage;
  return errorCatalogue.serverError;
}
