import { db } from '../../db/kysely.js';
import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/**
 * The single sign-on that signs the user in, if their organization set one up: the identity provider and the
 * email domains (never the client secret). No per-user link is stored: the email's domain decides.
 */
export const ssoPersonalData: PersonalDataSection = {
  name: 'singleSignOn',
  async collect(database, { organizationId, email }) {
    const row = await db(database)
      .selectFrom('ssoConfigs')
      .select(['issuerUrl', 'emailDomains', 'updatedAt'])
      .where('organizationId', '=', organizationId)
      .executeTakeFirst();
    if (!row) return null;
    const domain = email.slice(email.lastIndexOf('@') + 1);
    // Only a verified domain routes sign-ins (docs/decisions/0036).
    const verified = await db(database)
      .selectFrom('ssoDomains')
      .select(({ lit }) => lit(1).as('verified'))
      .where('organizationId', '=', organizationId)
      .where('domain', '=', domain)
      .where('verifiedAt', 'is not', null)
      .executeTakeFirst();
    return {
      issuerUrl: row.issuerUrl,
      emailDomains: row.emailDomains,
      signsYouIn: row.emailDomains.includes(domain) && verified !== undefined,
      updatedAt: isoDate(row.updatedAt),
    };
  },
};
