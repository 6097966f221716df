export {
  type AffiliateTracker,
  type AffiliateTrackingOptions,
  createAffiliateTracking,
} from './affiliate.js';
export {
  type Analytics,
  type AnalyticsOptions,
  type AnalyticsState,
  createAnalytics,
  defaultMaxStringLength,
  type PostHogLike,
  type Properties,
  type UserState,
} from './analytics.js';
export {
  type ConsentChoice,
  type ConsentReader,
  type ConsentState,
  type ConsentStore,
  type ConsentStoreOptions,
  consentStorageKey,
  createConsentStore,
} from './consent.js';
export {
  createDataLayer,
  type DataLayer,
  type DataLayerEntry,
  type DataLayerHost,
  type DataLayerOptions,
} from './data-layer.js';
export {
  type CompletedRoute,
  createRouteTracker,
  type RouteTracker,
  type RouteTrackerOptions,
} from './route-tracking.js';
export {
  createScrollDepthTracker,
  type ScrollDepthTracker,
  type ScrollDepthTrackerOptions,
  type ScrollMetrics,
  scrollDepthSteps,
} from './scroll-depth.js';
