import type { Migration } from './migration.js';

/**
 * The plan a visitor started the free trial from on the pricing page (docs/decisions/0085):
 * `organizations.signup_plan_id`. The trial gives that plan's features and quotas until a plan is picked during the
 * trial (`trial_plan_id`, 0039); nothing is charged for it. Null: the trial is of the customer type's most complete
 * self-serve plan.
 */
export const trialSignupPlanMigration: Migration = {
  version: '0040-trial-signup-plan',
  sql: /* sql */ `
    alter table organizations add column signup_plan_id text references pricing_plans (id);
  `,
};
