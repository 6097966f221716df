import { errorCodes } from '@dcipher/shared/contract';
import { ApiError } from '../../http/api-error.js';

/** The address belongs to an active user (of any organization), or to someone another organization invited. */
export class InviteeHasAccountError extends ApiError<'ACCOUNT_EXISTS'> {
  constructor(invitedElsewhere = false) {
    super(
      errorCodes.accountExists,
      invitedElsewhere ? { params: { reason: 'invitedByAnotherOrganization' } } : {},
    );
  }
}

/** The address is already invited to this organization and has not accepted: resend instead. */
export class InvitationAlreadyPendingError extends ApiError<'INVITATION_PENDING'> {
  constructor() {
    super(errorCodes.invitationPending);
  }
}

/** Resend: no pending invitation for this address in the admin's organization. */
export class NoPendingInvitationError extends ApiError<'NOT_FOUND'> {
  constructor() {
    super(errorCodes.notFound, { params: { reason: 'pendingInvitation' } });
  }
}

/** The token is unknown, replaced by a newer one, or malformed. */
export class InvitationInvalidError extends ApiError<'INVITATION_INVALID'> {
  constructor() {
    super(errorCodes.invitationInvalid);
  }
}

/** The invitation is older than its 7 days: the page offers to ask the inviter for a new one. */
export class InvitationExpiredError extends ApiError<'INVITATION_EXPIRED'> {
  constructor() {
    super(errorCodes.invitationExpired);
  }
}

export class InvitationAlreadyAcceptedError extends ApiError<'INVITATION_ALREADY_ACCEPTED'> {
  constructor() {
    super(errorCodes.invitationAlreadyAccepted);
  }
}

/** A renewal was asked for while the invitation still works. */
export class InvitationStillValidError extends ApiError<'INVITATION_STILL_VALID'> {
  constructor() {
    super(errorCodes.invitationStillValid);
  }
}

/** An internal admin suspended the invited user: the invitation cannot be accepted (nor renewed). */
export class InviteeSuspendedError extends ApiError<'ACCOUNT_SUSPENDED'> {
  constructor() {
    super(errorCodes.accountSuspended);
  }
}

/** The invitee signed up on their own since: the invitation is accepted signed in, from the account (0035). */
export class InvitationForExistingAccountError extends ApiError<'INVITATION_FOR_EXISTING_ACCOUNT'> {
  constructor() {
    super(errorCodes.invitationForExistingAccount);
  }
}

/** No open invitation of that id is held out to the signed-in user. */
export class InvitationOfferNotFoundError extends ApiError<'INVITATION_OFFER_NOT_FOUND'> {
  constructor() {
    super(errorCodes.invitationOfferNotFound);
  }
}

/** Joining another organization while others still belong to the user's own. */
export class OrganizationHasOtherMembersError extends ApiError<'ORGANIZATION_HAS_OTHER_MEMBERS'> {
  constructor() {
    super(errorCodes.organizationHasOtherMembers);
  }
}
