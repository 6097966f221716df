import { jobGroupsMigration, jobsMigration } from '../../jobs/migrations/index.js';
import { initialMigration } from './0001-initial.js';
import { marketingLeadsMigration } from './0002-marketing-leads.js';
import { rateLimitsMigration } from './0003-rate-limits.js';
import { pricingPlansMigration } from './0004-pricing-plans.js';
import { emailOutboxMigration } from './0005-email-outbox.js';
import { captchaMigration } from './0006-captcha.js';
import { registrationMigration } from './0007-registration.js';
import { recoveryAndSignInProtectionMigration } from './0008-recovery-and-sign-in-protection.js';
import { paymentMethodsMigration } from './0009-payment-methods.js';
import { internalAdminsAndSuspensionMigration } from './0010-internal-admins-and-suspension.js';
import { emailChangeAndIntegrationsMigration } from './0011-email-change-and-integrations.js';
import { trialReactivationMigration } from './0012-trial-reactivation.js';
import { marketingEmailsMigration } from './0013-marketing-emails.js';
import { invitationsMigration } from './0014-invitations.js';
import { ssoMigration } from './0015-sso.js';
import { sessionsHistoryAndTwoStepMigration } from './0016-sessions-history-and-two-step.js';
import { emailQueueMigration } from './0017-email-queue.js';
import { activityLogMigration } from './0018-activity-log.js';
import { organizationSettingsMigration } from './0020-organization-settings.js';
import { ssoVerifiedDomainsMigration } from './0024-sso-verified-domains.js';
import { apiKeysMigration } from './0025-api-keys.js';
import { resourcesAndRolesMigration } from './0027-resources-and-roles.js';
import { invitationOffersMigration } from './0028-invitation-offers.js';
import { subscriptionsAndInvoicesMigration } from './0029-subscriptions-and-invoices.js';
import { billingSchedulerMigration } from './0030-billing-scheduler.js';
import { billingDetailsMigration } from './0031-billing-details.js';
import { walletAndAddOnsMigration } from './0032-wallet-and-add-ons.js';
import { usageRecordsMigration } from './0033-usage-records.js';
import { signInByVerificationLinkMigration } from './0034-sign-in-by-verification-link.js';
import { paymentsMigration } from './0035-payments.js';
import { sessionChangeNotificationsMigration } from './0037-session-change-notifications.js';
import { workflowsMigration } from './0038-workflows.js';
import { billingWithoutSurprisesMigration } from './0039-billing-without-surprises.js';
import { trialSignupPlanMigration } from './0040-trial-signup-plan.js';
import { oneWorkflowVisibilityMigration } from './0042-one-workflow-visibility.js';
import { runDocumentsMigration } from './0043-run-documents.js';
import { runResultDocumentsMigration } from './0044-run-result-documents.js';
import { webhooksMigration } from './0045-webhooks.js';
import type { Migration } from './migration.js';

/** Every migration, oldest first. Append new ones; never edit one that has shipped. */
export const migrations: readonly Migration[] = [
  initialMigration,
  marketingLeadsMigration,
  rateLimitsMigration,
  pricingPlansMigration,
  emailOutboxMigration,
  captchaMigration,
  registrationMigration,
  recoveryAndSignInProtectionMigration,
  paymentMethodsMigration,
  internalAdminsAndSuspensionMigration,
  emailChangeAndIntegrationsMigration,
  trialReactivationMigration,
  marketingEmailsMigration,
  invitationsMigration,
  ssoMigration,
  sessionsHistoryAndTwoStepMigration,
  emailQueueMigration,
  activityLogMigration,
  organizationSettingsMigration,
  ssoVerifiedDomainsMigration,
  apiKeysMigration,
  resourcesAndRolesMigration,
  invitationOffersMigration,
  subscriptionsAndInvoicesMigration,
  billingSchedulerMigration,
  billingDetailsMigration,
  walletAndAddOnsMigration,
  usageRecordsMigration,
  signInByVerificationLinkMigration,
  paymentsMigration,
  jobsMigration,
  sessionChangeNotificationsMigration,
  workflowsMigration,
  billingWithoutSurprisesMigration,
  trialSignupPlanMigration,
  jobGroupsMigration,
  oneWorkflowVisibilityMigration,
  runDocumentsMigration,
  runResultDocumentsMigration,
  webhooksMigration,
];
