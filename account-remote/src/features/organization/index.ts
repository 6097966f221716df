// The organization feature's one door: the members screen (its default, for the account area's lazy router) and
// every member's "My team" screen.
export { default } from './organization-screen';
export { default as TeamScreen } from './team-screen';
