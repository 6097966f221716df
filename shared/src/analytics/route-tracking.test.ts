import { createAnalytics, type PostHogLike } from './analytics.js';
import { createConsentStore } from './consent.js';
import { createDataLayer, type DataLayerHost } from './data-layer.js';
import { createRouteTracker } from './route-tracking.js';
import type { ScrollMetrics } from './scroll-depth.js';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup({ apiKey }: { apiKey?: string } = { apiKey: 'phc_test' }) {
  const consent = createConsentStore({ storage: { getItem: () => null, setItem: () => {} } });
  const capture = jest.fn();
  const posthog: PostHogLike = {
    init: jest.fn(),
    capture,
    identify: jest.fn(),
    reset: jest.fn(),
    group: jest.fn(),
    alias: jest.fn(),
    opt_in_capturing: jest.fn(),
    opt_out_capturing: jest.fn(),
    has_opted_out_capturing: () => false,
  };
  const loadPostHog = jest.fn(async () => posthog);
  const analytics = createAnalytics({
    apiKey,
    host: 'https://eu.i.posthog.com',
    consent,
    loadPostHog,
    userAgent: 'Mozilla/5.0 Chrome/126.0',
  });
  const host: DataLayerHost = {};
  const dataLayer = createDataLayer({ consent, host });

  const target = new EventTarget();
  const metrics: ScrollMetrics = { scrollTop: 0, viewportHeight: 1000, documentHeight: 4000 };
  const tracker = createRouteTracker({
    analytics,
    dataLayer,
    scrollDepth: {
      target,
      getMetrics: () => metrics,
      requestFrame: (callback) => {
        callback();
        return 1;
      },
      cancelFrame: () => {},
    },
  });
  const scrollTo = (scrollTop: number) => {
    metrics.scrollTop = scrollTop;
    target.dispatchEvent(new Event('scroll'));
  };
  return { consent, capture, loadPostHog, host, tracker, scrollTo };
}

describe('route tracking', () => {
  it('records nothing, in analytics or the data layer, before consent', async () => {
    const { tracker, host, capture, loadPostHog, scrollTo } = setup();
    tracker.onRouteChangeStart();
    tracker.onRouteChangeComplete({ path: '/', title: 'Dcipher' });
    scrollTo(3000);
    await flush();
    expect(host.dataLayer).toBeUndefined();
    expect(loadPostHog).not.toHaveBeenCalled();
    expect(capture).not.toHaveBeenCalled();
  });

  it('records a pageview in analytics and the data layer on every completed route change', async () => {
    const { consent, tracker, host, capture } = setup();
    consent.set('granted');
    tracker.onRouteChangeStart();
    tracker.onRouteChangeComplete({ path: '/', title: 'Dcipher' });
    tracker.onRouteChangeStart();
    tracker.onRouteChangeComplete({ path: '/pricing', title: 'Dcipher | Pricing' });
    await flush();
    expect(host.dataLayer).toEqual([
      { event: 'pageview', page_path: '/', page_title: 'Dcipher' },
      { event: 'pageview', page_path: '/pricing', page_title: 'Dcipher | Pricing' },
    ]);
    expect(capture.mock.calls).toEqual([
      ['$pageview', { $pathname: '/', title: 'Dcipher' }],
      ['$pageview', { $pathname: '/pricing', title: 'Dcipher | Pricing' }],
    ]);
  });

  it('still pushes the data layer when analytics is off (no key)', () => {
    const { consent, tracker, host, loadPostHog } = setup({});
    consent.set('granted');
    tracker.onRouteChangeComplete({ path: '/blog', title: 'Blog' });
    expect(host.dataLayer).toEqual([{ event: 'pageview', page_path: '/blog', page_title: 'Blog' }]);
    expect(loadPostHog).not.toHaveBeenCalled();
  });

  it('reports scroll depth per page and resets it when a route change starts', async () => {
    const { consent, tracker, host, capture, scrollTo } = setup();
    consent.set('granted');
    tracker.onRouteChangeComplete({ path: '/', title: 'Dcipher' });
    scrollTo(1000);
    scrollTo(1000);
    tracker.onRouteChangeStart();
    scrollTo(3000); // between pages: not listening
    tracker.onRouteChangeComplete({ path: '/pricing', title: 'Pricing' });
    scrollTo(0);
    await flush();
    const depths = (host.dataLayer ?? []).filter(
      (entry) => (entry as { event: string }).event === 'scroll_depth',
    );
    expect(depths).toEqual([
      { event: 'scroll_depth', percent: 25, page_path: '/' },
      { event: 'scroll_depth', percent: 50, page_path: '/' },
      { event: 'scroll_depth', percent: 25, page_path: '/pricing' },
    ]);
    expect(capture).toHaveBeenCalledWith('scroll_depth', { percent: 50, page_path: '/' });
    expect(capture).toHaveBeenCalledWith('scroll_depth', { percent: 25, page_path: '/pricing' });
  });
});
