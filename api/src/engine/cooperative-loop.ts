import { setImmediate as nextTurn } from 'node:timers/promises';
import { AnalysisAbortedError } from './analysis-executor.js';

/** How long the engine works before it lets the process answer others (requests, timers, an abort). */
const sliceMilliseconds = 20;

export interface LoopOptions {
  signal?: AbortSignal | undefined;
  /** Told how many items are done, at most once per slice and once at the end. */
  onAdvance?: ((done: number) => void) | undefined;
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AnalysisAbortedError(signal.reason);
}

/**
 * `work` over every item, in order, in slices of about 20 ms: the engine runs inside the API process (and the
 * worker), so it must not hold the event loop for seconds, and an abort sent meanwhile must reach it. The signal
 * is checked before each item.
 */
export async function mapCooperatively<Item, Output>(
  items: readonly Item[],
  work: (item: Item, index: number) => Output,
  options: LoopOptions = {},
): Promise<Output[]> {
  const outputs: Output[] = new Array(items.length);
  let sliceStarted = performance.now();
  for (let index = 0; index < items.length; index += 1) {
    throwIfAborted(options.signal);
    outputs[index] = work(items[index]!, index);
    if (performance.now() - sliceStarted >= sliceMilliseconds) {
      options.onAdvance?.(index + 1);
      await nextTurn();
      sliceStarted = performance.now();
    }
  }
  throwIfAborted(options.signal);
  options.onAdvance?.(items.length);
  return outputs;
}
