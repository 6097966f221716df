import { errorCodes, errorMessage } from '@dcipher/shared/contract';
import { ApiError } from '../../http/api-error.js';

/** Unknown email, wrong password or an account that cannot sign in: deliberately one answer for all three. */
export class InvalidCredentialsError extends ApiError<'INVALID_CREDENTIALS'> {
  constructor() {
    super(errorCodes.invalidCredentials);
  }
}

/**
 * The password was right but the address was never confirmed. Only told to someone who knows the password, so
 * it reveals nothing an outsider could not learn; the login screen offers to send the link again.
 */
export class EmailNotVerifiedError extends ApiError<'EMAIL_NOT_VERIFIED'> {
  constructor() {
    super(errorCodes.emailNotVerified);
  }
}

/** The refresh token is unknown, expired or revoked. */
export class InvalidRefreshTokenError extends ApiError<'INVALID_REFRESH_TOKEN'> {
  constructor() {
    super(errorCodes.invalidRefreshToken);
  }
}

/** A refresh token was presented a second time: its whole family has been revoked. */
export class RefreshTokenReusedError extends ApiError<'REFRESH_TOKEN_REUSED'> {
  constructor() {
    super(errorCodes.refreshTokenReused);
  }
}

/**
 * The password was right but an internal admin suspended the account. Like the unverified address, only told to
 * someone who knows the password; the message tells them to contact support.
 */
export class AccountSuspendedError extends ApiError<'ACCOUNT_SUSPENDED'> {
  constructor() {
    super(errorCodes.accountSuspended);
  }
}

/** The two-step challenge is unknown, spent, older than 5 minutes or out of its 5 tries: sign in again. */
export class TwoFactorChallengeInvalidError extends ApiError<'TWO_FACTOR_CHALLENGE_INVALID'> {
  constructor() {
    super(errorCodes.twoFactorChallengeInvalid);
  }
}

/**
 * A wrong, used or replayed authenticator code or recovery code (400), under the field it was given in, as a
 * validation answer is, so a form shows it there.
 */
export class TwoFactorCodeInvalidError extends ApiError<'TWO_FACTOR_CODE_INVALID'> {
  constructor(field: 'code' | 'recoveryCode') {
    const params = { reason: field };
    super(errorCodes.twoFactorCodeInvalid, {
      params,
      issues: { [field]: errorMessage(errorCodes.twoFactorCodeInvalid, params) },
    });
  }
}

/** Two-step verification is already on (setting it up again) or not on (turning it off), or setup was not begun. */
export class TwoFactorStateConflictError extends ApiError<'TWO_FACTOR_STATE_CONFLICT'> {
  constructor(reason: 'alreadyEnabled' | 'notEnabled' | 'setupMissing' | 'requiredOfAdminFirst') {
    super(errorCodes.twoFactorStateConflict, { params: { reason } });
  }
}

/** Not one of the caller's live sessions: someone else's, ended, or no session at all. */
export class SessionNotFoundError extends ApiError<'NOT_FOUND'> {
  constructor() {
    super(errorCodes.notFound, { params: { reason: 'session' } });
  }
}
