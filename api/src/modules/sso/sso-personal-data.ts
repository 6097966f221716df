import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/**
 * The single sign-on that signs the user in, if their organization set one up: the identity provider and the
 * email domains (never the client secret). No per-user link is stored: the email's domain decides.
 */
export const ssoPersonalData: PersonalDataSection = {
  name: 'singleSignOn',
  async collect(database, { organizationId, email }) {
    const [row] = await database.query<{ issuerUrl: string; emailDomains: string[]; updatedAt: Date }>(
      `select issuer_url as "issuerUrl", email_domains as "emailDomains", updated_at as "updatedAt"
       from sso_configs where organization_id = $1`,
      [organizationId],
    );
    if (!row) return null;
    const domain = email.slice(email.lastIndexOf('@') + 1);
    // Only a verified domain routes sign-ins (docs/decisions/0036).
    const [verified] = await database.query(
      'select 1 from sso_domains where organization_id = $1 and domain = $2 and verified_at is not null',
      [organizationId, domain],
    );
    return {
      issuerUrl: row.issuerUrl,
      emailDomains: row.emailDomains,
      signsYouIn: row.emailDomains.includes(domain) && verified !== undefined,
      updatedAt: isoDate(row.updatedAt),
    };
  },
};
