import type { Queryable } from '../../db/database.js';

/** A run as it ended, told to the modules listening (what a listener may rely on, whatever flows stores). */
export interface EndedRun {
  id: string;
  flowId: string;
  flowName: string;
  organizationId: string;
  number: number;
  state: 'JobDone' | 'JobError' | 'JobCancelled';
  documentsAnalysed: number | null;
  creditsCharged: number | null;
  /** The catalogued reason of a failed run (issue 32), never an exception's text. */
  error: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/**
 * Called in the transaction that ends the run, once per run (the transaction only ends a run still pending or
 * running, with its row locked): what a listener writes with `transaction` is committed with the run's end or not
 * at all. A listener that throws rolls the run's end back, so it must only record (an event, a job), never call
 * out.
 */
export type RunEndedListener = (transaction: Queryable, run: EndedRun) => Promise<void>;

/**
 * The registration through which modules above flows hear that a run ended (docs/decisions/0110, 0111): webhooks
 * registers in its plugin; flows imports none of them.
 */
export function createRunEndedListeners() {
  const listeners: RunEndedListener[] = [];
  return {
    /** Adds a listener; a module registers at start, in its plugin's `provide`. */
    add(listener: RunEndedListener): void {
      listeners.push(listener);
    },
    get any(): boolean {
      return listeners.length > 0;
    },
    async tell(transaction: Queryable, run: EndedRun): Promise<void> {
      for (const listener of listeners) await listener(transaction, run);
    },
  };
}
export type RunEndedListeners = ReturnType<typeof createRunEndedListeners>;
