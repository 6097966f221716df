import type { OrganizationRole } from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';

/** A member as the roles screens name them. */
export interface NamedMember {
  userId: string;
  email: string;
  name: string;
  role: OrganizationRole;
}

/** `users` as `NamedMember`s; the caller adds the `where`. */
function selectNamedMember(database: Queryable) {
  return db(database)
    .selectFrom('users')
    .select((eb) => [
      'id as userId',
      'email',
      eb.fn<string>('trim', [eb(eb('firstName', '||', ' '), '||', eb.ref('lastName'))]).as('name'),
      'role',
    ]);
}

/** The organization's active member at `email`, who may be given a role on one of its resources. */
export async function findActiveMemberByEmail(
  database: Queryable,
  organizationId: string,
  email: string,
): Promise<NamedMember | undefined> {
  return selectNamedMember(database)
    .where('organizationId', '=', organizationId)
    .where('email', '=', email.toLowerCase())
    .where('status', '=', 'Active')
    .where('suspendedAt', 'is', null)
    .executeTakeFirst();
}

/** The named people of `userIds` (those of `organizationId` only). */
export async function findNamedMembers(
  database: Queryable,
  organizationId: string,
  userIds: readonly string[],
): Promise<NamedMember[]> {
  if (userIds.length === 0) return [];
  return selectNamedMember(database)
    .where('organizationId', '=', organizationId)
    .where('id', 'in', userIds)
    .execute();
}

/** The organization's active members, to share resources with. */
export function listActiveMembers(database: Queryable, organizationId: string): Promise<NamedMember[]> {
  return selectNamedMember(database)
    .where('organizationId', '=', organizationId)
    .where('status', '=', 'Active')
    .where('suspendedAt', 'is', null)
    .orderBy((eb) => eb.fn('lower', ['firstName']))
    .orderBy((eb) => eb.fn('lower', ['lastName']))
    .orderBy('email')
    .execute();
}
