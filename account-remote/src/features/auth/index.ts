// The auth feature's one door: what the federation exposes as ./AuthApp.
export { AuthApp as default } from './auth-app';
