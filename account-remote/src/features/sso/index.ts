// The SSO settings feature's one door: its screen, loaded lazily by the account area's router.
export { default } from './sso-screen';
