import { oneTimeLinkHistory, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/** The email verification links sent to the user. */
export const emailVerificationPersonalData: PersonalDataSection = {
  name: 'emailVerificationLinks',
  collect: (database, { userId }) => oneTimeLinkHistory(database, 'email_verification_tokens', userId),
};
