import { createConsentStore } from './consent.js';
import { createDataLayer, type DataLayerHost } from './data-layer.js';

const memoryStorage = () => ({ getItem: () => null, setItem: () => {} });

describe('data layer', () => {
  it('pushes nothing, and creates no dataLayer, before consent', () => {
    const host: DataLayerHost = {};
    const consent = createConsentStore({ storage: memoryStorage() });
    const dataLayer = createDataLayer({ consent, host });
    expect(dataLayer.pushPageview({ path: '/pricing', title: 'Pricing' })).toBe(false);
    consent.set('denied');
    expect(dataLayer.pushScrollDepth({ percent: 25, path: '/pricing' })).toBe(false);
    expect(host.dataLayer).toBeUndefined();
  });

  it('creates window.dataLayer when missing and pushes pageview and scroll depth entries after consent', () => {
    const host: DataLayerHost = {};
    const consent = createConsentStore({ storage: memoryStorage() });
    consent.set('granted');
    const dataLayer = createDataLayer({ consent, host });
    dataLayer.pushPageview({ path: '/pricing', title: 'Dcipher | Pricing' });
    dataLayer.pushScrollDepth({ percent: 50, path: '/pricing' });
    expect(host.dataLayer).toEqual([
      { event: 'pageview', page_path: '/pricing', page_title: 'Dcipher | Pricing' },
      { event: 'scroll_depth', percent: 50, page_path: '/pricing' },
    ]);
  });

  it('appends to a dataLayer a tag manager already created', () => {
    const existing = [{ 'gtm.start': 1 }];
    const host: DataLayerHost = { dataLayer: existing };
    const consent = createConsentStore({ storage: memoryStorage() });
    consent.set('granted');
    createDataLayer({ consent, host }).pushPageview({ path: '/', title: 'Dcipher' });
    expect(host.dataLayer).toBe(existing);
    expect(existing).toHaveLength(2);
  });
});
