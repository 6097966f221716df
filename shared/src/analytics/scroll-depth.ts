import { scrollDepthStepPercent } from '../domain/constants.js';

// Depth is how far down the page the bottom of the viewport has been (as tag managers measure it). Nothing is
// reported until the visitor actually scrolls: a page that fits the viewport, or a visitor who only reads the
// first screen, reports no depth, so the numbers mean "scrolled at least this far". The first scroll then
// reports every step already reached, each once per page.

export const scrollDepthSteps: readonly number[] = Array.from(
  { length: Math.floor(100 / scrollDepthStepPercent) },
  (_, index) => (index + 1) * scrollDepthStepPercent,
);

export interface ScrollMetrics {
  scrollTop: number;
  viewportHeight: number;
  documentHeight: number;
}

type ScrollTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface ScrollDepthTrackerOptions {
  report(percent: number): void;
  getMetrics?: () => ScrollMetrics;
  /** Where scroll events come from: `window` in a browser. */
  target?: ScrollTarget;
  requestFrame?: (callback: () => void) => number;
  cancelFrame?: (handle: number) => void;
}

export interface ScrollDepthTracker {
  start(): void;
  stop(): void;
  /** Forgets the steps reported, for a new page. */
  reset(): void;
}

function windowMetrics(): ScrollMetrics {
  const root = document.documentElement;
  return {
    scrollTop: window.scrollY || root.scrollTop,
    viewportHeight: window.innerHeight || root.clientHeight,
    documentHeight: Math.max(root.scrollHeight, document.body?.scrollHeight ?? 0),
  };
}

// Sub-pixel layouts can leave the bottom of the viewport a fraction short of the page's end.
const roundingTolerancePixels = 1;

export function createScrollDepthTracker(options: ScrollDepthTrackerOptions): ScrollDepthTracker {
  const inBrowser = typeof window !== 'undefined';
  const target = options.target ?? (inBrowser ? window : undefined);
  const getMetrics = options.getMetrics ?? windowMetrics;
  const requestFrame =
    options.requestFrame ?? ((callback: () => void) => window.requestAnimationFrame(callback));
  const cancelFrame = options.cancelFrame ?? ((handle: number) => window.cancelAnimationFrame(handle));

  const reported = new Set<number>();
  let pendingFrame: number | undefined;
  let listening = false;

  const measure = () => {
    pendingFrame = undefined;
    const { scrollTop, viewportHeight, documentHeight } = getMetrics();
    if (documentHeight <= 0) return;
    const bottom = scrollTop + viewportHeight + roundingTolerancePixels;
    for (const step of scrollDepthSteps) {
      if (reported.has(step) || bottom < (documentHeight * step) / 100) continue;
      reported.add(step);
      options.report(step);
    }
  };

  // At most one measurement per frame, however many scroll events arrive.
  const onScroll = () => {
    if (pendingFrame === undefined) pendingFrame = requestFrame(measure);
  };

  const cancelPending = () => {
    if (pendingFrame !== undefined) cancelFrame(pendingFrame);
    pendingFrame = undefined;
  };

  return {
    start() {
      if (listening || !target) return;
      target.addEventListener('scroll', onScroll, { passive: true });
      listening = true;
    },
    stop() {
      if (!listening || !target) return;
      target.removeEventListener('scroll', onScroll);
      listening = false;
      cancelPending();
    },
    reset() {
      cancelPending();
      reported.clear();
    },
  };
}
