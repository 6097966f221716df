// The organization settings feature's one door: the cloud settings screen (loaded lazily by the account area's
// router) and the settings sections the organization screen shows below its members.
export { default } from './cloud-settings-screen';
export { OrganizationSettingsSections } from './organization-settings-sections';
