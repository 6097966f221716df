import { errorCodes } from '@dcipher/shared/contract';
import { ApiError } from '../../http/api-error.js';

/** The key is unknown, revoked or rotated away (401 `API_KEY_INVALID`). */
export class ApiKeyInvalidError extends ApiError<'API_KEY_INVALID'> {
  constructor() {
    super(errorCodes.apiKeyInvalid);
  }
}

/** Another organization's key, a key of the other kind, or none: one answer (404). */
export class ApiKeyNotFoundError extends ApiError<'NOT_FOUND'> {
  constructor() {
    super(errorCodes.notFound, { params: { reason: 'apiKey' } });
  }
}
