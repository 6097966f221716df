import { errorCodes } from '@dcipher/shared/contract';
import { type IntegrationName, integrationMessages } from '@dcipher/shared/validation';
import { ApiError } from '../../http/api-error.js';

/** The provider's OAuth client is not configured on this server (its `*_CLIENT_ID`... variables are unset). */
export class IntegrationNotConfiguredError extends ApiError {
  constructor(name: IntegrationName) {
    super(errorCodes.integrationNotConfigured, { message: integrationMessages.notConfigured(name) });
  }
}

/** The provider refused the authorization code: the user connects the tool again for a fresh one. */
export class IntegrationCodeRejectedError extends ApiError {
  constructor(name: IntegrationName) {
    super(errorCodes.integrationCodeRejected, { message: integrationMessages.codeRejected(name) });
  }
}

/** The provider's token endpoint failed (network, timeout, 5xx, an answer without a token). */
export class IntegrationUnavailableError extends ApiError {
  constructor(name: IntegrationName) {
    super(errorCodes.integrationUnavailable, { message: integrationMessages.unavailable(name) });
  }
}

/** Nothing saved for this user (and team) yet. */
export class NoSavedIntegrationTokenError extends ApiError {
  constructor(name: IntegrationName) {
    super(errorCodes.notFound, { message: integrationMessages.noSavedToken(name) });
  }
}

/** Asked for another user's tokens. */
export class OnlyOwnIntegrationTokensError extends ApiError {
  constructor(name: IntegrationName) {
    super(errorCodes.forbidden, { message: integrationMessages.onlyOwnTokens(name) });
  }
}
