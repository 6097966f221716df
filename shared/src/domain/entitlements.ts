import type { CustomerType } from './enumerations.js';

/**
 * What an organization is entitled to, declared once (docs/decisions/0085). Two things decide it:
 * - the customer type decides the organization features: an Individual account is one person, so what only makes
 *   sense with several people (members, single sign-on, security policies for members, the cloud region, the
 *   activity log, sharing with colleagues) is Business only, as the plans' feature lists say ("Organization with
 *   admins, teammates and guests", "Roles and permissions per resource", "Choice of cloud region", "Single sign-on");
 * - the plan decides the quotas (usage, the largest file, custom workflows): the running plan, or during the free
 *   trial the plan the trial is of (`trialPlanOf`).
 *
 * The API refuses an endpoint that declares a feature (`permission.feature`) to an organization without it, and the
 * account area hides and guards the same features with `hasOrganizationFeature`: one rule for both.
 */
export const organizationFeatures = [
  'members',
  'single-sign-on',
  'security-policies',
  'cloud-region',
  'activity-log',
  'sharing',
] as const;
export type OrganizationFeature = (typeof organizationFeatures)[number];

/** How a feature is named in messages and on screens, as the subject of a sentence. */
export const organizationFeatureNames: Readonly<Record<OrganizationFeature, string>> = {
  members: 'Members and invitations',
  'single-sign-on': 'Single sign-on (SSO)',
  'security-policies': 'Security policies for members',
  'cloud-region': 'Choosing the cloud region',
  'activity-log': 'The organization’s activity log',
  sharing: 'Sharing with colleagues',
};

const pluralFeatures: readonly OrganizationFeature[] = ['members', 'security-policies'];

/** The customer types whose organizations have each feature. */
const featureCustomerTypes: Readonly<Record<OrganizationFeature, readonly CustomerType[]>> = {
  members: ['Business'],
  'single-sign-on': ['Business'],
  'security-policies': ['Business'],
  'cloud-region': ['Business'],
  'activity-log': ['Business'],
  sharing: ['Business'],
};

/** Whether an organization of `customerType` has `feature`. */
export const hasOrganizationFeature = (customerType: CustomerType, feature: OrganizationFeature): boolean =>
  featureCustomerTypes[feature].includes(customerType);

/** The refusal of a feature the organization does not have (the API's 403 and the account area's page say it). */
export const businessFeatureMessage = (feature: OrganizationFeature): string =>
  `${organizationFeatureNames[feature]} ${pluralFeatures.includes(feature) ? 'are' : 'is'} available to Business accounts only. Yours is an Individual account, for one person.`;

/**
 * The plan a free trial without a pick is of: the customer type's most complete self-serve plan, so the trial shows
 * everything that type can buy without talking to sales.
 */
export const defaultTrialPlanIds: Readonly<Record<CustomerType, string>> = {
  Individual: 'professional-monthly',
  Business: 'business-monthly',
};

/**
 * The plan whose features and quotas a free trial gives: `chosenPlanId`, the plan picked during the trial
 * (docs/decisions/0078, started when the trial ends) or else the one the trial was started from on the pricing
 * page; without either, the customer type's most complete self-serve plan.
 */
export const trialPlanOf = (customerType: CustomerType, chosenPlanId: string | null | undefined): string =>
  chosenPlanId ?? defaultTrialPlanIds[customerType];
