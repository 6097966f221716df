import { errorCodes } from '@dcipher/shared/contract';
import { ApiError } from '../../http/api-error.js';

/** No member with that address in the caller's organization (another organization's people are never found). */
export class MemberNotFoundError extends ApiError<'NOT_FOUND'> {
  constructor() {
    super(errorCodes.notFound, { params: { reason: 'member' } });
  }
}

/** No pending invitee with that id in the caller's organization. */
export class NoPendingInviteeError extends ApiError<'NOT_FOUND'> {
  constructor() {
    super(errorCodes.notFound, { params: { reason: 'pendingInvitee' } });
  }
}

/** The change would leave the organization without an active admin. */
export class LastAdminError extends ApiError<'LAST_ADMIN'> {
  constructor() {
    super(errorCodes.lastAdmin, { params: { reason: 'memberChange' } });
  }
}
