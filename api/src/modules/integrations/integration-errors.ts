import { errorCodes } from '@dcipher/shared/contract';
import { type IntegrationName, integrationMessages } from '@dcipher/shared/validation';
import { ApiError } from '../../http/api-error.js';

/** The provider's OAuth client is not configured on this server (its `*_CLIENT_ID`... variables are unset). */
export class IntegrationNotConfiguredError extends ApiError {
  constructor(name: IntegrationName) {
    super(503, integrationMessages.notConfigured(name), errorCodes.integrationNotConfigured);
  }
}

/** The provider refused the authorization code: the user connects the tool again for a fresh one. */
export class IntegrationCodeRejectedError extends ApiError {
  constructor(name: IntegrationName) {
    super(400, integrationMessages.codeRejected(name), errorCodes.integrationCodeRejected);
  }
}

/** The provider's token endpoint failed (network, timeout, 5xx, an answer without a token). */
export class IntegrationUnavailableError extends ApiError {
  constructor(name: IntegrationName) {
    super(502, integrationMessages.unavailable(name), errorCodes.integrationUnavailable);
  }
}

/** Nothing saved for this user (and team) yet. */
export class NoSavedIntegrationTokenError extends ApiError {
  constructor(name: IntegrationName) {
    super(404, integrationMessages.noSavedToken(name), errorCodes.notFound);
  }
}

/** Asked for another user's tokens. */
export class OnlyOwnIntegrationTokensError extends ApiError {
  constructor(name: IntegrationName) {
    super(403, integrationMessages.onlyOwnTokens(name), errorCodes.forbidden);
  }
}
