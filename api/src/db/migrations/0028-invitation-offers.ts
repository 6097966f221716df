import type { Migration } from './migration.js';

/**
 * Invitations that stay an offer (docs/decisions/0035): an invitation names its organization and role itself, so it
 * outlives the invited user row when the invitee signs up on their own. It then points at their new account (in
 * an organization of their own), which may join the inviting organization later. `user_id` may be null only
 * inside the sign-up's transaction, between the invitee row's removal and the new account's creation.
 */
export const invitationOffersMigration: Migration = {
  version: '0028-invitation-offers',
  sql: /* sql */ `
    alter table invitations
      add column organization_id uuid references organizations (id) on delete cascade,
      add column role text check (role in ('admin', 'teammate', 'guest'));
    update invitations
      set organization_id = users.organization_id, role = users.role
      from users where users.id = invitations.user_id;
    alter table invitations
      alter column organization_id set not null,
      alter column role set not null,
      alter column user_id drop not null;
    create index invitations_organization_index on invitations (organization_id);
  `,
};
