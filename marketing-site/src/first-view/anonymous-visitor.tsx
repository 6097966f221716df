import { type AuthState, authStore, tokenStorageKeys } from '@dcipher/shared/auth';
import { loginReturningTo, sendsAnonymousToLogin } from '@dcipher/shared/routes';
import { navigate } from 'gatsby';
import { type ReactElement, useEffect } from 'react';

// A visitor without a session who opens an account page (docs/decisions/0084) goes to /login, whose HTML carries
// the form (0054), with the page they asked for as `returnTo`; the login brings them back there once signed in.
// Waiting for the remote to find out and render its login form in the account page made that form the largest
// paint, at about 2.7 s on a phone (0083's figures).

/**
 * The inline script at the top of an account page's head: with no session stored (the auth store's own test:
 * the access token under its storage key, else its cookie), it stops the page loading and replaces it with the
 * login address, before anything of the account page paints or its scripts are fetched. Plain ES5, no
 * dependency; `window` is its one free name (a test passes its own).
 */
export function anonymousRedirectScript(): string {
  const loginPrefix = loginReturningTo('');
  return `(function(w,key,login){
var t=null,c,i;
try{t=w.localStorage.getItem(key)}catch(e){}
if(!t){try{c=w.document.cookie.split("; ");for(i=0;i<c.length;i++)if(c[i].indexOf(key+"=")===0&&c[i].length>key.length+1)t=c[i]}catch(e){}}
if(t)return;
var l=w.location;
try{w.stop()}catch(e){}
l.replace(login+encodeURIComponent(l.pathname+l.search+l.hash));
})(window,${JSON.stringify(tokenStorageKeys.accessToken)},${JSON.stringify(loginPrefix)});`;
}

/** The key of the head element, which `onPreRenderHTML` puts first in the head. */
export const anonymousRedirectKey = 'anonymous-redirect';

/** Head elements of a page: the redirect script on account pages that send visitors without a session to log in. */
export function anonymousRedirectHead(pathname: string): ReactElement[] {
  if (!sendsAnonymousToLogin(pathname)) return [];
  return [
    <script
      key={anonymousRedirectKey}
      // Built from constants of this build (the storage key, the login path), nothing a visitor sent.
      dangerouslySetInnerHTML={{ __html: anonymousRedirectScript() }}
    />,
  ];
}

/**
 * In the page, for what the head's script cannot see: a visit that did not load the page's HTML (a link followed
 * inside the site) and a stored session that turns out to have ended (its refresh refused) before this page was
 * ever signed in. A session that ends while the page is open is the remote's to handle (logging out goes home).
 */
export function useAnonymousGoesToLogin(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let signedIn = false;
    let sent = false;
    const check = ({ status }: AuthState) => {
      if (status === 'authenticated') signedIn = true;
      if (status !== 'anonymous' || signedIn || sent) return;
      sent = true;
      const { pathname, search, hash } = window.location;
      void navigate(loginReturningTo(`${pathname}${search}${hash}`), { replace: true });
    };
    check(authStore.getState());
    return authStore.subscribe(check);
  }, [enabled]);
}
