import type { Migration } from './migration.js';

/**
 * A workflow's visibility has one source of truth, its resource's public role (docs/decisions/0094): `flows.visibility`
 * goes. Where the two disagreed (one was changed by `PUT /flows/{id}`, the other by `PUT /roles/resource`), the flow
 * becomes private: nothing is left readable or runnable without signing in that one of the two calls made private.
 */
export const oneWorkflowVisibilityMigration: Migration = {
  version: '0042-one-workflow-visibility',
  sql: /* sql */ `
    update resources set public_role = null
      from flows
      where flows.id = resources.id and flows.visibility <> 'public' and resources.public_role is not null;
    alter table flows drop column visibility;
  `,
};
