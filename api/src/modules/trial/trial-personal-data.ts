import { oneTimeLinkHistory, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/** The trial reactivation links sent to the user as an admin of their organization. */
export const trialReactivationPersonalData: PersonalDataSection = {
  name: 'trialReactivationLinks',
  collect: (database, { userId }) => oneTimeLinkHistory(database, 'trial_reactivation_tokens', userId),
};
