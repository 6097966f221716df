import { createAffiliateTracking } from './affiliate.js';
import { createConsentStore } from './consent.js';

function setup(enabled: boolean, vendor?: Record<string, unknown>) {
  const consent = createConsentStore({ storage: { getItem: () => null, setItem: () => {} } });
  const host: Record<string, unknown> = {};
  const loadScript = jest.fn(async () => {
    if (vendor) host.affiliateVendor = vendor;
  });
  const affiliate = createAffiliateTracking({
    enabled,
    scriptUrl: 'https://affiliate.example/track.js',
    globalName: 'affiliateVendor',
    consent,
    loadScript,
    host,
  });
  return { consent, loadScript, affiliate };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function vendor() {
  return {
    trackClick: jest.fn(),
    trackEmailToClickLink: jest.fn(),
    trackFreeTrialConversion: jest.fn(),
    trackLeadConversion: jest.fn(),
  };
}

describe('affiliate tracking', () => {
  it('never loads the script when the affiliate setting is off', () => {
    const { consent, loadScript } = setup(false);
    consent.set('granted');
    expect(loadScript).not.toHaveBeenCalled();
  });

  it('loads the script once, only after consent, when the setting is on', () => {
    const { consent, loadScript } = setup(true);
    expect(loadScript).not.toHaveBeenCalled();
    consent.set('denied');
    expect(loadScript).not.toHaveBeenCalled();
    consent.set('granted');
    consent.set('denied');
    consent.set('granted');
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(loadScript).toHaveBeenCalledWith('https://affiliate.example/track.js');
  });

  it('forwards click, email-to-click link, free-trial and lead conversions to the script', async () => {
    const script = vendor();
    const { consent, affiliate } = setup(true, script);
    consent.set('granted');
    await flush();
    affiliate.trackClick();
    affiliate.trackEmailToClickLink('ada@example.com');
    affiliate.trackFreeTrialConversion('ada@example.com');
    affiliate.trackLeadConversion('lead@example.com');
    expect(script.trackClick).toHaveBeenCalledTimes(1);
    expect(script.trackEmailToClickLink).toHaveBeenCalledWith('ada@example.com');
    expect(script.trackFreeTrialConversion).toHaveBeenCalledWith('ada@example.com');
    expect(script.trackLeadConversion).toHaveBeenCalledWith('lead@example.com');
  });

  it('is a quiet no-op without the script, without consent, or when the script throws', async () => {
    const missing = setup(true);
    missing.consent.set('granted');
    await flush();
    expect(() => missing.affiliate.trackLeadConversion('a@example.com')).not.toThrow();

    const script = vendor();
    script.trackClick.mockImplementation(() => {
      throw new Error('vendor bug');
    });
    const throwing = setup(true, script);
    throwing.consent.set('granted');
    await flush();
    expect(() => throwing.affiliate.trackClick()).not.toThrow();
    throwing.consent.set('denied');
    throwing.affiliate.trackLeadConversion('a@example.com');
    expect(script.trackLeadConversion).not.toHaveBeenCalled();

    const failing = createAffiliateTracking({
      enabled: true,
      scriptUrl: 'https://affiliate.example/track.js',
      globalName: 'affiliateVendor',
      consent: createConsentStore({ storage: { getItem: () => 'granted', setItem: () => {} } }),
      loadScript: () => Promise.reject(new Error('blocked')),
      host: {},
    });
    await flush();
    expect(() => failing.trackClick()).not.toThrow();
  });
});
