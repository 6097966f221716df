import type { ConsentReader } from './consent.js';
import { isKnownCrawler } from './crawlers.js';

// The analytics adapter: PostHog when a key is configured, nothing otherwise. posthog-js is imported only once
// there is a key and consent, so it never weighs on first-load JS. Events before consent are dropped, not queued;
// events after consent but before the library has loaded wait for it.

export type Properties = Record<string, unknown>;
export type UserState = 'anonymous' | 'identified';

/** The analytics layer's state (spec section 3). */
export interface AnalyticsState {
  distinctId: string;
  deviceId: string;
  userState: UserState;
  groups: Record<string, string>;
  sessionId: string;
  windowId: string;
}

/** The part of posthog-js this adapter uses. */
export interface PostHogLike {
  init(apiKey: string, config: Record<string, unknown>): unknown;
  capture(event: string, properties?: Properties): unknown;
  identify(distinctId: string, properties?: Properties): unknown;
  reset(): unknown;
  group(type: string, key: string, properties?: Properties): unknown;
  alias(alias: string): unknown;
  opt_in_capturing(): unknown;
  opt_out_capturing(): unknown;
  has_opted_out_capturing(): boolean;
}

export interface AnalyticsOptions {
  /** The PostHog project key; without it nothing is loaded or sent. */
  apiKey?: string;
  /** The analytics host, e.g. https://eu.i.posthog.com. */
  host: string;
  consent: ConsentReader;
  /** String property values are cut to this many characters. */
  maxStringLength?: number;
  loadPostHog?: () => Promise<PostHogLike>;
  userAgent?: string;
  createId?: () => string;
}

export interface Analytics {
  capture(event: string, properties?: Properties): void;
  pageview(path: string, title?: string): void;
  identify(distinctId: string, properties?: Properties): void;
  reset(): void;
  group(type: string, key: string, properties?: Properties): void;
  alias(alias: string): void;
  getState(): AnalyticsState;
}

export const defaultMaxStringLength = 1000;

// Spec section 8: these go to the console, and the call sends nothing.
const consoleErrors = {
  noEventName: 'No event name provided',
  noDistinctId: 'Unique user id has not been set on identify',
  incompleteGroup: 'Group requires a group type and group key',
  aliasIsDistinctId: 'Alias matches current distinct id',
} as const;

const loadPostHogModule = () =>
  import('posthog-js').then((module) => {
    // Bundlers hand over the ES module (default = the instance); Node's CommonJS interop wraps it once more.
    const exported = module.default as unknown as PostHogLike & { default?: PostHogLike };
    return exported.default ?? exported;
  });

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; a plain-http preview still gets a version 4 UUID.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function truncateStrings(value: unknown, maxLength: number): unknown {
  if (typeof value === 'string') return value.length > maxLength ? value.slice(0, maxLength) : value;
  if (Array.isArray(value)) return value.map((item) => truncateStrings(item, maxLength));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, truncateStrings(item, maxLength)]),
    );
  }
  return value;
}

export function createAnalytics(options: AnalyticsOptions): Analytics {
  const { apiKey, consent } = options;
  const maxStringLength = options.maxStringLength ?? defaultMaxStringLength;
  const createId = options.createId ?? randomId;
  const loadPostHog = options.loadPostHog ?? loadPostHogModule;
  const isCrawler = isKnownCrawler(
    options.userAgent ?? (typeof navigator === 'undefined' ? undefined : navigator.userAgent),
  );

  const deviceId = createId();
  let state: AnalyticsState = {
    distinctId: deviceId,
    deviceId,
    userState: 'anonymous',
    groups: {},
    sessionId: createId(),
    windowId: createId(),
  };

  let posthog: PostHogLike | undefined;
  let status: 'idle' | 'loading' | 'ready' | 'failed' = 'idle';
  let waiting: Array<(client: PostHogLike) => void> = [];

  const truncate = (properties: Properties | undefined) =>
    properties && (truncateStrings(properties, maxStringLength) as Properties);

  // PostHog remembers an opt-out across visits; our consent store is the one source of truth.
  function applyConsent(client: PostHogLike): void {
    const optedOut = client.has_opted_out_capturing();
    if (consent.isGranted() && optedOut) client.opt_in_capturing();
    else if (!consent.isGranted() && !optedOut) client.opt_out_capturing();
  }

  function load(): void {
    if (!apiKey || status !== 'idle' || isCrawler) return;
    status = 'loading';
    // Who the visitor became before consenting is carried over; later calls are replayed from `waiting`.
    const identifiedAs = state.userState === 'identified' ? state.distinctId : undefined;
    const groups = { ...state.groups };
    loadPostHog().then(
      (client) => {
        client.init(apiKey, {
          api_host: options.host,
          persistence: 'localStorage+cookie',
          capture_pageview: false,
          autocapture: false,
          disable_session_recording: true,
          properties_string_max_length: maxStringLength,
        });
        applyConsent(client);
        if (identifiedAs) client.identify(identifiedAs);
        for (const [type, key] of Object.entries(groups)) client.group(type, key);
        posthog = client;
        status = 'ready';
        const calls = waiting;
        waiting = [];
        for (const call of calls) call(client);
      },
      () => {
        // Blocked or failed to load (ad blockers do this): analytics stays off for this page.
        status = 'failed';
        waiting = [];
      },
    );
  }

  /** Sends through PostHog when allowed: a key, consent, not a crawler. Otherwise the call is dropped. */
  function send(call: (client: PostHogLike) => void): void {
    if (!apiKey || isCrawler || !consent.isGranted()) return;
    if (posthog) call(posthog);
    else if (status === 'loading') waiting.push(call);
  }

  consent.subscribe((choice) => {
    if (choice !== 'granted') waiting = [];
    if (posthog) applyConsent(posthog);
    else if (choice === 'granted') load();
  });
  if (consent.isGranted()) load();

  return {
    capture(event, properties) {
      if (typeof event !== 'string' || event === '') {
        console.error(consoleErrors.noEventName);
        return;
      }
      const sent = truncate(properties);
      send((client) => client.capture(event, sent));
    },
    pageview(path, title) {
      const sent = truncate({ $pathname: path, ...(title === undefined ? {} : { title }) });
      send((client) => client.capture('$pageview', sent));
    },
    identify(distinctId, properties) {
      if (typeof distinctId !== 'string' || distinctId === '') {
        console.error(consoleErrors.noDistinctId);
        return;
      }
      state = { ...state, distinctId, userState: 'identified' };
      const sent = truncate(properties);
      send((client) => client.identify(distinctId, sent));
    },
    reset() {
      // Like PostHog's reset: a new anonymous identity and session on the same device.
      state = {
        ...state,
        distinctId: createId(),
        userState: 'anonymous',
        groups: {},
        sessionId: createId(),
        windowId: createId(),
      };
      send((client) => client.reset());
    },
    group(type, key, properties) {
      if (typeof type !== 'string' || !type || typeof key !== 'string' || !key) {
        console.error(consoleErrors.incompleteGroup);
        return;
      }
      state = { ...state, groups: { ...state.groups, [type]: key } };
      const sent = truncate(properties);
      send((client) => client.group(type, key, sent));
    },
    alias(alias) {
      if (alias === state.distinctId) {
        console.error(consoleErrors.aliasIsDistinctId);
        return;
      }
      send((client) => client.alias(alias));
    },
    getState: () => ({ ...state, groups: { ...state.groups } }),
  };
}
