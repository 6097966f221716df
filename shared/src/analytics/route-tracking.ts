import type { Analytics } from './analytics.js';
import type { DataLayer } from './data-layer.js';
import { createScrollDepthTracker, type ScrollDepthTrackerOptions } from './scroll-depth.js';

// The app shell's analytics (spec section 2), free of any framework: Gatsby's onPreRouteUpdate calls
// onRouteChangeStart and onRouteUpdate calls onRouteChangeComplete (both also run for the first page).

export interface RouteTrackerOptions {
  analytics: Pick<Analytics, 'pageview' | 'capture'>;
  dataLayer: Pick<DataLayer, 'pushPageview' | 'pushScrollDepth'>;
  scrollDepth?: Omit<ScrollDepthTrackerOptions, 'report'>;
}

export interface CompletedRoute {
  path: string;
  /** Defaults to the document's title. */
  title?: string;
}

export interface RouteTracker {
  onRouteChangeStart(): void;
  onRouteChangeComplete(route: CompletedRoute): void;
  /** Stops listening to scrolling, e.g. when the shell unmounts. */
  stop(): void;
}

export function createRouteTracker(options: RouteTrackerOptions): RouteTracker {
  const { analytics, dataLayer } = options;
  let currentPath: string | undefined;

  const scrollDepth = createScrollDepthTracker({
    ...options.scrollDepth,
    report(percent) {
      if (currentPath === undefined) return;
      dataLayer.pushScrollDepth({ percent, path: currentPath });
      analytics.capture('scroll_depth', { percent, page_path: currentPath });
    },
  });

  return {
    onRouteChangeStart() {
      scrollDepth.stop();
      scrollDepth.reset();
    },
    onRouteChangeComplete({ path, title }) {
      const pageTitle = title ?? (typeof document === 'undefined' ? '' : document.title);
      currentPath = path;
      analytics.pageview(path, pageTitle);
      dataLayer.pushPageview({ path, title: pageTitle });
      // A route can complete without a start (the first page): depth is per page either way.
      scrollDepth.reset();
      scrollDepth.start();
    },
    stop() {
      scrollDepth.stop();
    },
  };
}
