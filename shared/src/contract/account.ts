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

/**
 * What deleting the signed-in user's account does to money (docs/decisions/0078). The plan, credits and add-ons
 * belong to the organization: they end only when the organization is deleted with its only member.
 */
export const DeletionImpactSchema = v.object({
  /** True when the user is the organization's only member: it is deleted with the account. */
  deletesOrganization: v.boolean(),
  organizationName: v.string(),
  /** The running plan (null: none, or on trial): cancelled at once when the organization is deleted. */
  plan: v.nullable(
    v.object({
      name: v.string(),
      /** One period's price before VAT, in minor units of `currency`. */
      price: v.pipe(v.number(), v.integer(), v.minValue(0)),
      currency: v.picklist(['usd', 'eur', 'gpb']),
      billingPeriod: v.picklist(['monthly', 'annual']),
      /** ISO 8601: the end of the period paid for (no refund is made for the rest of it). */
      paidUntil: v.string(),
    }),
  ),
  /** Prepaid credits left in the wallet: lost when the organization is deleted. */
  credits: v.pipe(v.number(), v.integer()),
  /** Add-ons of the current period: they end with the organization. */
  addOns: v.array(
    v.object({ name: v.string(), quantity: v.number(), unit: v.string(), validUntil: v.string() }),
  ),
});
export type DeletionImpact = v.InferOutput<typeof DeletionImpactSchema>;

export const getDeletionImpact = defineEndpoint({
  operation: 'getDeletionImpact',
  errors: [],
  summary:
    "What deleting the signed-in user's account does to the organization's plan, credits and add-ons, before confirming",
  method: 'GET',
  path: '/account/deletion-impact',
  auth: 'bearer',
  response: DeletionImpactSchema,
  permission: { resource: 'account', action: 'delete' },
  allowedBeforeTwoStepSetup: true,
});

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
