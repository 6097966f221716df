import * as v from 'valibot';
import { activityActions, activityCategories } from '../domain/activity.js';
import { cloudRegions, customerTypes } from '../domain/enumerations.js';
import { passwordExpiryBounds } from '../domain/regions.js';
import { requiredText } from '../validation/fields.js';
import { organizationSettingsMessages, validationMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';

// The organization's own settings (issue 10; docs/decisions/0033, 0034): its details, its cloud region, the
// password expiration policy, the two-step requirement, and its activity log.

export const organizationNameMaxLength = 200;

export const CloudRegionSchema = v.object({ id: v.string(), name: v.string(), continent: v.string() });
export const RegionListSchema = v.object({ regions: v.array(CloudRegionSchema) });

export const listRegions = defineEndpoint({
  operation: 'listRegions',
  errors: [],
  summary: 'The cloud regions an organization can keep its data in',
  method: 'GET',
  path: '/regions',
  auth: 'bearer',
  permission: { resource: 'organization', action: 'read' },
  response: RegionListSchema,
});

export const OrganizationSchema = v.object({
  id: v.string(),
  name: v.string(),
  customerType: v.picklist(customerTypes),
  region: v.string(),
  /** Days after which members must set a new password; null when passwords do not expire. */
  passwordExpiresAfterDays: v.nullable(v.number()),
  /** Every member must use two-step verification; those without it set it up at their next sign-in. */
  twoStepRequired: v.boolean(),
  memberCount: v.number(),
  createdAt: v.string(),
});
export type Organization = v.InferOutput<typeof OrganizationSchema>;

export const getOrganization = defineEndpoint({
  operation: 'getOrganization',
  errors: ['NOT_FOUND'],
  summary: "The caller's organization: details, region, password policy and two-step requirement",
  method: 'GET',
  path: '/organization',
  auth: 'bearer',
  permission: { resource: 'organization', action: 'read' },
  response: OrganizationSchema,
  allowedBeforeTwoStepSetup: true,
});

export const OrganizationDetailsInputSchema = v.object({
  name: requiredText(organizationNameMaxLength),
});
export type OrganizationDetailsInput = v.InferInput<typeof OrganizationDetailsInputSchema>;

export const updateOrganization = defineEndpoint({
  operation: 'updateOrganization',
  errors: ['NOT_FOUND'],
  summary: "Change the organization's details (admins)",
  method: 'PATCH',
  path: '/organization',
  auth: 'bearer',
  permission: { resource: 'organization', action: 'update' },
  body: { name: 'organizationDetailsInput', schema: OrganizationDetailsInputSchema },
  response: OrganizationSchema,
});

export const RegionInputSchema = v.object({
  region: v.picklist(cloudRegions, organizationSettingsMessages.unknownRegion),
});
export type RegionInput = v.InferInput<typeof RegionInputSchema>;

export const changeOrganizationRegion = defineEndpoint({
  operation: 'changeOrganizationRegion',
  errors: ['NOT_FOUND'],
  summary: 'Choose the cloud region where the organization’s data is stored from now on (admins)',
  method: 'PATCH',
  path: '/organization/region',
  auth: 'bearer',
  permission: { resource: 'organization', action: 'update', feature: 'cloud-region' },
  body: { name: 'regionInput', schema: RegionInputSchema },
  response: OrganizationSchema,
});

export const PasswordPolicySchema = v.object({
  /** null: passwords do not expire. */
  expiresAfterDays: v.nullable(v.number()),
});
export type PasswordPolicy = v.InferOutput<typeof PasswordPolicySchema>;

export const PasswordPolicyInputSchema = v.object({
  expiresAfterDays: v.nullable(
    v.pipe(
      v.number(organizationSettingsMessages.expiryDays),
      v.integer(organizationSettingsMessages.expiryDays),
      v.minValue(passwordExpiryBounds.minDays, organizationSettingsMessages.expiryDays),
      v.maxValue(passwordExpiryBounds.maxDays, organizationSettingsMessages.expiryDays),
    ),
  ),
});
export type PasswordPolicyInput = v.InferInput<typeof PasswordPolicyInputSchema>;

/** The policy form's field: the days as typed, checked with the API's bounds and message, then a number. */
export const PasswordPolicyFormSchema = v.object({
  expiresAfterDays: v.pipe(
    v.string(validationMessages.required),
    v.trim(),
    v.nonEmpty(validationMessages.required),
    v.regex(/^\d{1,4}$/, organizationSettingsMessages.expiryDays),
    v.transform(Number),
    v.minValue(passwordExpiryBounds.minDays, organizationSettingsMessages.expiryDays),
    v.maxValue(passwordExpiryBounds.maxDays, organizationSettingsMessages.expiryDays),
  ),
});

export const getPasswordPolicy = defineEndpoint({
  operation: 'getPasswordPolicy',
  errors: [],
  summary: "The organization's password expiration policy (admins)",
  method: 'GET',
  path: '/org-admin/password-policies',
  auth: 'bearer',
  permission: {
    resource: 'organization-password-expiration-policy',
    action: 'read',
    feature: 'security-policies',
  },
  response: PasswordPolicySchema,
});

export const updatePasswordPolicy = defineEndpoint({
  operation: 'updatePasswordPolicy',
  errors: ['NOT_FOUND'],
  summary:
    'Set the password expiration policy (off, or every N days); members whose password is older set a new one at their next sign-in (admins)',
  method: 'PUT',
  path: '/org-admin/password-policies',
  auth: 'bearer',
  permission: {
    resource: 'organization-password-expiration-policy',
    action: 'update',
    feature: 'security-policies',
  },
  body: { name: 'passwordPolicyInput', schema: PasswordPolicyInputSchema },
  response: PasswordPolicySchema,
});

export const TwoStepRequirementInputSchema = v.object({
  required: v.boolean(validationMessages.required),
});

export const setTwoStepRequirement = defineEndpoint({
  operation: 'setTwoStepRequirement',
  errors: ['NOT_FOUND', 'TWO_FACTOR_STATE_CONFLICT'],
  summary:
    'Require two-step verification of every member (those without it set it up at their next sign-in), or stop requiring it (admins)',
  method: 'PUT',
  path: '/organization/two-step-requirement',
  auth: 'bearer',
  permission: { resource: 'organization', action: 'update', feature: 'security-policies' },
  body: { name: 'twoStepRequirementInput', schema: TwoStepRequirementInputSchema },
  response: OrganizationSchema,
});

export const activityPageSizeMax = 100;

/** A calendar day as `YYYY-MM-DD` that exists (no 2026-02-30): the activity filter's bounds, in UTC. */
const activityDay = v.pipe(
  v.string(organizationSettingsMessages.activityDate),
  v.trim(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, organizationSettingsMessages.activityDate),
  v.check(
    // Runs even after the format check failed: an unreadable day is refused, never thrown on.
    (day) => {
      const time = Date.parse(`${day}T00:00:00.000Z`);
      return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day;
    },
    organizationSettingsMessages.activityDate,
  ),
);

/** The filter the log's page and its export share: a kind of change and a range of days (both ends included). */
const activityFilterEntries = {
  category: v.optional(v.picklist(activityCategories, organizationSettingsMessages.unknownCategory)),
  /** The first day shown, UTC, included. */
  from: v.optional(activityDay),
  /** The last day shown, UTC, included. */
  to: v.optional(activityDay),
};

/**
 * The range is a range: the start day on or before the end day. Query schemas stay plain objects (the API and its
 * OpenAPI document read their fields), so the API checks this after them, with this message on `to`.
 */
export const activityRangeIsOrdered = (filter: { from?: string | undefined; to?: string | undefined }) =>
  !filter.from || !filter.to || filter.from <= filter.to;

export const ActivityFilterSchema = v.object(activityFilterEntries);
export type ActivityFilter = v.InferOutput<typeof ActivityFilterSchema>;

export const ActivityQuerySchema = v.object({
  ...activityFilterEntries,
  page: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, organizationSettingsMessages.page),
      v.transform(Number),
      v.minValue(1, organizationSettingsMessages.page),
    ),
    '1',
  ),
  pageSize: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, organizationSettingsMessages.pageSize),
      v.transform(Number),
      v.minValue(1, organizationSettingsMessages.pageSize),
      v.maxValue(activityPageSizeMax, organizationSettingsMessages.pageSize),
    ),
    '25',
  ),
});

export const ActivityEntrySchema = v.object({
  id: v.string(),
  at: v.string(),
  actorName: v.string(),
  actorEmail: v.string(),
  action: v.picklist(activityActions),
  subject: v.nullable(v.string()),
  details: v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.null()])),
});
export type ActivityEntry = v.InferOutput<typeof ActivityEntrySchema>;

export const ActivityPageSchema = v.object({
  entries: v.array(ActivityEntrySchema),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
});
export type ActivityPage = v.InferOutput<typeof ActivityPageSchema>;

export const listOrganizationActivity = defineEndpoint({
  operation: 'listOrganizationActivity',
  errors: [],
  summary:
    "The organization's activity log, newest first: who changed what and when; filter by category and by days (admins)",
  method: 'GET',
  path: '/organization/activity',
  auth: 'bearer',
  permission: { resource: 'organization', action: 'update', feature: 'activity-log' },
  query: ActivityQuerySchema,
  response: ActivityPageSchema,
});

/** The most entries one export holds; a longer log is exported a range of days at a time. */
export const activityExportMaxEntries = 10_000;

/** A file for the browser to save: JSON carries it like every other answer (docs/decisions/0039, 0082). */
export const ActivityExportSchema = v.object({
  fileName: v.string(),
  contentType: v.literal('text/csv'),
  /** The CSV itself: a header row, then one row per entry, newest first. */
  text: v.string(),
  /** How many entries it holds. */
  entries: v.number(),
  /** True when more entries matched than one export holds (the newest are kept). */
  truncated: v.boolean(),
});
export type ActivityExport = v.InferOutput<typeof ActivityExportSchema>;

export const exportOrganizationActivity = defineEndpoint({
  operation: 'exportOrganizationActivity',
  errors: [],
  summary:
    "The organization's activity log as a CSV file, with the same filter as the list (category, days); at most 10,000 entries, newest first (admins)",
  method: 'GET',
  path: '/organization/activity/export',
  auth: 'bearer',
  permission: { resource: 'organization', action: 'update', feature: 'activity-log' },
  query: ActivityFilterSchema,
  response: ActivityExportSchema,
});
