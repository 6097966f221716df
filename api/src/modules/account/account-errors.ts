import { errorCodes, errorMessage } from '@dcipher/shared/contract';
import { ApiError } from '../../http/api-error.js';

/** The typed email (DELETE /account) or organization name (DELETE /organization) is not the right one. */
export class DeletionNotConfirmedError extends ApiError<'DELETION_NOT_CONFIRMED'> {
  constructor(field: 'confirmEmail' | 'confirmName') {
    const params = { reason: field };
    super(errorCodes.deletionNotConfirmed, {
      params,
      issues: { [field]: errorMessage(errorCodes.deletionNotConfirmed, params) },
    });
  }
}

/** The last active admin of an organization with other members asked to delete their account. */
export class LastAdminError extends ApiError<'LAST_ADMIN'> {
  constructor(organizationName: string) {
    super(errorCodes.lastAdmin, { params: { reason: 'accountDeletion', organizationName } });
  }
}
