import type { ConsentReader } from './consent.js';

// The architecture pushes the data layer even when the analytics service is off (no key). We still wait for
// consent: this is an EU product and `window.dataLayer` exists to feed tag managers, which send what they read
// to third parties, so an entry pushed before consent would be data shared before consent.

export interface PageviewEntry {
  event: 'pageview';
  page_path: string;
  page_title: string;
}

export interface ScrollDepthEntry {
  event: 'scroll_depth';
  percent: number;
  page_path: string;
}

export type DataLayerEntry = PageviewEntry | ScrollDepthEntry;

/** The object that holds `dataLayer`: `window` in a browser. */
export interface DataLayerHost {
  dataLayer?: unknown[];
}

export interface DataLayerOptions {
  consent: ConsentReader;
  host?: DataLayerHost;
}

export interface DataLayer {
  /** Returns whether the entry was pushed (false before consent, or outside a browser). */
  pushPageview(page: { path: string; title: string }): boolean;
  pushScrollDepth(depth: { percent: number; path: string }): boolean;
}

export function createDataLayer(options: DataLayerOptions): DataLayer {
  const host =
    options.host ?? (typeof window === 'undefined' ? undefined : (window as unknown as DataLayerHost));

  const push = (entry: DataLayerEntry): boolean => {
    if (!host || !options.consent.isGranted()) return false;
    host.dataLayer ??= [];
    host.dataLayer.push(entry);
    return true;
  };

  return {
    pushPageview: ({ path, title }) => push({ event: 'pageview', page_path: path, page_title: title }),
    pushScrollDepth: ({ percent, path }) => push({ event: 'scroll_depth', percent, page_path: path }),
  };
}
