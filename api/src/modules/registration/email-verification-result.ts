/** What opening an email verification link did (a sign-up's address, or a new address of POST /update-email). */
export type EmailVerificationResult =
  /** `emailChanged`: the token confirmed a new address (POST /update-email), now the user's sign-in address. */
  | { outcome: 'verified'; email: string; emailChanged?: true; userId?: string }
  | { outcome: 'expired' }
  /** Unknown, already used, replaced by a newer link, or not a token at all. */
  | { outcome: 'invalid' };
