import { errorCodes } from '@dcipher/shared/contract';
import type { IntegrationName } from '@dcipher/shared/validation';
import { ApiError } from '../../http/api-error.js';

/** The provider's OAuth client is not configured on this server (its `*_CLIENT_ID`... variables are unset). */
export class IntegrationNotConfiguredError extends ApiError<'INTEGRATION_NOT_CONFIGURED'> {
  constructor(name: IntegrationName) {
    super(errorCodes.integrationNotConfigured, { params: { integration: name } });
  }
}

/** The provider refused the authorization code: the user connects the tool again for a fresh one. */
export class IntegrationCodeRejectedError extends ApiError<'INTEGRATION_CODE_REJECTED'> {
  constructor(name: IntegrationName) {
    super(errorCodes.integrationCodeRejected, { params: { integration: name } });
  }
}

/** The provider's token endpoint failed (network, timeout, 5xx, an answer without a token). */
export class IntegrationUnavailableError extends ApiError<'INTEGRATION_UNAVAILABLE'> {
  constructor(name: IntegrationName) {
    super(errorCodes.integrationUnavailable, { params: { integration: name } });
  }
}

/** Nothing saved for this user (and team) yet. */
export class NoSavedIntegrationTokenError extends ApiError<'NOT_FOUND'> {
  constructor(name: IntegrationName) {
    super(errorCodes.notFound, { params: { reason: 'integrationToken', integration: name } });
  }
}

/** Asked for another user's tokens. */
export class OnlyOwnIntegrationTokensError extends ApiError<'FORBIDDEN'> {
  constructor(name: IntegrationName) {
    super(errorCodes.forbidden, { params: { reason: 'otherUsersIntegrationTokens', integration: name } });
  }
}
