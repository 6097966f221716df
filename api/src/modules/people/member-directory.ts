import type { MemberStatus } from '@dcipher/shared/contract';
import type { OrganizationRole } from '@dcipher/shared/domain';
import { type ExpressionBuilder, type Nullable, sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';
import { type DB, db } from '../../db/kysely.js';
import { managingRoles } from './account-deletion.js';

/**
 * The organization's members as its admins manage them and its colleagues see them (docs/decisions/0035). Every
 * query is scoped to one organization: nothing here reads or changes another organization's people.
 */

export interface DirectoryMember {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: OrganizationRole;
  status: MemberStatus;
  invitationExpiresAt: Date | null;
  createdAt: Date;
  /** Someone who signed up on their own while invited: only the organization's invitation, never their account. */
  isOffer: boolean;
}

/**
 * The organization's people: its users, and those it invited who signed up on their own meanwhile, whose invitation
 * stays an offer (docs/decisions/0035). Such a person is shown as the organization knows them: the address it
 * invited, the role it offered, "InvitationSent", and no names (their own account is none of its business).
 */
function peopleOf(database: Queryable, organizationId: string) {
  return db(database)
    .selectFrom('users')
    .leftJoin('invitations as offer', (join) =>
      join
        .onRef('offer.userId', '=', 'users.id')
        .on('offer.organizationId', '=', organizationId)
        .on('offer.acceptedAt', 'is', null)
        .on('users.organizationId', '<>', organizationId),
    )
    .where((eb) => eb.or([eb('users.organizationId', '=', organizationId), eb('offer.id', 'is not', null)]));
}

/** What `peopleOf` lets a column or condition name: `users`, and `offer`, left joined. */
type PeopleExpressions = ExpressionBuilder<DB & { offer: Nullable<DB['invitations']> }, 'users' | 'offer'>;

/** A name of the person's own, blank for an offer's holder. */
const ownName = (eb: PeopleExpressions, name: 'users.firstName' | 'users.lastName') =>
  eb.case().when('offer.id', 'is', null).then(eb.ref(name)).else('').end();

/** The members' columns, as `DirectoryMember` names them. */
const memberColumns = (eb: PeopleExpressions) =>
  [
    'users.id',
    'users.email',
    ownName(eb, 'users.firstName').as('firstName'),
    ownName(eb, 'users.lastName').as('lastName'),
    eb.fn.coalesce('offer.role', 'users.role').as('role'),
    eb
      .case()
      .when('offer.id', 'is not', null)
      .then(eb.val<MemberStatus>('InvitationSent'))
      .when('users.suspendedAt', 'is not', null)
      .then(eb.val<MemberStatus>('suspended'))
      .else(eb.ref('users.status'))
      .end()
      .as('status'),
    eb.fn
      .coalesce(
        'offer.expiresAt',
        eb
          .selectFrom('invitations')
          .select('invitations.expiresAt')
          .whereRef('invitations.userId', '=', 'users.id')
          .where('invitations.acceptedAt', 'is', null),
      )
      .as('invitationExpiresAt'),
    createdAt(eb).as('createdAt'),
    eb('offer.id', 'is not', null).$castTo<boolean>().as('isOffer'),
  ] as const;

/** When the person joined or was invited (the offer's date for an offer). */
const createdAt = (eb: PeopleExpressions) => eb.fn.coalesce('offer.createdAt', 'users.createdAt');

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** One page of the organization's members and pending invitees, newest last, filtered by name or email. */
export async function listOrganizationMembers(
  database: Queryable,
  organizationId: string,
  { search, page, pageSize }: { search: string; page: number; pageSize: number },
): Promise<{ members: DirectoryMember[]; total: number }> {
  const pattern = `%${likeEscaped(search.toLowerCase())}%`;
  const matching = peopleOf(database, organizationId).$if(search !== '', (query) =>
    query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['users.email']), 'like', pattern),
        eb(
          eb.fn('lower', [
            eb
              .case()
              .when('offer.id', 'is', null)
              .then(eb(eb('users.firstName', '||', ' '), '||', eb.ref('users.lastName')))
              .else('')
              .end(),
          ]),
          'like',
          pattern,
        ),
      ]),
    ),
  );
  const { total } = await matching
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const members = await matching
    .select(memberColumns)
    .orderBy(createdAt)
    .orderBy('users.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { members, total: Number(total) };
}

/** The member of the organization at `email` (active, suspended or invited); with `lock`, their row is locked. */
export async function findOrganizationMemberByEmail(
  database: Queryable,
  organizationId: string,
  email: string,
  { lock = false } = {},
): Promise<DirectoryMember | undefined> {
  return peopleOf(database, organizationId)
    .select(memberColumns)
    .where('users.email', '=', email)
    .$if(lock, (query) => query.forUpdate('users'))
    .executeTakeFirst();
}

/** The organization's pending invitee `userId`, locked; undefined for anyone else (or another organization's). */
export async function lockPendingInvitee(
  database: Queryable,
  organizationId: string,
  userId: string,
): Promise<{ id: string; email: string; role: OrganizationRole } | undefined> {
  if (!isUuid(userId)) return undefined;
  return db(database)
    .selectFrom('users')
    .select(['id', 'email', 'role'])
    .where('id', '=', userId)
    .where('organizationId', '=', organizationId)
    .where('status', '=', 'InvitationSent')
    .forUpdate()
    .executeTakeFirst();
}

/** Whether `email` is a member or pending invitee of the organization; other organizations are never looked at. */
export async function emailInOrganization(
  database: Queryable,
  organizationId: string,
  email: string,
): Promise<'member' | 'invited' | 'none'> {
  const user = await peopleOf(database, organizationId)
    .select(['users.status', 'offer.id as offerId'])
    .where('users.email', '=', email)
    .executeTakeFirst();
  if (!user) return 'none';
  return user.offerId !== null || user.status === 'InvitationSent' ? 'invited' : 'member';
}

/**
 * Members other than `userId` who run the organization (a role that may grant, from the permission policy) and
 * may sign in: active, not suspended. Invitees do not count.
 */
export async function countOtherActiveAdmins(
  database: Queryable,
  organizationId: string,
  userId: string | undefined,
): Promise<number> {
  let admins = db(database)
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('admins'))
    .where('organizationId', '=', organizationId);
  if (userId !== undefined) admins = admins.where('id', '<>', userId);
  const { admins: count } = await admins
    .where('role', 'in', managingRoles)
    .where('status', '=', 'Active')
    .where('suspendedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Every member who runs the organization and may sign in (the members screen shows the last one's limits). */
export const countActiveAdmins = (database: Queryable, organizationId: string) =>
  countOtherActiveAdmins(database, organizationId, undefined);

export async function updateMemberRole(
  database: Queryable,
  organizationId: string,
  userId: string,
  role: OrganizationRole,
): Promise<void> {
  await db(database)
    .updateTable('users')
    .set({ role, updatedAt: sql<Date>`now()` })
    .where('id', '=', userId)
    .where('organizationId', '=', organizationId)
    .execute();
}

/** The organization's active, not suspended members with their roles: "my team". */
export function listTeammates(
  database: Queryable,
  organizationId: string,
): Promise<{ firstName: string; lastName: string; email: string; role: OrganizationRole }[]> {
  return db(database)
    .selectFrom('users')
    .select(['firstName', 'lastName', 'email', 'role'])
    .where('organizationId', '=', organizationId)
    .where('status', '=', 'Active')
    .where('suspendedAt', 'is', null)
    .orderBy((eb) => eb.fn('lower', ['firstName']))
    .orderBy((eb) => eb.fn('lower', ['lastName']))
    .orderBy('email')
    .execute();
}

/**
 * The organization's invitation standing as an offer to someone who signed up on their own (found by their
 * address, or by their user id as the members list names them), locked with `lock`; undefined for anyone else
 * (docs/decisions/0035).
 */
export async function findPendingOffer(
  database: Queryable,
  organizationId: string,
  who: { email: string } | { userId: string },
  { lock = false } = {},
): Promise<{ id: string; invitationId: string; email: string; role: OrganizationRole } | undefined> {
  if ('userId' in who && !isUuid(who.userId)) return undefined;
  return db(database)
    .selectFrom('invitations')
    .innerJoin('users', 'users.id', 'invitations.userId')
    .select(['users.id', 'invitations.id as invitationId', 'users.email', 'invitations.role'])
    .where('invitations.organizationId', '=', organizationId)
    .where('invitations.acceptedAt', 'is', null)
    .where('users.organizationId', '<>', organizationId)
    .where((eb) =>
      'email' in who
        ? eb('users.email', '=', who.email)
        : eb(eb.cast<string>('users.id', 'text'), '=', who.userId),
    )
    .$if(lock, (query) => query.forUpdate('invitations'))
    .executeTakeFirst();
}
