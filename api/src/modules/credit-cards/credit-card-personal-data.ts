import type { PersonalDataSection } from '../personal-data/personal-data-section.js';

/** The organization's payment cards as the user can see them: brand, last four digits and expiry only. */
export const paymentMethodPersonalData: PersonalDataSection = {
  name: 'paymentMethods',
  collect: (database, { organizationId }) =>
    database.query<{
      brand: string;
      last4: string;
      expiryMonth: number;
      expiryYear: number;
      isDefault: boolean;
    }>(
      `select brand, last4, expiry_month as "expiryMonth", expiry_year as "expiryYear", is_default as "isDefault"
       from payment_methods where organization_id = $1 order by created_at`,
      [organizationId],
    ),
};
