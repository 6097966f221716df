import { errorCodes } from '@dcipher/shared/contract';
import { memberMessages } from '@dcipher/shared/validation';
import { ApiError } from '../../http/api-error.js';

/** No member with that address in the caller's organization (another organization's people are never found). */
export class MemberNotFoundError extends ApiError {
  constructor() {
    super(errorCodes.notFound, { message: memberMessages.notFound });
  }
}

/** No pending invitee with that id in the caller's organization. */
export class NoPendingInviteeError extends ApiError {
  constructor() {
    super(errorCodes.notFound, { message: memberMessages.noPendingInvitation });
  }
}

/** The change would leave the organization without an active admin. */
export class LastAdminError extends ApiError {
  constructor() {
    super(errorCodes.lastAdmin, { message: memberMessages.lastAdmin });
  }
}
