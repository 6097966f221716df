// The account feature's one door: what the federation exposes as ./AccountApp.
export { AccountApp as default } from './account-app';
