// The organization feature's one door: the members screen (its default, for the account area's lazy router), the
// organization's general settings, security policies and activity log (issue 25), every member's "My team" screen
// and the cloud settings screen.

export { ActivityScreen } from './activity-screen';
export { default as CloudSettingsScreen } from './cloud-settings-screen';
export { default } from './organization-screen';
export { GeneralScreen, SecurityPoliciesScreen } from './organization-settings-sections';
export { default as TeamScreen } from './team-screen';
