import { errorCodes } from '@dcipher/shared/contract';
import { ssoMessages } from '@dcipher/shared/validation';
import { ApiError } from '../../http/api-error.js';

/** The key is unknown, revoked or rotated away (401 `API_KEY_INVALID`). */
export class ApiKeyInvalidError extends ApiError {
  constructor() {
    super(errorCodes.apiKeyInvalid);
  }
}

/** Another organization's key, a key of the other kind, or none: one answer (404). */
export class ApiKeyNotFoundError extends ApiError {
  constructor() {
    super(errorCodes.notFound, { message: ssoMessages.apiKeyNotFound });
  }
}
