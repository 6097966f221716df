import { errorCodes } from '@dcipher/shared/contract';
import { ApiError } from '../../http/api-error.js';

/** Unknown email, wrong password or an account that cannot sign in: deliberately one answer for all three. */
export class InvalidCredentialsError extends ApiError {
  constructor() {
    super(errorCodes.invalidCredentials);
  }
}

/**
 * The password was right but the address was never confirmed. Only told to someone who knows the password, so
 * it reveals nothing an outsider could not learn; the login screen offers to send the link again.
 */
export class EmailNotVerifiedError extends ApiError {
  constructor() {
    super(errorCodes.emailNotVerified);
  }
}

/** The refresh token is unknown, expired or revoked. */
export class InvalidRefreshTokenError extends ApiError {
  constructor() {
    super(errorCodes.invalidRefreshToken);
  }
}

/** A refresh token was presented a second time: its whole family has been revoked. */
export class RefreshTokenReusedError extends ApiError {
  constructor() {
    super(errorCodes.refreshTokenReused);
  }
}

/**
 * The password was right but an internal admin suspended the account. Like the unverified address, only told to
 * someone who knows the password; the message tells them to contact support.
 */
export class AccountSuspendedError extends ApiError {
  constructor() {
    super(errorCodes.accountSuspended);
  }
}
