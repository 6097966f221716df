import { db } from '../../db/kysely.js';
import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/** The user's profile, consent and account state as the `users` row holds them (not the password hash). */
export const profilePersonalData: PersonalDataSection = {
  name: 'profile',
  async collect(database, { userId }) {
    const row = await db(database)
      .selectFrom('users')
      .select((eb) => [
        'id',
        'email',
        'firstName',
        'lastName',
        'phone',
        'company',
        'jobTitle',
        'receiveEmails',
        'status',
        'role',
        eb('passwordHash', 'is not', null).$castTo<boolean>().as('hasPassword'),
        'requiresPasswordChange',
        'emailVerifiedAt',
        'suspendedAt',
        'internalAdmin',
        'createdAt',
        'updatedAt',
      ])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      ...row,
      emailVerifiedAt: isoDate(row.emailVerifiedAt),
      suspendedAt: isoDate(row.suspendedAt),
      createdAt: isoDate(row.createdAt),
      updatedAt: isoDate(row.updatedAt),
    };
  },
};

/** The organization the user belongs to, and their role in it. */
export const organizationPersonalData: PersonalDataSection = {
  name: 'organization',
  async collect(database, { userId }) {
    const row = await db(database)
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.organizationId')
      .select([
        'organizations.id',
        'organizations.name',
        'organizations.customerType',
        'organizations.companySize',
        'organizations.trialEndsAt',
        'organizations.createdAt',
        'users.role',
      ])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    return (
      row && { ...row, trialEndsAt: isoDate(row.trialEndsAt), createdAt: isoDate(row.createdAt) ?? undefined }
    );
  },
};
