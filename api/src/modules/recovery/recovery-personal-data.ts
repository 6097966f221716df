import { oneTimeLinkHistory, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/** The password reset links sent to the user. */
export const passwordResetPersonalData: PersonalDataSection = {
  name: 'passwordResetLinks',
  collect: (database, { userId }) => oneTimeLinkHistory(database, 'password_reset_tokens', userId),
};
