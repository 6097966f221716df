import { authStore } from '@dcipher/shared/auth';
import { act, cleanup, render } from '@testing-library/react';
import { navigate } from 'gatsby';
import { renderToStaticMarkup } from 'react-dom/server';
import { anonymousRedirectHead, anonymousRedirectScript, useAnonymousGoesToLogin } from './anonymous-visitor';

const initialState = authStore.getState();

/** Runs the head's script against a window of our own; answers what it did, in order. */
function runScript({
  stored,
  cookie = '',
  path = '/account/privacy',
  search = '',
  hash = '',
}: {
  stored?: string | Error;
  cookie?: string;
  path?: string;
  search?: string;
  hash?: string;
}) {
  const actions: string[] = [];
  const fakeWindow = {
    localStorage: {
      getItem: (key: string) => {
        if (stored instanceof Error) throw stored;
        return key === 'dcipher.accessToken' ? (stored ?? null) : null;
      },
    },
    document: { cookie },
    location: {
      pathname: path,
      search,
      hash,
      replace: (to: string) => actions.push(`replace ${to}`),
    },
    stop: () => actions.push('stop'),
  };
  new Function('window', anonymousRedirectScript())(fakeWindow);
  return actions;
}

describe("an account page's head, for a visitor without a session", () => {
  it('stops the page and goes to log in, with the page asked for (its query and hash) to come back to', () => {
    expect(runScript({})).toEqual(['stop', 'replace /login?returnTo=%2Faccount%2Fprivacy']);
    expect(
      runScript({ path: '/account/organization/activity', search: '?from=2026-01-01', hash: '#list' }),
    ).toEqual([
      'stop',
      'replace /login?returnTo=%2Faccount%2Forganization%2Factivity%3Ffrom%3D2026-01-01%23list',
    ]);
    // Storage refused (a privacy mode) and no cookie: no session either.
    expect(runScript({ stored: new Error('denied') })).toHaveLength(2);
    // An emptied cookie is no session.
    expect(runScript({ cookie: 'other=1; dcipher.accessToken=' })).toHaveLength(2);
  });

  it('does nothing when a session is stored, under its storage key or in its cookie', () => {
    expect(runScript({ stored: 'header.payload.signature' })).toEqual([]);
    expect(runScript({ cookie: 'consent=yes; dcipher.accessToken=header.payload.signature' })).toEqual([]);
    expect(runScript({ stored: new Error('denied'), cookie: 'dcipher.accessToken=abc' })).toEqual([]);
  });

  it('is in the head of the account pages that send such a visitor to log in, not the checkout nor other pages', () => {
    for (const path of ['/account', '/workflows', '/subscription', '/payment', '/addons']) {
      const head = anonymousRedirectHead(path)
        .map((element) => renderToStaticMarkup(element))
        .join('');
      expect(head).toContain('dcipher.accessToken');
      expect(head).toContain('/login?returnTo=');
    }
    for (const path of ['/checkout', '/', '/pricing', '/login', '/signup'])
      expect(anonymousRedirectHead(path)).toEqual([]);
  });
});

function AccountLike({ enabled }: { enabled: boolean }) {
  useAnonymousGoesToLogin(enabled);
  return null;
}

describe('an account page in the browser', () => {
  beforeEach(() => {
    (navigate as jest.Mock).mockClear();
    window.history.pushState(null, '', '/account/privacy?tab=sessions');
  });
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
    window.history.pushState(null, '', '/');
  });

  it('sends a visitor known to have no session to log in once, replacing the page in the history', () => {
    authStore.setState({ status: 'anonymous' });
    render(<AccountLike enabled />);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login?returnTo=%2Faccount%2Fprivacy%3Ftab%3Dsessions', {
      replace: true,
    });
    act(() => authStore.setState({ twoFactorChallenge: undefined }));
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('sends them once a stored session turns out to have ended, but not after signing out here', () => {
    authStore.setState({ status: 'authenticating' });
    const { unmount } = render(<AccountLike enabled />);
    expect(navigate).not.toHaveBeenCalled();
    act(() => authStore.setState({ status: 'anonymous' }));
    expect(navigate).toHaveBeenCalledWith('/login?returnTo=%2Faccount%2Fprivacy%3Ftab%3Dsessions', {
      replace: true,
    });
    unmount();

    (navigate as jest.Mock).mockClear();
    authStore.setState({ status: 'authenticated' });
    render(<AccountLike enabled />);
    // Signing out (or a session ended elsewhere) is the remote's to answer: home, or log in.
    act(() => authStore.setState({ status: 'anonymous' }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves the checkout, which welcomes the visitor, alone', () => {
    authStore.setState({ status: 'anonymous' });
    render(<AccountLike enabled={false} />);
    expect(navigate).not.toHaveBeenCalled();
  });
});
