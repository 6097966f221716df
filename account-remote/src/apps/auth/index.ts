// The signed-out screens' app: what the federation exposes as ./AuthApp.
export { AuthApp as default } from './auth-app';
