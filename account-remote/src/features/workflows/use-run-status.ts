import { authenticatedApi } from '@dcipher/shared/auth';
import type { FlowRun, RunInsights } from '@dcipher/shared/contract/flows';
import * as flows from '@dcipher/shared/contract/flows';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../kit/use-api-load';
import { isUnderway } from './workflow-words';

export type RunStatus =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'loaded'; run: FlowRun; insights: RunInsights | null }
  | { state: 'failed'; message: string };

/** How often a run still pending or running is asked about. */
export const statusPollMs = 1000;

/**
 * Where one run stands (`GET /flows/{flowId}/status?taskId`), asked again every second while it is pending or
 * running, and no more once it has ended or the screen is left. `onEnded` is called with the run once it has ended.
 */
export function useRunStatus(flowId: string, taskId: string | undefined, onEnded: (run: FlowRun) => void) {
  const [status, setStatus] = useState<RunStatus>({ state: taskId ? 'loading' : 'none' });
  const [attempt, setAttempt] = useState(0);
  const onEndedRef = useRef(onEnded);
  onEndedRef.current = onEnded;

  useEffect(() => {
    if (!taskId) {
      setStatus({ state: 'none' });
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setStatus((current) =>
      current.state === 'loaded' && current.run.taskId === taskId ? current : { state: 'loading' },
    );
    const ask = async () => {
      try {
        const answer = await authenticatedApi().call(flows.getFlowStatus, {
          params: { flowId },
          query: { taskId },
        });
        if (stopped) return;
        setStatus({ state: 'loaded', run: answer.run, insights: answer.insights });
        if (isUnderway(answer.run.state)) timer = setTimeout(() => void ask(), statusPollMs);
        else onEndedRef.current(answer.run);
      } catch (error) {
        if (!stopped) setStatus({ state: 'failed', message: messageOf(error) });
      }
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [flowId, taskId, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { status, retry };
}
