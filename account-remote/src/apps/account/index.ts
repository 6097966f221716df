// The account area's app: what the federation exposes as ./AccountApp.
export { AccountApp as default } from './account-app';
