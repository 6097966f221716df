import { isoDate, type PersonalDataSection } from '../account/personal-data-section.js';

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
    return {
      issuerUrl: row.issuerUrl,
      emailDomains: row.emailDomains,
      signsYouIn: row.emailDomains.includes(domain),
      updatedAt: isoDate(row.updatedAt),
    };
  },
};
