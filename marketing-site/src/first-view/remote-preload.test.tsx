import { renderToStaticMarkup } from 'react-dom/server';
import { authRouteOf, remotePreloadHead, remotePreloadScript, siteFilesForAuthPage } from './remote-preload';

const remote = 'http://localhost:3001/';
const manifest = {
  metaData: {
    remoteEntry: { name: 'remoteEntry.js' },
    screenChunks: { login: ['login.1d60adb9.js'], signup: ['4582.e3802ed9.js', 'signup.8f876c10.js'] },
  },
  exposes: [
    { name: 'AuthApp', assets: { js: { sync: ['__federation_expose_AuthApp.824d57da.js'], async: [] } } },
    {
      name: 'AccountApp',
      assets: { js: { sync: ['__federation_expose_AccountApp.3750cdf7.js'], async: [] } },
    },
  ],
};

/** Runs the head's script as the browser would, and returns the preloads it added once the manifest is read. */
async function runScript(script: string, answer: () => Promise<Response>) {
  const fetchMock = jest.fn(answer);
  const originalFetch = globalThis.fetch;
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  try {
    new Function(script)();
    await new Promise((resolve) => setTimeout(resolve, 0));
  } finally {
    globalThis.fetch = originalFetch;
  }
  const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => ({
    href: link.getAttribute('href'),
    as: link.getAttribute('as'),
    crossOrigin: link.getAttribute('crossorigin'),
  }));
  return { links, fetchMock };
}

afterEach(() => document.head.replaceChildren());

describe('authRouteOf', () => {
  it('knows the pages the remote serves, and only those', () => {
    expect(authRouteOf('/login')).toEqual({ id: 'login' });
    expect(authRouteOf('/login/sso')).toEqual({ id: 'ssoLogin' });
    expect(authRouteOf('/signup')).toEqual({ id: 'signup' });
    expect(authRouteOf('/new-password')).toEqual({ id: undefined });
    expect(authRouteOf('/pricing')).toBeUndefined();
    expect(authRouteOf('/')).toBeUndefined();
    expect(authRouteOf('/account')).toBeUndefined();
  });
});

describe('the signed-out page head', () => {
  it("preloads the remote's entry and the site's files at once, then the login screen's files from the manifest", async () => {
    const { links, fetchMock } = await runScript(
      remotePreloadScript(remote, 'login', ['/page-data/login/page-data.json', '/federation-runtime-1.js']),
      async () => new Response(JSON.stringify(manifest)),
    );
    expect(fetchMock).toHaveBeenCalledWith('http://localhost:3001/mf-manifest.json');
    expect(links).toEqual([
      { href: 'http://localhost:3001/remoteEntry.js', as: 'script', crossOrigin: null },
      { href: '/page-data/login/page-data.json', as: 'fetch', crossOrigin: 'anonymous' },
      { href: '/federation-runtime-1.js', as: 'script', crossOrigin: null },
      {
        href: 'http://localhost:3001/__federation_expose_AuthApp.824d57da.js',
        as: 'script',
        crossOrigin: null,
      },
      { href: 'http://localhost:3001/login.1d60adb9.js', as: 'script', crossOrigin: null },
    ]);
  });

  it('fetches nothing before the first paint is on screen', async () => {
    let observer: { callback: (list: { getEntries: () => { name: string }[] }) => void } | undefined;
    const paintTiming = Object.assign(
      function PerformanceObserver(this: unknown, callback: NonNullable<typeof observer>['callback']) {
        observer = { callback };
        return { observe: () => {}, disconnect: () => {} };
      },
      { supportedEntryTypes: ['paint'] },
    );
    const original = Object.getOwnPropertyDescriptor(window, 'PerformanceObserver');
    Object.defineProperty(window, 'PerformanceObserver', { value: paintTiming, configurable: true });
    const fetchMock = jest.fn(async () => new Response(JSON.stringify(manifest)));
    const originalFetch = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const hrefs = () =>
      [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => link.getAttribute('href'));
    try {
      new Function(
        remotePreloadScript(remote, 'login', ['/page-data/login/page-data.json', '/federation-runtime-1.js']),
      )();
      expect(hrefs()).toEqual([]);
      expect(fetchMock).not.toHaveBeenCalled();
      observer?.callback({ getEntries: () => [{ name: 'first-paint' }] });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(hrefs()).toEqual([]);

      observer?.callback({ getEntries: () => [{ name: 'first-contentful-paint' }] });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(fetchMock).toHaveBeenCalledWith('http://localhost:3001/mf-manifest.json');
      expect(hrefs()).toEqual([
        'http://localhost:3001/remoteEntry.js',
        '/page-data/login/page-data.json',
        '/federation-runtime-1.js',
        'http://localhost:3001/__federation_expose_AuthApp.824d57da.js',
        'http://localhost:3001/login.1d60adb9.js',
      ]);
    } finally {
      globalThis.fetch = originalFetch;
      if (original) Object.defineProperty(window, 'PerformanceObserver', original);
      else delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
    }
  });

  it("loads another route's screen, not the login's", async () => {
    const { links } = await runScript(
      remotePreloadScript(remote, 'signup'),
      async () => new Response(JSON.stringify(manifest)),
    );
    expect(links.map((link) => link.href)).toEqual([
      'http://localhost:3001/remoteEntry.js',
      'http://localhost:3001/__federation_expose_AuthApp.824d57da.js',
      'http://localhost:3001/4582.e3802ed9.js',
      'http://localhost:3001/signup.8f876c10.js',
    ]);
  });

  it('keeps the head start it has when the manifest cannot be read, without an error', async () => {
    const { links } = await runScript(remotePreloadScript(remote, 'login'), () =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    expect(links.map((link) => link.href)).toEqual(['http://localhost:3001/remoteEntry.js']);
  });

  it("opens connections to the remote's origin on signed-out pages, and adds nothing elsewhere", () => {
    const markup = renderToStaticMarkup(
      <head>{remotePreloadHead('/login', 'https://account.example.com/remote/')}</head>,
    );
    expect(markup).toContain('<link rel="preconnect" href="https://account.example.com"/>');
    expect(markup).toContain(
      '<link rel="preconnect" href="https://account.example.com" crossorigin="anonymous"/>',
    );
    expect(markup).toContain('"https://account.example.com/remote"');
    expect(remotePreloadHead('/pricing', 'https://account.example.com')).toEqual([]);
  });

  it("lists the page's data and chunks, and the federation runtime's, from the build's chunk groups", () => {
    const stats = {
      namedChunkGroups: {
        'component---src-pages-login-tsx': { assets: [{ name: 'component---src-pages-login-tsx-5602.js' }] },
        'federation-runtime': { assets: [{ name: 'federation-runtime-1551.js' }, { name: 'x.js.map' }] },
        'federation-shared': { assets: [{ name: 'd15c75ec-1.js' }, { name: 'federation-shared-1480.js' }] },
      },
    };
    expect(siteFilesForAuthPage('/login', 'component---src-pages-login-tsx', stats)).toEqual([
      '/page-data/login/page-data.json',
      '/page-data/app-data.json',
      '/component---src-pages-login-tsx-5602.js',
      '/federation-runtime-1551.js',
      '/d15c75ec-1.js',
      '/federation-shared-1480.js',
    ]);
    expect(siteFilesForAuthPage('/login', undefined, undefined)).toEqual([
      '/page-data/login/page-data.json',
      '/page-data/app-data.json',
    ]);
  });
});
