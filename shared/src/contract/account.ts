import * as v from 'valibot';
import { customerTypes, invitationStatuses, organizationRoles } from '../domain/enumerations.js';
import { emailField, nameMaxLength, optionalText, phoneField, requiredText } from '../validation/fields.js';
import { accountMessages, validationMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';
import { companyMaxLength, jobTitleMaxLength } from './lead-fields.js';

export const AccountSchema = v.object({
  id: v.string(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  phone: v.nullable(v.string()),
  company: v.nullable(v.string()),
  jobTitle: v.nullable(v.string()),
  receiveEmails: v.boolean(),
  status: v.picklist(invitationStatuses),
  organization: v.object({
    id: v.string(),
    name: v.string(),
    customerType: v.picklist(customerTypes),
  }),
  role: v.picklist(organizationRoles),
  /**
   * The organization requires two-step verification and this user has not set it up: the account area sends
   * them to set it up before anything else (docs/decisions/0034).
   */
  twoStepSetupRequired: v.optional(v.boolean(), false),
});
export type Account = v.InferOutput<typeof AccountSchema>;

export const getAccount = defineEndpoint({
  operation: 'getAccount',
  errors: [],
  summary: "The signed-in user's account information",
  method: 'GET',
  path: '/account',
  auth: 'bearer',
  permission: { resource: 'account', action: 'read' },
  response: AccountSchema,
  allowedWithExpiredPassword: true,
  // An API key reads whose it is (docs/decisions/0037).
  acceptsApiKey: true,
  allowedBeforeTwoStepSetup: true,
});

/** PostgreSQL text cannot hold U+0000: refused as input rather than failing in the database. */
const withoutNulCharacter = <TValue extends string | undefined>() =>
  v.check<TValue, string>(
    (value) => value === undefined || !value.includes('\u0000'),
    accountMessages.forbiddenCharacter,
  );

/**
 * The profile form (spec section 3's user fields but the password), validated the same way as at sign-up: the
 * work email, names and receive-emails opt-in are required; phone, company and job title are optional (an
 * individual has no company), left empty meaning "none".
 */
export const AccountProfileInputSchema = v.object({
  firstName: v.pipe(requiredText(nameMaxLength), withoutNulCharacter()),
  lastName: v.pipe(requiredText(nameMaxLength), withoutNulCharacter()),
  email: v.pipe(emailField, withoutNulCharacter()),
  phone: v.pipe(phoneField, withoutNulCharacter()),
  company: v.pipe(optionalText(companyMaxLength), withoutNulCharacter()),
  jobTitle: v.pipe(optionalText(jobTitleMaxLength), withoutNulCharacter()),
  receiveEmails: v.boolean(validationMessages.required),
});
export type AccountProfileInput = v.InferInput<typeof AccountProfileInputSchema>;

/**
 * The account after `PUT /account`. A changed email is not applied at once: `pendingEmail` is the new address,
 * to which a confirmation link was sent (docs/decisions/0016); `email` stays the old one until the link is opened.
 */
export const UpdatedAccountSchema = v.object({
  ...AccountSchema.entries,
  pendingEmail: v.nullable(v.string()),
});
export type UpdatedAccount = v.InferOutput<typeof UpdatedAccountSchema>;

export const updateAccount = defineEndpoint({
  operation: 'updateAccount',
  errors: [],
  summary: "Change the signed-in user's profile; a new email is confirmed through a link sent to it",
  method: 'PUT',
  path: '/account',
  auth: 'bearer',
  body: { name: 'accountProfileInput', schema: AccountProfileInputSchema },
  response: UpdatedAccountSchema,
  permission: { resource: 'account', action: 'update' },
  allowedBeforeTwoStepSetup: true,
});

/**
 * Everything the product holds about the user, one named section per module (profile, organization, consents,
 * payment methods, invitations...). Sections are plain JSON; secrets (password hash, tokens) never appear.
 */
export const PersonalDataExportSchema = v.object({
  exportedAt: v.string(),
  sections: v.record(v.string(), v.unknown()),
});
export type PersonalDataExport = v.InferOutput<typeof PersonalDataExportSchema>;

export const exportAccountData = defineEndpoint({
  operation: 'exportAccountData',
  errors: [],
  summary: 'Download every piece of data the product holds about the signed-in user, as a JSON attachment',
  method: 'GET',
  path: '/account/export',
  auth: 'bearer',
  response: PersonalDataExportSchema,
  permission: { resource: 'account', action: 'read' },
  allowedBeforeTwoStepSetup: true,
});

/** Typing the account's email confirms the deletion (compared without regard to case and spaces around). */
export const DeleteAccountInputSchema = v.object({
  confirmEmail: v.pipe(
    v.string(validationMessages.required),
    v.trim(),
    v.nonEmpty(validationMessages.required),
    v.maxLength(254, accountMessages.confirmEmailMismatch),
    v.toLowerCase(),
  ),
});
export type DeleteAccountInput = v.InferInput<typeof DeleteAccountInputSchema>;

export const DeletionReceiptSchema = v.object({ deleted: v.literal(true) });
export type DeletionReceipt = v.InferOutput<typeof DeletionReceiptSchema>;

export const deleteAccount = defineEndpoint({
  operation: 'deleteAccount',
  errors: ['DELETION_NOT_CONFIRMED', 'LAST_ADMIN'],
  summary:
    "Delete the signed-in user's account and all their data (and their organization when they are its only member)",
  method: 'DELETE',
  path: '/account',
  auth: 'bearer',
  body: { name: 'deleteAccountInput', schema: DeleteAccountInputSchema },
  response: DeletionReceiptSchema,
  permission: { resource: 'account', action: 'delete' },
  allowedBeforeTwoStepSetup: true,
});
