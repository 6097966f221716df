import { createAnalytics, type PostHogLike } from './analytics.js';
import { createConsentStore } from './consent.js';
import { isKnownCrawler } from './crawlers.js';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const browserUserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function fakePostHog(rememberedOptOut = false) {
  let optedOut = rememberedOptOut;
  return {
    init: jest.fn(),
    capture: jest.fn(),
    identify: jest.fn(),
    reset: jest.fn(),
    group: jest.fn(),
    alias: jest.fn(),
    opt_in_capturing: jest.fn(() => {
      optedOut = false;
    }),
    opt_out_capturing: jest.fn(() => {
      optedOut = true;
    }),
    has_opted_out_capturing: () => optedOut,
  } satisfies PostHogLike;
}

function setup(
  options: { apiKey?: string; consented?: boolean; userAgent?: string; maxStringLength?: number } = {},
) {
  const consent = createConsentStore({ storage: { getItem: () => null, setItem: () => {} } });
  if (options.consented) consent.set('granted');
  const posthog = fakePostHog();
  const loadPostHog = jest.fn(async () => posthog);
  let counter = 0;
  const analytics = createAnalytics({
    apiKey: 'apiKey' in options ? options.apiKey : 'phc_test',
    host: 'https://eu.i.posthog.com',
    consent,
    loadPostHog,
    userAgent: options.userAgent ?? browserUserAgent,
    ...(options.maxStringLength ? { maxStringLength: options.maxStringLength } : {}),
    createId: () => `id-${++counter}`,
  });
  return { analytics, consent, posthog, loadPostHog };
}

function silenceConsoleError() {
  return jest.spyOn(console, 'error').mockImplementation(() => {});
}

describe('analytics', () => {
  it('loads and sends nothing before consent, and drops (does not queue) what came before it', async () => {
    const { analytics, consent, posthog, loadPostHog } = setup();
    analytics.capture('signup_started');
    analytics.pageview('/pricing');
    await flush();
    expect(loadPostHog).not.toHaveBeenCalled();

    consent.set('denied');
    analytics.capture('signup_started');
    await flush();
    expect(loadPostHog).not.toHaveBeenCalled();

    consent.set('granted');
    await flush();
    expect(loadPostHog).toHaveBeenCalledTimes(1);
    expect(posthog.capture).not.toHaveBeenCalled();
  });

  it('initialises PostHog on consent with the product settings and forwards calls', async () => {
    const { analytics, posthog, loadPostHog } = setup({ consented: true });
    analytics.capture('cta_clicked', { location: 'hero' });
    analytics.pageview('/pricing', 'Dcipher | Pricing');
    await flush();
    expect(loadPostHog).toHaveBeenCalledTimes(1);
    expect(posthog.init).toHaveBeenCalledWith('phc_test', {
      api_host: 'https://eu.i.posthog.com',
      persistence: 'localStorage+cookie',
      capture_pageview: false,
      autocapture: false,
      disable_session_recording: true,
      properties_string_max_length: 1000,
    });
    expect(posthog.capture.mock.calls).toEqual([
      ['cta_clicked', { location: 'hero' }],
      ['$pageview', { $pathname: '/pricing', title: 'Dcipher | Pricing' }],
    ]);
    analytics.group('company', 'acme');
    analytics.alias('alias-1');
    expect(posthog.group).toHaveBeenCalledWith('company', 'acme', undefined);
    expect(posthog.alias).toHaveBeenCalledWith('alias-1');
  });

  it('loads and sends nothing without an API key, even with consent', async () => {
    const { analytics, loadPostHog, posthog } = setup({ apiKey: undefined, consented: true });
    analytics.capture('cta_clicked');
    analytics.pageview('/');
    analytics.identify('user-1');
    await flush();
    expect(loadPostHog).not.toHaveBeenCalled();
    expect(posthog.capture).not.toHaveBeenCalled();
    expect(analytics.getState().userState).toBe('identified');
  });

  it('stops sending when consent is withdrawn', async () => {
    const { analytics, consent, posthog } = setup({ consented: true });
    await flush();
    consent.set('denied');
    analytics.capture('cta_clicked');
    expect(posthog.opt_out_capturing).toHaveBeenCalled();
    expect(posthog.capture).not.toHaveBeenCalled();
    consent.set('granted');
    expect(posthog.opt_in_capturing).toHaveBeenCalled();
  });

  it('lifts an opt-out PostHog remembers from an earlier visit when consent is granted', async () => {
    const consent = createConsentStore({ storage: { getItem: () => 'granted', setItem: () => {} } });
    const posthog = fakePostHog(true);
    createAnalytics({
      apiKey: 'phc_test',
      host: 'https://eu.i.posthog.com',
      consent,
      userAgent: browserUserAgent,
      loadPostHog: async () => posthog,
    });
    await flush();
    expect(posthog.opt_in_capturing).toHaveBeenCalledTimes(1);
    expect(posthog.has_opted_out_capturing()).toBe(false);
  });

  it('carries an identity set before consent over to PostHog once it loads', async () => {
    const { analytics, consent, posthog } = setup();
    analytics.identify('user-1', { plan: 'pro' });
    analytics.group('company', 'acme');
    consent.set('granted');
    await flush();
    expect(posthog.identify).toHaveBeenCalledWith('user-1');
    expect(posthog.group).toHaveBeenCalledWith('company', 'acme');
  });

  it.each([
    [
      'an empty event name',
      (a: ReturnType<typeof setup>['analytics']) => a.capture(''),
      'No event name provided',
    ],
    [
      'a non-string event name',
      (a: ReturnType<typeof setup>['analytics']) => a.capture(42 as unknown as string),
      'No event name provided',
    ],
    [
      'identify without an id',
      (a: ReturnType<typeof setup>['analytics']) => a.identify(''),
      'Unique user id has not been set on identify',
    ],
    [
      'a group without a key',
      (a: ReturnType<typeof setup>['analytics']) => a.group('company', ''),
      'Group requires a group type and group key',
    ],
    [
      'a group without a type',
      (a: ReturnType<typeof setup>['analytics']) => a.group('', 'acme'),
      'Group requires a group type and group key',
    ],
    [
      'an alias equal to the distinct id',
      (a: ReturnType<typeof setup>['analytics']) => a.alias(a.getState().distinctId),
      'Alias matches current distinct id',
    ],
  ])('reports %s on the console and sends nothing', async (_, call, message) => {
    const { analytics, posthog } = setup({ consented: true });
    await flush();
    const before = analytics.getState();
    const consoleError = silenceConsoleError();
    call(analytics);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledWith(message);
    for (const method of [posthog.capture, posthog.identify, posthog.group, posthog.alias]) {
      expect(method).not.toHaveBeenCalled();
    }
    expect(analytics.getState()).toEqual(before);
  });

  it('drops events from known crawlers and never loads PostHog for them', async () => {
    const { analytics, posthog, loadPostHog } = setup({
      consented: true,
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    analytics.capture('cta_clicked');
    analytics.pageview('/');
    await flush();
    expect(loadPostHog).not.toHaveBeenCalled();
    expect(posthog.capture).not.toHaveBeenCalled();
  });

  it('knows crawlers by name and by generic words, but not headless Chrome', () => {
    for (const userAgent of [
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
      'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
      'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Twitterbot/1.0',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
      'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)',
      'Mozilla/5.0 (compatible; SomeCrawler/1.0)',
    ]) {
      expect([userAgent, isKnownCrawler(userAgent)]).toEqual([userAgent, true]);
    }
    expect(
      isKnownCrawler(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36',
      ),
    ).toBe(false);
    expect(isKnownCrawler(browserUserAgent)).toBe(false);
    expect(isKnownCrawler(undefined)).toBe(false);
  });

  it('truncates string property values, nested ones too, to the configured maximum (1000 by default)', async () => {
    const { analytics, posthog } = setup({ consented: true });
    await flush();
    analytics.capture('long', { text: 'x'.repeat(1500), count: 3, nested: { list: ['y'.repeat(1001)] } });
    expect(posthog.capture).toHaveBeenCalledWith('long', {
      text: 'x'.repeat(1000),
      count: 3,
      nested: { list: ['y'.repeat(1000)] },
    });

    const short = setup({ consented: true, maxStringLength: 5 });
    await flush();
    short.analytics.identify('user-1', { name: 'Ada Lovelace' });
    expect(short.posthog.identify).toHaveBeenCalledWith('user-1', { name: 'Ada L' });
  });

  it('keeps the spec state: anonymous until identify, anonymous again on reset', async () => {
    const { analytics, posthog } = setup({ consented: true });
    await flush();
    const first = analytics.getState();
    expect(first).toEqual({
      distinctId: 'id-1',
      deviceId: 'id-1',
      userState: 'anonymous',
      groups: {},
      sessionId: 'id-2',
      windowId: 'id-3',
    });

    analytics.identify('user-1');
    analytics.group('company', 'acme');
    expect(analytics.getState()).toMatchObject({
      distinctId: 'user-1',
      deviceId: 'id-1',
      userState: 'identified',
      groups: { company: 'acme' },
    });
    expect(posthog.identify).toHaveBeenCalledWith('user-1', undefined);

    analytics.reset();
    const afterReset = analytics.getState();
    expect(afterReset.userState).toBe('anonymous');
    expect(afterReset.deviceId).toBe('id-1');
    expect(afterReset.groups).toEqual({});
    expect(afterReset.distinctId).not.toBe('user-1');
    expect(afterReset.distinctId).not.toBe(first.distinctId);
    expect(afterReset.sessionId).not.toBe(first.sessionId);
    expect(afterReset.windowId).not.toBe(first.windowId);
    expect(posthog.reset).toHaveBeenCalledTimes(1);
  });

  it('generates UUIDs by default', () => {
    const consent = createConsentStore({ storage: { getItem: () => null, setItem: () => {} } });
    const state = createAnalytics({ host: 'https://eu.i.posthog.com', consent }).getState();
    expect(state.distinctId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(state.sessionId).not.toBe(state.distinctId);
  });

  it('gives up quietly when PostHog cannot be loaded', async () => {
    const consent = createConsentStore({ storage: { getItem: () => null, setItem: () => {} } });
    consent.set('granted');
    const analytics = createAnalytics({
      apiKey: 'phc_test',
      host: 'https://eu.i.posthog.com',
      consent,
      userAgent: browserUserAgent,
      loadPostHog: () => Promise.reject(new Error('blocked')),
    });
    analytics.capture('cta_clicked');
    await flush();
    expect(() => analytics.capture('cta_clicked')).not.toThrow();
  });
});
