// The webhooks feature's one door: its screen, loaded lazily by the account area's router.
export { default } from './webhooks-screen';
