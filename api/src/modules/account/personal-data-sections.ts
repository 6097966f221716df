import { activityLogPersonalData } from '../activity-log/activity-log-personal-data.js';
import { apiKeyPersonalData } from '../api-keys/api-key-personal-data.js';
import { contactRequestPersonalData } from '../contact/contact-personal-data.js';
import { paymentMethodPersonalData } from '../credit-cards/credit-card-personal-data.js';
import { sentEmailPersonalData } from '../dev-mailbox/email-outbox-personal-data.js';
import { emailChangePersonalData } from '../email-change/email-change-personal-data.js';
import { flowPersonalData } from '../flows/flows-personal-data.js';
import {
  accountSecurityPersonalData,
  sessionPersonalData,
  signInFailurePersonalData,
} from '../identity/identity-personal-data.js';
import { integrationPersonalData } from '../integrations/integration-personal-data.js';
import { invitationPersonalData } from '../invitations/invitation-personal-data.js';
import { marketingEmailPersonalData } from '../marketing-emails/marketing-email-personal-data.js';
import { organizationPersonalData, profilePersonalData } from '../people/people-personal-data.js';
import type { PersonalDataSection } from '../personal-data/personal-data-section.js';
import { passwordResetPersonalData } from '../recovery/recovery-personal-data.js';
import { emailVerificationPersonalData } from '../registration/registration-personal-data.js';
import { ssoPersonalData } from '../sso/sso-personal-data.js';
import { trialReactivationPersonalData } from '../trial/trial-personal-data.js';
import { whitePaperRequestPersonalData } from '../white-paper/white-paper-personal-data.js';

/**
 * Every module's share of a person's data, in the order of the export document. A module that stores something
 * about a person adds its section here (one line); "download my data" collects every section and account deletion
 * runs every `erase` (docs/decisions/0024). Tables not listed hold nothing personal: pricing, captcha challenges,
 * SSO login attempts (an organization's, without a user), schema migrations.
 */
export const personalDataSections: readonly PersonalDataSection[] = [
  profilePersonalData,
  organizationPersonalData,
  marketingEmailPersonalData,
  paymentMethodPersonalData,
  invitationPersonalData,
  emailChangePersonalData,
  sessionPersonalData,
  signInFailurePersonalData,
  accountSecurityPersonalData,
  emailVerificationPersonalData,
  passwordResetPersonalData,
  trialReactivationPersonalData,
  ssoPersonalData,
  activityLogPersonalData,
  apiKeyPersonalData,
  flowPersonalData,
  integrationPersonalData,
  contactRequestPersonalData,
  whitePaperRequestPersonalData,
  sentEmailPersonalData,
];
