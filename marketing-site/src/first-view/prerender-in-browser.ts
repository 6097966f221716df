import type {
  PrerenderedLogin as RemotePrerenderedLogin,
  PrerenderedSignup as RemotePrerenderedSignup,
} from '@dcipher/account-remote/prerender';

/**
 * What the browser bundle gets for `@dcipher/account-remote/prerender` (src/first-view/remote-prerender-config.mjs
 * points the browser's build stages here): nothing. The site renders the remote's login and sign-up screens into the pages'
 * HTML when it builds its pages (0054); in the browser the screen comes from the remote at run time, so the
 * remote's code never ships in the site's bundle, and a remote deployed after the site is the one that runs.
 */
export const PrerenderedLogin: typeof RemotePrerenderedLogin | undefined = undefined;
export const PrerenderedSignup: typeof RemotePrerenderedSignup | undefined = undefined;
