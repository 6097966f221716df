import { db } from '../../db/kysely.js';
import type { PersonalDataSection } from '../personal-data/personal-data-section.js';

/** The organization's payment cards as the user can see them: brand, last four digits and expiry only. */
export const paymentMethodPersonalData: PersonalDataSection = {
  name: 'paymentMethods',
  collect: (database, { organizationId }) =>
    db(database)
      .selectFrom('paymentMethods')
      .select(['brand', 'last4', 'expiryMonth', 'expiryYear', 'isDefault'])
      .where('organizationId', '=', organizationId)
      .orderBy('createdAt')
      .execute(),
};
