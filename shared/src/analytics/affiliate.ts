import { type ConsentReader, onceGranted } from './consent.js';

// The affiliate-tracking script (spec section 2) loads only when the affiliate setting is enabled and the visitor
// has consented. The vendor is configuration: its script must expose, under `globalName`, an object with the
// four methods below (a vendor with another API gets a small shim script). Every call is a no-op until then,
// and a failing vendor call never breaks the page that made it.

export interface AffiliateTracker {
  trackClick(): void;
  trackEmailToClickLink(email: string): void;
  trackFreeTrialConversion(email: string): void;
  trackLeadConversion(email: string): void;
}

export interface AffiliateTrackingOptions {
  enabled: boolean;
  scriptUrl: string;
  /** The global the script defines, read as `host[globalName]`. */
  globalName: string;
  consent: ConsentReader;
  loadScript?: (url: string) => Promise<void>;
  /** The object holding the script's global: `window` in a browser. */
  host?: Record<string, unknown>;
}

function appendScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${url}`));
    document.head.appendChild(script);
  });
}

export function createAffiliateTracking(options: AffiliateTrackingOptions): AffiliateTracker {
  const host =
    options.host ??
    (typeof window === 'undefined' ? undefined : (window as unknown as Record<string, unknown>));
  const loadScript = options.loadScript ?? appendScript;
  const active = options.enabled && !!options.scriptUrl && !!host;

  if (active) {
    onceGranted(options.consent, () => {
      loadScript(options.scriptUrl).catch(() => {
        // Blocked or unreachable: the calls below stay no-ops.
      });
    });
  }

  const forward = <K extends keyof AffiliateTracker>(method: K, ...args: Parameters<AffiliateTracker[K]>) => {
    if (!active || !options.consent.isGranted()) return;
    const tracker = host?.[options.globalName] as
      | Partial<Record<K, (...values: unknown[]) => void>>
      | undefined;
    const call = tracker?.[method];
    if (typeof call !== 'function') return;
    try {
      call.apply(tracker, args);
    } catch {
      // A third-party failure must not break sign-up or checkout.
    }
  };

  return {
    trackClick: () => forward('trackClick'),
    trackEmailToClickLink: (email) => forward('trackEmailToClickLink', email),
    trackFreeTrialConversion: (email) => forward('trackFreeTrialConversion', email),
    trackLeadConversion: (email) => forward('trackLeadConversion', email),
  };
}
