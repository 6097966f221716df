import type { OrganizationRole } from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';

/** A member as the roles screens name them. */
export interface NamedMember {
  userId: string;
  email: string;
  name: string;
  role: OrganizationRole;
}

const selectNamedMember = `select id::text as "userId", email, trim(first_name || ' ' || last_name) as name, role
  from users`;

/** The organization's active member at `email`, who may be given a role on one of its resources. */
export async function findActiveMemberByEmail(
  database: Queryable,
  organizationId: string,
  email: string,
): Promise<NamedMember | undefined> {
  const [member] = await database.query<NamedMember>(
    `${selectNamedMember} where organization_id = $1 and email = $2 and status = 'Active' and suspended_at is null`,
    [organizationId, email.toLowerCase()],
  );
  return member;
}

/** The named people of `userIds` (those of `organizationId` only). */
export function findNamedMembers(
  database: Queryable,
  organizationId: string,
  userIds: readonly string[],
): Promise<NamedMember[]> {
  return database.query<NamedMember>(
    `${selectNamedMember} where organization_id = $1 and id = any($2::uuid[])`,
    [organizationId, userIds],
  );
}

/** The organization's active members, to share resources with. */
export function listActiveMembers(database: Queryable, organizationId: string): Promise<NamedMember[]> {
  return database.query<NamedMember>(
    `${selectNamedMember} where organization_id = $1 and status = 'Active' and suspended_at is null
     order by lower(first_name), lower(last_name), email`,
    [organizationId],
  );
}
