import {
  keepsAnonymousVisitors,
  loginReturningTo,
  returnPathFrom,
  sendsAnonymousToLogin,
} from './return-path.js';

const searchOf = (address: string) => address.slice(address.indexOf('?'));

describe('the page to return to after signing in', () => {
  it('travels in the login address and is read back with its query and hash', () => {
    const login = loginReturningTo('/account/organization/activity?from=2026-01-01#list');
    expect(login).toBe('/login?returnTo=%2Faccount%2Forganization%2Factivity%3Ffrom%3D2026-01-01%23list');
    expect(returnPathFrom(searchOf(login))).toBe('/account/organization/activity?from=2026-01-01#list');
    expect(returnPathFrom(searchOf(loginReturningTo('/workflows')))).toBe('/workflows');
    expect(returnPathFrom(searchOf(loginReturningTo('/payment/invoices')))).toBe('/payment/invoices');
  });

  it('is only ever a page of the account area on this site', () => {
    for (const returnTo of [
      'https://evil.example/account',
      '//evil.example/account',
      '/\\evil.example/account',
      'javascript:alert(1)',
      '/pricing',
      '/login',
      'account',
      '',
    ]) {
      expect(returnPathFrom(`?returnTo=${encodeURIComponent(returnTo)}`)).toBeUndefined();
    }
    expect(returnPathFrom('')).toBeUndefined();
    expect(returnPathFrom('?invitation=abc')).toBeUndefined();
  });
});

describe('which account pages send a visitor without a session to log in', () => {
  it('every account page but the checkout, whose first step welcomes the visitor', () => {
    for (const path of [
      '/account',
      '/account/privacy',
      '/account/nothing-here',
      '/workflows',
      '/addons',
      '/payment',
    ])
      expect(sendsAnonymousToLogin(path)).toBe(true);
    for (const path of ['/checkout', '/checkout/account', '/checkout/billing', '/checkout/elsewhere']) {
      expect(keepsAnonymousVisitors(path)).toBe(true);
      expect(sendsAnonymousToLogin(path)).toBe(false);
    }
    for (const path of ['/', '/pricing', '/login', '/signup'])
      expect(sendsAnonymousToLogin(path)).toBe(false);
  });
});
