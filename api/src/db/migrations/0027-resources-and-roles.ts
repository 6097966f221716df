import type { Migration } from './migration.js';

/**
 * Resources and the roles people hold on them (docs/decisions/0038). A resource is one item of a shareable kind
 * (a studio project, a workflow, a file…) of an organization, owned by one of its members; the flows and billing
 * work fill this table. A grant gives a member `editor` or `viewer` on one resource (the owner is the owner, not a
 * grant); `public_role` lets everyone in the organization read it.
 */
export const resourcesAndRolesMigration: Migration = {
  version: '0027-resources-and-roles',
  sql: /* sql */ `
    create table resources (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      type text not null,
      name text not null,
      owner_user_id uuid not null references users (id) on delete cascade,
      public_role text check (public_role in ('viewer')),
      created_at timestamptz not null default now()
    );
    create index resources_organization_index on resources (organization_id, type);
    create table resource_role_grants (
      resource_id uuid not null references resources (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      role text not null check (role in ('editor', 'viewer')),
      granted_at timestamptz not null default now(),
      primary key (resource_id, user_id)
    );
    create index resource_role_grants_user_index on resource_role_grants (user_id);
  `,
};
