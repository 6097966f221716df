import { createScrollDepthTracker, type ScrollMetrics, scrollDepthSteps } from './scroll-depth.js';

function setup(documentHeight = 4000, viewportHeight = 1000) {
  const target = new EventTarget();
  const frames: Array<() => void> = [];
  const metrics: ScrollMetrics = { scrollTop: 0, viewportHeight, documentHeight };
  const reported: number[] = [];
  const tracker = createScrollDepthTracker({
    report: (percent) => reported.push(percent),
    getMetrics: () => metrics,
    target,
    requestFrame: (callback) => frames.push(callback),
    cancelFrame: (handle) => {
      frames[handle - 1] = () => {};
    },
  });
  const scrollTo = (scrollTop: number) => {
    metrics.scrollTop = scrollTop;
    target.dispatchEvent(new Event('scroll'));
    for (const frame of frames.splice(0)) frame();
  };
  return { tracker, target, frames, reported, scrollTo };
}

describe('scroll depth', () => {
  it('reports in 25% steps', () => {
    expect(scrollDepthSteps).toEqual([25, 50, 75, 100]);
  });

  it('reports 25, 50, 75 and 100 once each as the visitor scrolls down', () => {
    const { tracker, reported, scrollTo } = setup();
    tracker.start();
    scrollTo(0); // the viewport bottom is at 25% of the page
    expect(reported).toEqual([25]);
    scrollTo(1000);
    scrollTo(900);
    scrollTo(1000);
    expect(reported).toEqual([25, 50]);
    scrollTo(3000);
    expect(reported).toEqual([25, 50, 75, 100]);
    scrollTo(0);
    scrollTo(3000);
    expect(reported).toEqual([25, 50, 75, 100]);
  });

  it('counts the bottom of the page as 100 despite sub-pixel rounding', () => {
    const { tracker, reported, scrollTo } = setup(4000.5);
    tracker.start();
    scrollTo(3000);
    expect(reported).toEqual([25, 50, 75, 100]);
  });

  it('reports nothing before the visitor scrolls, even on a page that fits the viewport', () => {
    const { tracker, reported, frames } = setup(800, 1000);
    tracker.start();
    expect(frames).toHaveLength(0);
    expect(reported).toEqual([]);
  });

  it('measures at most once per animation frame', () => {
    const { tracker, target, frames } = setup();
    tracker.start();
    for (let index = 0; index < 10; index += 1) target.dispatchEvent(new Event('scroll'));
    expect(frames).toHaveLength(1);
  });

  it('reports the steps again after a reset (a new page)', () => {
    const { tracker, reported, scrollTo } = setup();
    tracker.start();
    scrollTo(1000);
    tracker.reset();
    scrollTo(1000);
    expect(reported).toEqual([25, 50, 25, 50]);
  });

  it('stops listening on stop, and a reset drops a measurement already scheduled', () => {
    const { tracker, target, reported, frames, scrollTo } = setup();
    tracker.start();
    tracker.start();
    target.dispatchEvent(new Event('scroll'));
    tracker.reset();
    for (const frame of frames.splice(0)) frame();
    expect(reported).toEqual([]);
    tracker.stop();
    scrollTo(3000);
    expect(reported).toEqual([]);
  });

  it('listens passively', () => {
    const target = { addEventListener: jest.fn(), removeEventListener: jest.fn() };
    createScrollDepthTracker({ report: () => {}, target, getMetrics: jest.fn() }).start();
    expect(target.addEventListener).toHaveBeenCalledWith('scroll', expect.any(Function), { passive: true });
  });
});
