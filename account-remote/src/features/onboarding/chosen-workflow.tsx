import type { PredefinedWorkflow } from '@dcipher/shared/domain';
import { chosenWorkflowNoticeHeight, chosenWorkflowPendingAttribute } from '@dcipher/shared/federation';
import { theme } from '@dcipher/shared/ui';
import type { ReactNode } from 'react';
import { HeldNoticeSlot, heldNoticeStyle } from './held-notice-slot';

/** Where sign-up's first step names the chosen workflow, its space held from the first paint (decision 0127). */
export function ChosenWorkflowSlot({ children }: { children: ReactNode }) {
  return (
    <HeldNoticeSlot
      kind="workflow"
      attribute={chosenWorkflowPendingAttribute}
      heights={chosenWorkflowNoticeHeight}
    >
      {children}
    </HeldNoticeSlot>
  );
}

/** The workflow chosen in the workflow store, said on both steps of sign-up with what happens to it. */
export function ChosenWorkflow({ workflow }: { workflow: PredefinedWorkflow }) {
  return (
    <section aria-label="Your workflow" css={heldNoticeStyle(chosenWorkflowNoticeHeight)}>
      <p css={{ margin: 0 }}>
        <strong>You are signing up to try {workflow.name}.</strong>
      </p>
      <p css={{ margin: '0.35rem 0 0', color: theme.colors.muted }}>
        {/* Words of one length for every workflow: the space held for them before the form is live fits all. */}
        Once you confirm your email, it runs on its sample and opens with its result.
      </p>
    </section>
  );
}
