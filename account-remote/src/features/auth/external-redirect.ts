/**
 * Leaves the site for another origin (an identity provider's sign-in page). Its own module so component tests can
 * replace it: jsdom does not navigate.
 */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
