import type { Migration } from './migration.js';

/**
 * Billing without surprises (docs/decisions/0078):
 * - `organizations.currency`: the one currency the organization pays in, chosen once (the pricing page's choice
 *   carried through sign-up, else the billing country's) and used by every price shown and charged after. Null
 *   until chosen; a running subscription keeps the currency it was bought in.
 * - `organizations.trial_plan_id` / `trial_plan_promo_code`: the plan a trial customer picked without ending the
 *   trial. The billing scheduler starts it, and charges its first period, when the trial ends.
 */
export const billingWithoutSurprisesMigration: Migration = {
  version: '0039-billing-without-surprises',
  sql: /* sql */ `
    alter table organizations
      add column currency text check (currency in ('usd', 'eur', 'gpb')),
      add column trial_plan_id text references pricing_plans (id),
      add column trial_plan_promo_code text;
  `,
};
