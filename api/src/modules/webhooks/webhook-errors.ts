import { errorCodes } from '@dcipher/shared/contract';
import { ApiError } from '../../http/api-error.js';

/** Another organization's endpoint, a deleted one, or none: one answer (404). */
export class WebhookEndpointNotFoundError extends ApiError<'NOT_FOUND'> {
  constructor() {
    super(errorCodes.notFound, { params: { reason: 'webhookEndpoint' } });
  }
}
