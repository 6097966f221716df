import * as v from 'valibot';
import { organizationRoles } from '../domain/enumerations.js';
import { emailField, enteredPassword, nameMaxLength, requiredText } from '../validation/fields.js';
import { invitationMessages, validationMessages } from '../validation/messages.js';
import { newPassword } from '../validation/password-policy.js';
import { TokenPairSchema } from './auth.js';
import { defineEndpoint } from './endpoint.js';

/** How long an invitation link works (docs/decisions/0019). */
export const invitationLifetimeDays = 7;

/** An invitation token as it travels in a link or a body: required, nothing more (unknown or malformed: 404). */
const invitationToken = v.pipe(
  v.string(validationMessages.required),
  v.nonEmpty(validationMessages.required),
);

/** One of the organization roles (admin, teammate, guest); left out reads "This field is required". */
const organizationRole = v.pipe(
  v.string(validationMessages.required),
  v.nonEmpty(validationMessages.required),
  v.picklist(organizationRoles, invitationMessages.invalidRole),
);

/** An org admin invites someone: their address and the role they will have. */
export const InviteInputSchema = v.object({ email: emailField, role: organizationRole });
export type InviteInput = v.InferInput<typeof InviteInputSchema>;

/** The invited user as the admin sees them after inviting or resending. */
export const SentInvitationSchema = v.object({
  email: v.string(),
  role: v.picklist(organizationRoles),
  status: v.literal('InvitationSent'),
  /** ISO 8601: when the emailed link stops working. */
  expiresAt: v.string(),
});
export type SentInvitation = v.InferOutput<typeof SentInvitationSchema>;

export const inviteUser = defineEndpoint({
  operation: 'inviteUser',
  errors: ['ACCOUNT_EXISTS', 'INVITATION_PENDING'],
  summary:
    "Invite someone to the admin's organization: a user with status InvitationSent is created and emailed a " +
    'link valid 7 days (org admins)',
  method: 'POST',
  path: '/org-admin/invites',
  auth: 'bearer',
  permission: { resource: 'organization', action: 'grant', feature: 'members' },
  body: { name: 'inviteInput', schema: InviteInputSchema },
  response: SentInvitationSchema,
  successStatus: 201,
});

export const ResendInvitationInputSchema = v.object({ email: emailField });
export type ResendInvitationInput = v.InferInput<typeof ResendInvitationInputSchema>;

export const resendInvitation = defineEndpoint({
  operation: 'resendInvitation',
  errors: ['NOT_FOUND'],
  summary: 'Email a pending invitee a new link valid 7 days; earlier links stop working (org admins)',
  method: 'POST',
  path: '/org-admin/invites/resend',
  auth: 'bearer',
  permission: { resource: 'organization', action: 'grant', feature: 'members' },
  body: { name: 'resendInvitationInput', schema: ResendInvitationInputSchema },
  response: SentInvitationSchema,
});

export const invitationStates = ['pending', 'expired', 'accepted'] as const;
export type InvitationState = (typeof invitationStates)[number];

/** What the invitee's page needs, and nothing more: no ids, no other members, no inviter's address. */
export const InvitationSchema = v.object({
  state: v.picklist(invitationStates),
  email: v.string(),
  organizationName: v.string(),
  inviterName: v.string(),
  role: v.picklist(organizationRoles),
  expiresAt: v.string(),
  /**
   * The organization requires single sign-on for the invitee's verified domain (docs/decisions/0036): the
   * invitation is accepted by signing in with SSO, never with a password.
   */
  signInWithSso: v.boolean(),
  /**
   * The invitee signed up on their own after being invited: the invitation stays an offer to that account, which
   * accepts it signed in, from the account area (docs/decisions/0035), never with a new password.
   */
  existingAccount: v.boolean(),
});
export type Invitation = v.InferOutput<typeof InvitationSchema>;

export const getInvitation = defineEndpoint({
  operation: 'getInvitation',
  errors: ['INVITATION_INVALID', 'INVITATION_EXPIRED', 'INVITATION_ALREADY_ACCEPTED', 'ACCOUNT_SUSPENDED'],
  summary:
    'The invitation a link names: pending, expired or accepted, with who invited whom to which organization',
  method: 'GET',
  path: '/invitations',
  auth: 'public',
  query: v.object({ token: invitationToken }),
  response: InvitationSchema,
});

/**
 * Accept invitation (the page at /signup?invitation=<token>): the invitee's names and password. `confirmPassword`
 * is optional for API callers; when given it must match. The same schema validates the form and the API's body.
 */
export const AcceptInvitationInputSchema = v.pipe(
  v.object({
    token: invitationToken,
    firstName: requiredText(nameMaxLength),
    lastName: requiredText(nameMaxLength),
    password: newPassword,
    confirmPassword: v.optional(enteredPassword),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.confirmPassword === undefined || input.password === input.confirmPassword,
      validationMessages.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
);
export type AcceptInvitationInput = v.InferInput<typeof AcceptInvitationInputSchema>;

export const acceptInvitation = defineEndpoint({
  operation: 'acceptInvitation',
  errors: [
    'INVITATION_INVALID',
    'INVITATION_EXPIRED',
    'INVITATION_ALREADY_ACCEPTED',
    'ACCOUNT_SUSPENDED',
    'INVITATION_FOR_EXISTING_ACCOUNT',
    'SSO_REQUIRED',
  ],
  summary:
    'Accept an invitation: the user becomes Active with a verified address and the chosen password, and is ' +
    'signed in (a 12-hour session)',
  method: 'POST',
  path: '/invitations',
  auth: 'public',
  body: { name: 'acceptInvitationInput', schema: AcceptInvitationInputSchema },
  response: TokenPairSchema,
});

export const InvitationRenewalRequestInputSchema = v.object({ token: invitationToken });

/**
 * Not in the spec (docs/decisions/0019): from the expired-invitation page, the invitee asks the inviting admin for
 * a new invitation. Only an expired, unaccepted invitation's token works.
 */
export const requestInvitationRenewal = defineEndpoint({
  operation: 'requestInvitationRenewal',
  errors: [
    'INVITATION_INVALID',
    'INVITATION_ALREADY_ACCEPTED',
    'ACCOUNT_SUSPENDED',
    'INVITATION_STILL_VALID',
  ],
  summary: 'Ask the inviting admin, by email, to resend an expired invitation',
  method: 'POST',
  path: '/invitations/renewal-requests',
  auth: 'public',
  body: { name: 'invitationRenewalRequestInput', schema: InvitationRenewalRequestInputSchema },
  response: v.object({ requested: v.literal(true) }),
  successStatus: 202,
});

export const DeclineInvitationInputSchema = v.object({ token: invitationToken });

/**
 * Not in the spec (docs/decisions/0035): the invitee turns the invitation down from the link. The invitation and
 * the invited (never signed-in) user are removed, so the address is free again: its owner may sign up on their own.
 */
export const declineInvitation = defineEndpoint({
  operation: 'declineInvitation',
  errors: ['INVITATION_INVALID', 'INVITATION_ALREADY_ACCEPTED'],
  summary: 'Decline a pending or expired invitation: it is withdrawn and the address is free again',
  method: 'POST',
  path: '/invitations/decline',
  auth: 'public',
  body: { name: 'declineInvitationInput', schema: DeclineInvitationInputSchema },
  response: v.object({ declined: v.literal(true) }),
});

/** An invitation held out to the signed-in user's existing account by another organization (0035). */
export const InvitationOfferSchema = v.object({
  id: v.string(),
  organizationName: v.string(),
  inviterName: v.string(),
  role: v.picklist(organizationRoles),
  /** ISO 8601; past it the offer can only be declined, or renewed by the inviting admins. */
  expiresAt: v.string(),
  expired: v.boolean(),
});
export type InvitationOffer = v.InferOutput<typeof InvitationOfferSchema>;

export const listInvitationOffers = defineEndpoint({
  operation: 'listInvitationOffers',
  errors: [],
  summary:
    "Invitations other organizations sent the signed-in user's address before they signed up on their own " +
    '(not in the spec; docs/decisions/0035)',
  method: 'GET',
  path: '/invitations/offers',
  auth: 'bearer',
  permission: { resource: 'account', action: 'read' },
  response: v.object({ offers: v.array(InvitationOfferSchema) }),
});

export const InvitationOfferParamsSchema = v.object({
  invitationId: v.pipe(v.string(validationMessages.required), v.nonEmpty(validationMessages.required)),
});

export const acceptInvitationOffer = defineEndpoint({
  operation: 'acceptInvitationOffer',
  errors: [
    'INVITATION_OFFER_NOT_FOUND',
    'INVITATION_EXPIRED',
    'SSO_REQUIRED',
    'ORGANIZATION_HAS_OTHER_MEMBERS',
  ],
  summary:
    'Join the organization that invited the signed-in user: they move there with the offered role, and their own ' +
    'organization, of which they must be the only member, is closed with everything in it (0035)',
  method: 'POST',
  path: '/invitations/offers/{invitationId}/accept',
  auth: 'bearer',
  permission: { resource: 'account', action: 'update' },
  params: InvitationOfferParamsSchema,
  response: v.object({ organizationName: v.string(), role: v.picklist(organizationRoles) }),
});

export const declineInvitationOffer = defineEndpoint({
  operation: 'declineInvitationOffer',
  errors: ['INVITATION_OFFER_NOT_FOUND'],
  summary: "Decline an invitation held out to the signed-in user's account: it is withdrawn (0035)",
  method: 'POST',
  path: '/invitations/offers/{invitationId}/decline',
  auth: 'bearer',
  permission: { resource: 'account', action: 'update' },
  params: InvitationOfferParamsSchema,
  response: v.object({ declined: v.literal(true) }),
});
