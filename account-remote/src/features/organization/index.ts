// The organization feature's one door: the members screen (its default, for the account area's lazy router), every
// member's "My team" screen and the cloud settings screen.

export { default as CloudSettingsScreen } from './cloud-settings-screen';
export { default } from './organization-screen';
export { default as TeamScreen } from './team-screen';
