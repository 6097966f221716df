import { initialMigration } from './0001-initial.js';
import { marketingLeadsMigration } from './0002-marketing-leads.js';
import { rateLimitsMigration } from './0003-rate-limits.js';
import { pricingPlansMigration } from './0004-pricing-plans.js';
import { emailOutboxMigration } from './0005-email-outbox.js';
import { captchaMigration } from './0006-captcha.js';
import { registrationMigration } from './0007-registration.js';
import { recoveryAndSignInProtectionMigration } from './0008-recovery-and-sign-in-protection.js';
import { paymentMethodsMigration } from './0009-payment-methods.js';
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
];
