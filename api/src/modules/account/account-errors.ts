import { errorCodes } from '@dcipher/shared/contract';
import { accountMessages, lastAdminMessage } from '@dcipher/shared/validation';
import { ApiError } from '../../http/api-error.js';

/** The typed email (DELETE /account) or organization name (DELETE /organization) is not the right one. */
export class DeletionNotConfirmedError extends ApiError {
  constructor(field: 'confirmEmail' | 'confirmName') {
    const message =
      field === 'confirmEmail' ? accountMessages.confirmEmailMismatch : accountMessages.confirmNameMismatch;
    super(errorCodes.deletionNotConfirmed, { message, issues: { [field]: message } });
  }
}

/** The last active admin of an organization with other members asked to delete their account. */
export class LastAdminError extends ApiError {
  constructor(organizationName: string) {
    super(errorCodes.lastAdmin, { message: lastAdminMessage(organizationName) });
  }
}
